import Foundation
import TestSupport
import Testing

/// `catalog serve --log json`: one JSON object per request on standard error, with the token's user.
@Suite struct AccessLogTests {
    @Test func jsonLinesNameTheUserAndNeverTheToken() throws {
        let served = try ServedCatalog(arguments: ["--log", "json"])
        defer { served.stop() }
        let token = try #require(served.token)
        _ = try served.get("/v1/books?limit=1")
        _ = try served.get("/v1/me/scenes/main")
        _ = try served.get("/v1/health")
        _ = try served.get("/v1/books", headers: ["Authorization": "Bearer cat_" + String(repeating: "a", count: 64)])
        let log = served.stop().standardError
        #expect(!log.contains(String(token.dropFirst(4))) && !log.contains(String(repeating: "a", count: 64)))
        let lines = log.split(separator: "\n")
        #expect(lines.count == 4, "\(log)")
        let entries = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let expected: [(path: String, status: Int, user: String?)] = [
            ("/v1/books", 200, ServedCatalog.user), ("/v1/me/scenes/main", 200, ServedCatalog.user),
            ("/v1/health", 200, nil), ("/v1/books", 401, nil),
        ]
        for (entry, (path, status, user)) in zip(entries, expected) {
            #expect(entry["method"] as? String == "GET")
            #expect(entry["path"] as? String == path)
            #expect(entry["status"] as? Int == status)
            #expect(entry["user"] as? String == user, "\(entry)")
            #expect((entry["bytes"] as? Int ?? 0) > 0)
            #expect(entry["microseconds"] is Int)
        }
    }

    /// A method is the client's text: terminal escapes and line breaks in it reach the log percent-encoded, so a
    /// client can neither forge a line nor drive the terminal of whoever reads the log.
    @Test(arguments: ["text", "json"])
    func aHostileMethodCannotForgeOrColourALine(format: String) throws {
        let served = try ServedCatalog(arguments: ["--log", format])
        defer { served.stop() }
        let port = try #require(URL(string: served.baseURL)?.port)
        for method in ["G\u{1B}[2JET", "GET\rFAKE /v1/x 200 1 1us root"] {
            let connection = try RawHTTPConnection(port: port)
            connection.write("\(method) /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            _ = try? connection.readUntilClosed()
        }
        let log = served.stop().standardError
        #expect(!log.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" }, "\(log.debugDescription)")
        #expect(!log.split(separator: "\n").contains { $0.hasPrefix("FAKE") }, "\(log)")
    }

    @Test func anUnknownLogFormatIsAUsageError() throws {
        let cli = try CatalogCLI("serve")
        try cli.importSamples()
        let result = try cli.run("serve", "--listen", "127.0.0.1:0", "--log", "xml")
        #expect(result.status == 64)
        #expect(result.standardError.contains("text, json"), "\(result.standardError)")
    }
}
