import Foundation
import SQLiteDB
import TestSupport
import Testing

extension CatalogEndpoint {
    /// Adds a book to the served database from another process (`catalog import`), as a writer beside the server.
    func importBook(_ title: String) throws {
        let key = title.lowercased().replacingOccurrences(of: " ", with: "-")
        let file = cli.path("\(key).json")
        let json =
            #"{"format":"catalog","version":1,"source":"served-test","books":[{"key":"\#(key)","title":"\#(title)"}]}"#
        try Data(json.utf8).write(to: URL(filePath: file))
        let result = try CatalogCLI.run(database + ["import", file])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// The feed's high-water mark, from `/v1/health`.
    func lastSequence() throws -> Int {
        let health = try #require(try JSONSerialization.jsonObject(with: get("/v1/health").body) as? [String: Any])
        return try #require(health["lastSeq"] as? Int)
    }

    /// The server's database identity, from `/v1/health`.
    func databaseUUID() throws -> String {
        let health = try #require(try JSONSerialization.jsonObject(with: get("/v1/health").body) as? [String: Any])
        return try #require(health["database"] as? String)
    }

    /// `--token TOKEN` when the server takes one, for client commands run against it.
    var tokenArguments: [String] {
        token.map { ["--token", $0] } ?? []
    }
}

extension ServedCatalog {
    /// Adds `count` books in one `catalog import` from another process.
    func importBooks(_ count: Int, titled prefix: String) throws {
        let books = (0..<count).map { #"{"key":"\#(prefix)-\#($0)","title":"\#(prefix) \#($0)"}"# }
        let file = cli.path("\(prefix).json")
        let json =
            #"{"format":"catalog","version":1,"source":"served-bulk","books":["# + books.joined(separator: ",") + "]}"
        try Data(json.utf8).write(to: URL(filePath: file))
        let result = try CatalogCLI.run(database + ["import", file])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// Runs `catalog --db CLIENT ARGUMENTS` with this server's token, if any.
    @discardableResult
    func client(_ arguments: [String], in database: String) throws -> TestSupport.ProcessResult {
        try cli.run(arguments + tokenArguments, in: database)
    }

    /// Downloads a snapshot with `catalog snapshot --from URL` into `name` in the runner's directory.
    func downloadSnapshot(_ name: String) throws {
        let result = try client(["snapshot", "--from", baseURL, cli.path(name)], in: name)
        #expect(result.status == 0, "\(result.standardError)")
    }
}

/// Whether two catalog files hold the same catalog (every entity and link), by their canonical dumps.
func sameCatalog(_ first: String, _ second: String) throws -> Bool {
    let one = try Database(path: first)
    let other = try Database(path: second)
    defer {
        try? one.close()
        try? other.close()
    }
    return try TestSupport.canonicalDump(one) == TestSupport.canonicalDump(other)
}

/// A `catalog serve` started again on a served catalog's database (after a crash), stopped by this handle.
struct RestartedServer {
    let process: ChildProcess
    let baseURL: String

    func stop() {
        process.send(SIGTERM)
        _ = process.wait()
    }
}

extension ServedCatalog {
    /// Serves the same database again on a new port.
    func restart() throws -> RestartedServer {
        let process = try cli.start(["serve", "--listen", "127.0.0.1:0"])
        guard let line = process.firstStandardOutputLine(), line.hasPrefix("listening on http://") else {
            process.killIfRunning()
            throw NotListening(line: nil, standardError: process.wait().standardError)
        }
        return RestartedServer(process: process, baseURL: String(line.dropFirst("listening on ".count)))
    }
}
