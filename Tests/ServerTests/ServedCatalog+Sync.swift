import Foundation
import TestSupport
import Testing

extension ServedCatalog {
    /// Adds a book to the served catalog from another process (`catalog import`), as a writer beside the server.
    func importBook(_ title: String) throws {
        let key = title.lowercased().replacingOccurrences(of: " ", with: "-")
        let file = cli.path("\(key).json")
        let json =
            #"{"format":"catalog","version":1,"source":"served-test","books":[{"key":"\#(key)","title":"\#(title)"}]}"#
        try Data(json.utf8).write(to: URL(filePath: file))
        let result = try cli.run("import", file)
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
