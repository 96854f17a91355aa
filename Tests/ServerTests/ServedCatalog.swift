import Foundation
import TestSupport
import Testing

/// `catalog serve --listen 127.0.0.1:0` on the sample catalog, stopped through this handle.
final class ServedCatalog: CatalogEndpoint {
    let cli: CatalogCLI
    /// What names the served database on the command line: `--db PATH` (the catalog of ``cli``, by default) or
    /// `--database URL`.
    let database: [String]
    let process: ChildProcess
    /// `http://HOST:PORT`, from the first line the server printed.
    let baseURL: String

    struct NotListening: Error, CustomStringConvertible {
        let line: String?
        let standardError: String
        var description: String { "the server printed \(line.map { "'\($0)'" } ?? "no line") first: \(standardError)" }
    }

    struct NoSuchEntry: Error, CustomStringConvertible {
        let description: String
    }

    /// The user ``token`` acts for.
    static let user = "tester"

    /// Serves the sample catalog; requests carry an admin token of ``user`` unless ``token`` is changed.
    convenience init(listen: String = "127.0.0.1:0", arguments: [String] = []) throws {
        let cli = try CatalogCLI("serve")
        try cli.importSamples()
        try self.init(
            cli: cli, token: try Self.createToken(cli, user: Self.user, scope: "admin"), listen: listen,
            arguments: arguments)
    }

    /// Serves `database` (`--db PATH` or `--database URL`) as it is, with an admin token of ``user``; `cli` holds
    /// the test's files.
    convenience init(cli: CatalogCLI, database: [String], arguments: [String] = []) throws {
        let token = try Self.createToken(database: database, user: Self.user, scope: "admin")
        try self.init(cli: cli, database: database, token: token, listen: "127.0.0.1:0", arguments: arguments)
    }

    /// Serves the catalog of `cli` (or `database`) as it is.
    private init(
        cli: CatalogCLI, database: [String]? = nil, token: String?, listen: String, arguments: [String]
    ) throws {
        try TestSupport.requireHTTPServerLibrary()
        self.cli = cli
        self.database = database ?? ["--db", cli.database]
        self.token = token
        process = try TestSupport.start(
            CatalogCLI.executable, self.database + ["serve", "--listen", listen] + arguments)
        let line = process.firstStandardOutputLine()
        guard let line, line.hasPrefix("listening on http://") || line.hasPrefix("listening on https://") else {
            process.killIfRunning()
            throw NotListening(line: line, standardError: process.wait().standardError)
        }
        baseURL = String(line.dropFirst("listening on ".count))
    }

    /// A test that throws before it stops the server still stops it.
    deinit { stop() }

    /// A new token for `user` (added when absent) of `scope`, made by `catalog tokens create`.
    static func createToken(_ cli: CatalogCLI, user: String, scope: String, expires: String? = nil) throws -> String {
        try createToken(database: ["--db", cli.database], user: user, scope: scope, expires: expires)
    }

    /// A new token for `user` (added when absent) of `scope` in `database` (`--db PATH` or `--database URL`).
    static func createToken(database: [String], user: String, scope: String, expires: String? = nil) throws -> String {
        let users = try CatalogCLI.run(database + ["users", "list"]).standardOutput
        if !users.split(separator: "\n").contains(Substring(user)) {
            try #require(try CatalogCLI.run(database + ["users", "add", user]).status == 0)
        }
        let created = try CatalogCLI.run(
            database + ["tokens", "create", "--user", user, "--scope", scope]
                + (expires.map { ["--expires", $0] } ?? []))
        try #require(created.status == 0, "\(created.standardError)")
        return created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new token for `user` of `scope` on this server's catalog.
    func createToken(user: String, scope: String, expires: String? = nil) throws -> String {
        try Self.createToken(database: database, user: user, scope: scope, expires: expires)
    }

    func url(_ path: String) throws -> URL {
        guard let url = URL(string: baseURL + path) else { throw URLError(.badURL) }
        return url
    }

    /// The bearer token requests through this handle carry, and clients run against the server are given.
    var token: String?

    /// Sends a request without waiting for the answer.
    func start(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) throws -> HTTPTestClient.Pending {
        HTTPTestClient.start(
            try url(path), method: method, headers: defaultHeaders.merging(headers) { _, given in given }, body: body)
    }

    /// A new server on this one's catalog (after this one stopped, or beside it), with the same ``token``.
    func restarted() throws -> ServedCatalog {
        try ServedCatalog(cli: cli, database: database, token: token, listen: "127.0.0.1:0", arguments: [])
    }

    /// Sends `signal` and waits for the server to exit (again: returns what it returned the first time).
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> TestSupport.ProcessResult {
        process.send(signal)
        return process.wait()
    }
}
