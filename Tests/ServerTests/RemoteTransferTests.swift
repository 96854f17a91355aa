import CatalogRemote
import CatalogSync
import Foundation
import HTTPServer
import SQLiteDB
import TestSupport
import Testing

/// What the HTTP client does with answers a catalog server does not give itself but a proxy or another server in
/// front of it may: a redirect is followed, a compressed body is decoded, an error status without a problem
/// answer is named by its status line.
@Suite struct RemoteTransferTests {
    /// A stand-in server at 127.0.0.1 answering every request with `answer`, and the client of it.
    private static func standIn(
        _ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws -> (server: HTTPServer, client: RemoteCatalog) {
        try TestSupport.requireHTTPServerLibrary()
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { .response(answer($0)) }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        return (server, RemoteCatalog(url: url, token: nil))
    }

    @Test func aRedirectIsFollowed() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let target = served.baseURL
        let front = try Self.standIn { HTTPResponse(status: 307, headers: [("Location", target + $0.path)]) }
        defer { front.server.stop() }
        let server = try Database(path: served.cli.database)
        defer { try? server.close() }
        #expect(try front.client.changeFeed(following: nil).databaseUUID() == ChangeFeed(server).databaseUUID())
    }

    @Test func aGzipBodyIsDecoded() throws {
        let files = try TemporaryFiles("gzip-answer")
        let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let health = files.file("health.json", #"{"database":"\#(uuid)","lastSeq":7}"#)
        #expect(try TestSupport.run(TestSupport.installedTool("gzip"), ["-n", health]).status == 0)
        let compressed = try Data(contentsOf: URL(filePath: health + ".gz"))
        let front = try Self.standIn { request in
            // Compressed only for a client that says it decodes gzip, as a server must.
            guard request.headers["accept-encoding"]?.contains("gzip") == true else {
                return HTTPResponse(status: 406, contentType: "text/plain", text: "gzip only")
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: compressed)
        }
        defer { front.server.stop() }
        #expect(try front.client.changeFeed(following: nil).databaseUUID() == uuid)
    }

    @Test func anErrorWithoutAProblemAnswerIsNamedByItsStatusLine() throws {
        let front = try Self.standIn { _ in
            HTTPResponse(status: 503, contentType: "text/plain", text: "down for maintenance")
        }
        defer { front.server.stop() }
        let url = "\(front.client.location)/v1/health"
        #expect(throws: RemoteError.problem(url: url, status: 503, code: nil, detail: "Service Unavailable")) {
            try front.client.changeFeed(following: nil).databaseUUID()
        }
    }
}
