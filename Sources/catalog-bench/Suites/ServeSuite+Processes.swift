import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server running as a child process, stopped with SIGTERM by ``stop()`` (which waits for it to exit).
final class ServerProcess {
    let process: Process
    let port: Int

    /// Starts `arguments` and waits until it accepts connections on `port` (given), or reads the port from the
    /// first line of its standard output (`listening on http://127.0.0.1:PORT`).
    init(_ arguments: [String], port given: Int? = nil, label: String) throws {
        let process = Process()
        process.executableURL = URL(filePath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        process.standardOutput = given == nil ? output : FileHandle.nullDevice
        // The access log (one line per request) and Datasette's log: unread, they would fill a pipe.
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            port =
                try given.map { try Self.waitForConnections(process, port: $0, label: label) }
                ?? Self.readPort(process, from: output, label: label)
        } catch {
            Self.terminate(process)
            throw error
        }
        self.process = process
    }

    private static func waitForConnections(_ process: Process, port: Int, label: String) throws -> Int {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if let probe = try? HTTPExchange(port: port) {
                probe.close()
                return port
            }
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw BenchmarkError("\(label) did not accept connections on port \(port) within 60 s")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private static func readPort(_ process: Process, from output: Pipe, label: String) throws -> Int {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkError("\(label) exited before printing its address") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let first = text.split(separator: "\n").first, let colon = first.lastIndex(of: ":"),
            let port = Int(first[first.index(after: colon)...])
        else { throw BenchmarkError("\(label) printed '\(text)', not 'listening on http://HOST:PORT'") }
        return port
    }

    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The process's resident set (VmRSS) in MB.
    var residentMegabytes: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 * 1024 / 1e6 } ?? 0
    }

    /// Sends SIGTERM and waits for the process to exit.
    func stop() { Self.terminate(process) }

    /// A port no one listens on now (the kernel's pick for a socket bound to port 0, closed again).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = HTTPExchange.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw BenchmarkError("cannot pick a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// One HTTP/1.1 request on a connection of its own to 127.0.0.1, answered with `Connection: close`, so the
/// answer ends where the stream does.
struct HTTPExchange: Sendable {
    let descriptor: Int32

    struct Answer: Sendable {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// Connects to 127.0.0.1:`port` from `source` (any 127.x.y.z is this machine: several clients, each an
    /// address of its own).
    init(port: Int, from source: String = "127.0.0.1") throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkError("cannot open a socket: errno \(errno)") }
        /// Calls `call` (bind or connect) with the socket and `host`:`port`, closing the socket when it fails.
        func address(
            _ host: String, _ port: Int, _ what: String, _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
        ) throws {
            var address = Self.loopback(port: port, host: host)
            let done = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    call(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard done else {
                let error = errno
                Glibc.close(descriptor)
                throw BenchmarkError("cannot \(what) \(host):\(port): errno \(error)")
            }
        }
        try address(source, 0, "bind to", bind)
        try address("127.0.0.1", port, "connect to", connect)
        self.descriptor = descriptor
    }

    static func loopback(port: Int, host: String = "127.0.0.1") -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// Sends `text` as it is; `false` when the server closed the connection.
    func sendRaw(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return written == bytes.count
    }

    /// Sends `method path` with `headers` and `body`.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") throws {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw BenchmarkError("cannot send \(method) \(path): errno \(errno)") }
            sent += written
        }
    }

    /// Whether the answer has begun to arrive (without waiting).
    var hasAnswer: Bool {
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptors, 1, 0) > 0
    }

    /// Reads the answer to the end of the stream, then closes the connection.
    func receive() throws -> Answer {
        defer { close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw BenchmarkError("cannot read an answer: errno \(errno)") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw BenchmarkError("no HTTP answer: '\(text)'") }
        let lines = text[..<split.lowerBound].split(separator: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// Closes the connection without reading.
    func close() { _ = Glibc.close(descriptor) }

    /// One request, its whole answer.
    static func request(
        port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String = ""
    ) throws -> Answer {
        let exchange = try HTTPExchange(port: port)
        try exchange.send(method, path, headers: headers, body: body)
        return try exchange.receive()
    }
}

/// A `wrk` run's figures: requests per second, latency median and p99 (`--latency`), and how many answers were
/// not 2xx or 3xx.
struct WrkResult {
    let requestsPerSecond: Double
    let median: Double
    let p99: Double
    let mean: Double
    let requests: Int
    let failures: Int
}

extension WrkResult {
    /// Parses wrk's report.
    init(_ text: String) throws {
        func seconds(_ token: Substring?) -> Double? {
            guard let token else { return nil }
            for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0), ("m", 60.0)] where token.hasSuffix(unit) {
                return Double(token.dropLast(unit.count)).map { $0 * scale }
            }
            return nil
        }
        var values: [String: Double] = [:]
        var requests = 0
        var failures = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            switch fields.first ?? "" {
            case "Latency" where fields.count > 2: values["mean"] = seconds(fields.dropFirst().first)
            case "50%": values["median"] = seconds(fields.last)
            case "99%": values["p99"] = seconds(fields.last)
            case "Requests/sec:": values["rate"] = fields.last.flatMap { Double($0) }
            case "Non-2xx": failures = fields.last.flatMap { Int($0) } ?? 0
            default:
                if fields.count > 2 && fields[1] == "requests" { requests = Int(fields[0]) ?? 0 }
            }
        }
        guard let rate = values["rate"], let median = values["median"], let p99 = values["p99"],
            let mean = values["mean"]
        else { throw BenchmarkError("cannot read wrk's report:\n\(text)") }
        self.init(
            requestsPerSecond: rate, median: median, p99: p99, mean: mean, requests: requests, failures: failures)
    }

    /// Two runs at once against two servers as one: their requests/s, requests and failures added; the slower of
    /// the two medians and p99s (percentiles of two runs do not combine exactly); the mean weighted by requests.
    func combined(with other: WrkResult) -> WrkResult {
        let requests = self.requests + other.requests
        let mean =
            requests == 0
            ? max(self.mean, other.mean)
            : (self.mean * Double(self.requests) + other.mean * Double(other.requests)) / Double(requests)
        return WrkResult(
            requestsPerSecond: requestsPerSecond + other.requestsPerSecond, median: max(median, other.median),
            p99: max(p99, other.p99), mean: mean, requests: requests, failures: failures + other.failures)
    }
}

/// Runs `arguments` to completion; its exit status and standard output (standard error discarded).
func captureOutput(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(filePath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A new `nav` token of `user` (added when absent) on the catalog at `database`, made by the `catalog` program.
func navigationToken(catalog: String, database: String, user: String) throws -> String {
    try navigationToken(catalog: catalog, database: ["--db", database], user: user)
}

/// A new token of `user` (added when absent) of `scope` (`nav` unless given) in the database `database` names
/// (`--db PATH` or `--database URL`), made by the `catalog` program.
func navigationToken(catalog: String, database: [String], user: String, scope: String = "nav") throws -> String {
    // A kept database keeps its user from an earlier run: adding it again fails, harmlessly.
    _ = try captureOutput([catalog] + database + ["users", "add", user])
    let created = try captureOutput([catalog] + database + ["tokens", "create", "--user", user, "--scope", scope])
    guard created.status == 0, let token = created.output.split(separator: "\n").first.map(String.init) else {
        throw BenchmarkError("catalog tokens create exited with status \(created.status)")
    }
    return token
}

/// A value handed from the thread that produced it (an answer read, a page that rendered) to the one waiting for it.
final class Handoff<Value>: @unchecked Sendable {
    // Invariant: `value` is only read or written while `condition` is locked.
    private let condition = NSCondition()
    private var value: Value?

    func put(_ value: Value) {
        condition.withLock {
            self.value = value
            condition.broadcast()
        }
    }

    /// Waits until a value is put, and returns it.
    func take() -> Value {
        condition.withLock {
            while true {
                if let value { return value }
                condition.wait()
            }
        }
    }
}

extension ServerProcess {
    /// `catalog serve` on the SQLite catalog at `database`, on a port the system picks, without a rate limit: one
    /// token sends every request of a load.
    static func unlimited(_ catalog: String, database: String) throws -> ServerProcess {
        try ServerProcess(
            [catalog, "--db", database, "serve", "--listen", "127.0.0.1:0", "--rate-limit", "0"], label: "catalog serve"
        )
    }
}
