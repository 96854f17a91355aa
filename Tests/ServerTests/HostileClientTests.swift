import Foundation
import TestSupport
import Testing

/// `catalog serve` against requests no well-behaved client sends: each gets a status code.
@Suite struct HostileClientTests {
    /// The status of the answer to `request` sent whole to `served` on a new connection.
    static func status(_ served: ServedCatalog, _ request: String) throws -> Int? {
        RawHTTPConnection.status(of: try answer(served, request))
    }

    /// Everything `served` sends for `request` until it closes the connection.
    static func answer(_ served: ServedCatalog, _ request: String) throws -> String {
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let connection = try RawHTTPConnection(port: port)
        connection.write(request)
        return try connection.readUntilClosed()
    }

    /// The `code` of the problem+json body ending `answer`.
    static func problemCode(_ answer: String) throws -> String? {
        guard answer.contains("Content-Type: application/problem+json"), let start = answer.firstIndex(of: "{") else {
            return nil
        }
        let object = try JSONSerialization.jsonObject(with: Data(answer[start...].utf8)) as? [String: Any]
        return object?["code"] as? String
    }

    @Test func aNulInASessionNameIsRefusedAndNoSessionIsSaved() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        #expect(try served.request("PUT", "/v1/me/sessions/a%00b").status == 400)
        #expect(try served.request("PUT", "/v1/me/sessions/%FF%FE").status == 400)
        let sessions = try served.get("/v1/me/sessions")
        #expect(sessions.status == 200)
        #expect(!sessions.text.contains("\"name\""), "\(sessions.text)")
    }

    /// One address holds a sixteenth of the 4,096 connections at most: the next from it is closed at once, and
    /// another address is served all the same; the log says so.
    @Test func oneAddressCannotTakeMoreThanItsShareOfConnections() throws {
        let served = try ServedCatalog()
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let held = try (0..<256).map { _ in try RawHTTPConnection(port: port, readTimeout: 5) }
        Thread.sleep(forTimeInterval: 0.3)
        let over = try RawHTTPConnection(port: port, readTimeout: 5)
        #expect(over.isClosedWithoutAnswer(within: 1))
        let other = try RawHTTPConnection(port: port, from: "127.0.0.2", readTimeout: 5)
        other.write("GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: try other.readUntilClosed()) == 200)
        withExtendedLifetime(held) {}
        let log = served.stop().standardError
        #expect(log.contains("* - library: Server reached connection limit."), "\(log)")
    }

    /// A client sending one header line now and then is cut off 10 s after it connected, and logged.
    @Test func aRequestTricklingInIsCutOffAfterTenSeconds() throws {
        let served = try ServedCatalog()
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let connection = try RawHTTPConnection(port: port, readTimeout: 20)
        connection.write("GET /v1/health HTTP/1.1\r\nHost: x\r\n")
        connection.trickleHeaderLines(40, every: 0.5)
        let started = ContinuousClock.now
        #expect(try connection.readUntilClosed() == "")
        let waited = ContinuousClock.now - started
        #expect(waited > .seconds(9) && waited < .seconds(13), "\(waited)")
        let log = served.stop().standardError
        #expect(log.contains("* 127.0.0.1 request-too-slow: "), "\(log)")
    }

    @Test func twoAuthorizationFieldsAre400() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let token = try #require(served.token)
        let answer = try Self.answer(
            served,
            "GET /v1/me/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer cat_0\r\n"
                + "Authorization: Bearer \(token)\r\n\r\n")
        #expect(RawHTTPConnection.status(of: answer) == 400)
        #expect(try Self.problemCode(answer) == "repeated-field")
    }

    @Test func thousandsOfQueryItemsAre414AsAProblem() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let query = Array(repeating: "a", count: 5000).joined(separator: "&")
        let answer = try Self.answer(served, "GET /v1/health?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawHTTPConnection.status(of: answer) == 414)
        #expect(try Self.problemCode(answer) == "too-many-query-items")
    }

    @Test func aLargeBodyAnnouncedWithExpectIsRefusedBeforeItIsSent() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let answer = try Self.answer(
            served,
            "PUT /v1/me/scenes/main HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 20000000\r\n\r\n")
        #expect(RawHTTPConnection.status(of: answer) == 413)
        #expect(try Self.problemCode(answer) == "body-too-large")
    }

    /// Header fields over 64 KiB are answered 431, a request line over it 414, both as problems; what does not fit
    /// the connection's memory at all is libmicrohttpd's own 431, with an HTML body.
    @Test func headersOverTheLimitAre431AndALongRequestLine414AsProblems() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let big = String(repeating: "a", count: 70 * 1024)
        let fields = try Self.answer(served, "GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
        #expect(RawHTTPConnection.status(of: fields) == 431)
        #expect(try Self.problemCode(fields) == "header-fields-too-large")
        let line = try Self.answer(served, "GET /v1/health?\(big) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(RawHTTPConnection.status(of: line) == 414)
        #expect(try Self.problemCode(line) == "request-line-too-long")
        let huge = String(repeating: "a", count: 200 * 1024)
        #expect(try Self.status(served, "GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: \(huge)\r\n\r\n") == 431)
        #expect(try Self.status(served, "GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == 200)
    }

    @Test func aBodyOverOneMebibyteIs413() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let body = Data(repeating: UInt8(ascii: " "), count: 1024 * 1024 + 1)
        #expect(try served.request("PUT", "/v1/me/scenes/main", body: body).status == 413)
    }
}
