import CatalogRemote
import CatalogSync
import Foundation
import HTTPServer
import SQLiteDB
import TestSupport
import Testing

/// What the HTTP client does with answers a catalog server does not give itself but a proxy or another server in
/// front of it may: a redirect is followed, a compressed body is decoded, an error status without a problem
/// answer is named by its status line; and how it honours a 429 a catalog server gives.
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

    /// When a stand-in's requests came, in order.
    final class Arrivals: @unchecked Sendable {
        // Invariant: `times` is only read or changed under `lock`.
        private let lock = NSLock()
        private var times: [ContinuousClock.Instant] = []

        /// Records a request now; returns how many came before it.
        func record() -> Int {
            lock.withLock {
                times.append(.now)
                return times.count - 1
            }
        }

        /// The seconds between each request and the next.
        var gaps: [Double] {
            lock.withLock { zip(times, times.dropFirst()).map { Double(($1 - $0) / .milliseconds(1)) / 1000 } }
        }
        var count: Int { lock.withLock { times.count } }
    }

    /// A stand-in that refuses the first `refusals` requests with 429 and `Retry-After: retryAfter` (a catalog
    /// server's problem answer), then answers the health check; and the times its requests came.
    private static func limited(
        refusals: Int, retryAfter: Int
    ) throws -> (server: HTTPServer, client: RemoteCatalog, arrivals: Arrivals) {
        let arrivals = Arrivals()
        let (server, client) = try standIn { _ in
            guard arrivals.record() >= refusals else {
                return HTTPResponse(
                    status: 429,
                    headers: [("Content-Type", "application/problem+json"), ("Retry-After", "\(retryAfter)")],
                    body: Data(#"{"status": 429, "code": "rate-limited", "detail": "slow down"}"#.utf8))
            }
            return HTTPResponse(
                status: 200, contentType: "application/json",
                text: #"{"database": "0f8fad5b-d9cb-469f-a165-70867728950e", "lastSeq": 7}"#)
        }
        return (server, client, arrivals)
    }

    @Test func a429IsAskedAgainAfterItsRetryAfter() throws {
        let front = try Self.limited(refusals: 2, retryAfter: 1)
        defer { front.server.stop() }
        #expect(try front.client.changeFeed(following: nil).databaseUUID() == "0f8fad5b-d9cb-469f-a165-70867728950e")
        #expect(front.arrivals.count == 3)
        #expect(front.arrivals.gaps.allSatisfy { $0 >= 0.95 }, "asked again sooner than told: \(front.arrivals.gaps)")
    }

    @Test func a429IsAskedAgainThreeTimesAtMostThenReported() throws {
        let front = try Self.limited(refusals: .max, retryAfter: 1)
        defer { front.server.stop() }
        let url = "\(front.client.location)/v1/health"
        #expect(throws: RemoteError.rateLimited(url: url, retryAfter: 1, detail: "slow down")) {
            try front.client.changeFeed(following: nil).databaseUUID()
        }
        #expect(front.arrivals.count == 4)
    }

    @Test func aRetryAfterLongerThan30SecondsIsReportedAtOnce() throws {
        let front = try Self.limited(refusals: .max, retryAfter: 31)
        defer { front.server.stop() }
        let url = "\(front.client.location)/v1/health"
        #expect(throws: RemoteError.rateLimited(url: url, retryAfter: 31, detail: "slow down")) {
            try front.client.changeFeed(following: nil).databaseUUID()
        }
        #expect(front.arrivals.count == 1)
    }
}
