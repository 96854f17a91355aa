public import Foundation
import Testing

/// A throwaway PostgreSQL cluster for tests: `initdb` into a temporary directory, `postgres` on a free port of
/// 127.0.0.1 with its socket in that directory and `fsync=off`, stopped by its pid (SIGINT, then a wait) and its
/// directory deleted by ``stop()`` or when the handle goes.
///
/// `initdb` refuses to run as root, so as root the cluster's programs run as the `postgres` user (`setpriv`) and
/// the directory is given to it. Local (socket) connections are trusted; TCP connections need the superuser's
/// password, which ``uri(database:)`` carries.
///
/// Cluster starts are few: ``shared()`` is one cluster per test process, stopped when it exits; each test makes
/// its own database in it with ``createDatabase(_:)``.
public final class PostgresCluster: @unchecked Sendable {
    // Mutated only by `stop()`, which the owner calls once (or deinit does).
    public let port: Int
    /// The directory holding the socket (and the data directory, `data`).
    public let directory: URL
    /// The superuser's password (the cluster is local to the test and gone with it).
    public let password: String
    private let server: ChildProcess
    private let binaries: String
    private var stopped = false

    private init(directory: URL, port: Int, password: String, server: ChildProcess, binaries: String) {
        self.directory = directory
        self.port = port
        self.password = password
        self.server = server
        self.binaries = binaries
    }

    deinit { stop() }

    /// The directory of the PostgreSQL programs: `CATALOG_POSTGRESQL_BIN`, else the newest
    /// `/usr/lib/postgresql/*/bin` (Debian's layout) holding `initdb`; `nil` when there is none.
    public static var binariesDirectory: String? {
        if let configured = ProcessInfo.processInfo.environment["CATALOG_POSTGRESQL_BIN"] { return configured }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    /// The cluster of this test process, started by the first caller and stopped when the process exits.
    ///
    /// - Throws: cancels the calling test (it shows as skipped, with the reason) when PostgreSQL is not installed.
    public static func shared() throws -> PostgresCluster {
        let binaries = try requireBinaries()
        return try sharedCluster.withLock { cluster in
            if let cluster { return cluster }
            let started = try start(binaries: binaries)
            cluster = started
            atexit { PostgresCluster.sharedCluster.withLock { $0?.stop() } }
            return started
        }
    }

    private static let sharedCluster = Locked<PostgresCluster?>(nil)

    private static func requireBinaries() throws -> String {
        guard let binaries = binariesDirectory else {
            let reason =
                "PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql) and "
                + "CATALOG_POSTGRESQL_BIN is not set"
            try Test.cancel("\(reason)")
        }
        return binaries
    }

    /// Starts a new cluster of its own (``stop()`` it, or let the handle go).
    public static func start() throws -> PostgresCluster {
        try start(binaries: requireBinaries())
    }

    private static func start(binaries: String) throws -> PostgresCluster {
        let directory = try ownedDirectory("postgres")
        let password = UUID().uuidString
        let passwordFile = directory.appending(path: "password").path
        try Data(password.utf8).write(to: URL(fileURLWithPath: passwordFile))
        try giveToServerUser(passwordFile)
        let data = directory.appending(path: "data").path
        let initdb = try runAsServerUser(
            "\(binaries)/initdb",
            [
                "-D", data, "-U", "postgres", "--pwfile", passwordFile, "--auth-local=trust",
                "--auth-host=scram-sha-256", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync",
            ])
        guard initdb.status == 0 else {
            throw ClusterError("initdb failed (\(initdb.status)): \(initdb.standardError)")
        }
        try FileManager.default.removeItem(atPath: passwordFile)
        return try startServer(binaries: binaries, directory: directory, password: password)
    }

    /// Starts `postgres` on the data directory of `directory` on a free port and waits until it accepts
    /// connections; retries on another port when the one picked was taken meanwhile.
    private static func startServer(binaries: String, directory: URL, password: String) throws -> PostgresCluster {
        var lastLog = ""
        for _ in 0..<3 {
            let port = try freePort()
            let server = try TestSupport.start(
                serverUserCommand("\(binaries)/postgres")[0],
                serverUserCommand("\(binaries)/postgres").dropFirst() + [
                    "-D", directory.appending(path: "data").path, "-p", String(port), "-k", directory.path,
                    "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off",
                ])
            let cluster = PostgresCluster(
                directory: directory, port: port, password: password, server: server, binaries: binaries)
            if try cluster.waitUntilReady() { return cluster }
            lastLog = server.wait().standardError
            cluster.stopped = true
        }
        throw ClusterError("postgres did not start: \(lastLog)")
    }

    /// Polls `pg_isready` until the server accepts connections (true) or its process ended (false).
    private func waitUntilReady() throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while server.process.isRunning && ContinuousClock.now < deadline {
            let ready = try TestSupport.run(
                "\(binaries)/pg_isready", ["-q", "-h", directory.path, "-p", String(port), "-U", "postgres"])
            if ready.status == 0 { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        if server.process.isRunning { throw ClusterError("postgres on port \(port) was not ready after 120 s") }
        return false
    }

    /// The URI of `database` over TCP with the superuser's password.
    public func uri(database: String = "postgres") -> String {
        "postgres://postgres:\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates a new, empty database and returns its URI: UTF-8 with the cluster's locale (C.UTF-8), or with
    /// `encoding` and `locale` (e.g. `SQL_ASCII` and `C`) from `template0`.
    public func createDatabase(_ label: String = "test", encoding: String? = nil, locale: String? = nil) throws
        -> String
    {
        let name = "\(label)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))"
        var options: [String] = []
        if let encoding { options.append("--encoding=\(encoding)") }
        if let locale { options.append("--locale=\(locale)") }
        // template1 has the cluster's encoding and locale; only template0 may be copied with others.
        if !options.isEmpty { options.append("--template=template0") }
        let created = try TestSupport.run(
            "\(binaries)/createdb", ["-h", directory.path, "-p", String(port), "-U", "postgres"] + options + [name])
        guard created.status == 0 else { throw ClusterError("createdb \(name) failed: \(created.standardError)") }
        return uri(database: name)
    }

    /// Starts a streaming replica of this cluster (`pg_basebackup -R` into a directory of its own, `postgres` on
    /// another port), read-only, following every commit of this one.
    public func startReplica() throws -> PostgresCluster {
        let replica = try Self.ownedDirectory("postgres-replica")
        let backup = try Self.runAsServerUser(
            "\(binaries)/pg_basebackup",
            [
                "-D", replica.appending(path: "data").path, "-R", "-X", "stream", "-h", directory.path, "-p",
                String(port), "-U", "postgres", "--no-sync", "--checkpoint=fast",
            ])
        guard backup.status == 0 else { throw ClusterError("pg_basebackup failed: \(backup.standardError)") }
        return try Self.startServer(binaries: binaries, directory: replica, password: password)
    }

    /// Stops the server (SIGINT: PostgreSQL's fast shutdown, which ends every session), waits for it, and deletes
    /// the directory. Calling it again does nothing.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        server.send(SIGINT)
        _ = server.wait()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A temporary directory the server user owns (as root: `postgres`), holding the socket and the data.
    private static func ownedDirectory(_ label: String) throws -> URL {
        let directory = try TestSupport.temporaryDirectory(label)
        try giveToServerUser(directory.path)
        return directory
    }

    private static func giveToServerUser(_ path: String) throws {
        guard getuid() == 0 else { return }
        guard let user = getpwnam("postgres") else {
            throw ClusterError("running as root, PostgreSQL needs the postgres user to run as, and there is none")
        }
        guard chown(path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw ClusterError("chown \(path) to postgres failed (errno \(errno))")
        }
    }

    /// `executable` as a command line run as the server user: through `setpriv` when this process is root
    /// (`initdb` and `postgres` refuse root), as it is otherwise.
    private static func serverUserCommand(_ executable: String) -> [String] {
        guard getuid() == 0 else { return [executable] }
        return ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", executable]
    }

    private static func runAsServerUser(_ executable: String, _ arguments: [String]) throws
        -> TestSupport.ProcessResult
    {
        let command = serverUserCommand(executable)
        return try TestSupport.run(command[0], Array(command.dropFirst()) + arguments)
    }

    /// A TCP port of 127.0.0.1 free right now: bound to port 0, read back, released.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClusterError("socket() failed (errno \(errno))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else { throw ClusterError("binding a free port failed (errno \(errno))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A cluster could not be set up; the message says which step failed and what PostgreSQL said.
    public struct ClusterError: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}

/// A value behind a lock.
private final class Locked<Value>: @unchecked Sendable {
    // Guarded by `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
