import Foundation
import HTTPServer
import TestSupport
import Testing

/// What a hostile or broken client gets from a server with small limits: a status code or a closed connection,
/// never a hang, a crash or the handler called with a request it cannot hold.
@Suite struct HTTPServerLimitsTests {
    init() throws { try TestSupport.requireHTTPServerLibrary() }

    /// A server whose handler answers 200 `ok`, with 4 KiB of connection memory and the given changes.
    static func server(_ change: (inout HTTPServer.Limits) -> Void = { _ in }) throws -> HTTPServer {
        var limits = HTTPServer.Limits()
        limits.connectionMemory = 4 * 1024
        change(&limits)
        return try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in
            .response(HTTPResponse(status: 200, contentType: "text/plain", text: "ok"))
        }
    }

    /// The status of the answer to `request`, sent whole on a new connection.
    static func status(_ server: HTTPServer, _ request: String) throws -> Int? {
        let connection = try RawHTTPConnection(port: server.port)
        connection.write(request)
        return RawHTTPConnection.status(of: try connection.readUntilClosed())
    }

    @Test func aSmallRequestPasses() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(try Self.status(server, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == 200)
    }

    @Test func oneHeaderLargerThanTheConnectionMemoryIs431() throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 8 * 1024))\r\n\r\n"
        #expect(try Self.status(server, request) == 431)
    }

    @Test func manySmallHeadersOverTheConnectionMemoryAre431() throws {
        let server = try Self.server()
        defer { server.stop() }
        let fields = (0..<1000).map { "X-Field-\($0): v\r\n" }.joined()
        #expect(try Self.status(server, "GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n") == 431)
    }

    @Test func aRequestLineLongerThanTheConnectionMemoryIs414() throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = "GET /\(String(repeating: "a", count: 8 * 1024)) HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(try Self.status(server, request) == 414)
    }

    /// A head over ``HTTPServer/Limits/requestHead`` that fits the connection's memory is refused by the server
    /// itself, through its refusal renderer, before any handler runs.
    @Test func aHeadOverTheLimitIsRefusedByTheServer() throws {
        let server = try Self.server {
            $0.requestHead = 1024
            $0.connectionMemory = 16 * 1024
        }
        defer { server.stop() }
        let field = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 2000))\r\n\r\n"
        let line = "GET /?\(String(repeating: "a", count: 2000)) HTTP/1.1\r\nHost: x\r\n\r\n"
        for (request, status, code) in [(field, 431, "header-fields-too-large"), (line, 414, "request-line-too-long")] {
            let connection = try RawHTTPConnection(port: server.port)
            connection.write(request)
            let answer = try connection.readUntilClosed()
            #expect(RawHTTPConnection.status(of: answer) == status, "\(answer)")
            #expect(answer.contains("text/plain"), "\(answer)")
            #expect(!answer.contains("ok"), "\(code): the handler answered")
        }
        #expect(try Self.status(server, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") == 200)
    }

    @Test func aBodyDeclaredLargerThanTheLimitIs413() throws {
        let server = try Self.server { $0.requestBody = 10 }
        defer { server.stop() }
        let request = "POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 11\r\n\r\n0123456789A"
        #expect(try Self.status(server, request) == 413)
    }

    @Test func aClientThatStopsHalfwayIsDisconnectedAfterTheTimeout() throws {
        let server = try Self.server { $0.connectionTimeout = 1 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.write("GET / HTTP/1.1\r\nHost: x\r\nX-Half: ")
        // The read's own bound (20 s) is what fails the test if the server never lets go.
        #expect(try connection.readUntilClosed() == "")
    }

    /// libmicrohttpd stops accepting at the cap: a further connection waits in the system's listen queue, unanswered
    /// however long the others hold theirs, and is served once one of them closes. (Each comes from its own address,
    /// so a bound per address plays no part.)
    @Test func aConnectionOverTheCapWaitsUntilAnotherCloses() throws {
        let server = try Self.server {
            $0.threads = 2
            $0.connections = 2
        }
        defer { server.stop() }
        let held = try ["127.0.0.2", "127.0.0.3"].map { try RawHTTPConnection(port: server.port, from: $0) }
        for connection in held { connection.write("GET / HTTP/1.1\r\nHost: x\r\n") }
        // The two are accepted (each is past its first line) before the third connects.
        Thread.sleep(forTimeInterval: 0.3)
        let waiting = try RawHTTPConnection(port: server.port, from: "127.0.0.4")
        waiting.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(waiting.isSilent(for: 1.5), "a third connection was served while two held the cap")
        // The first finishes its request and closes: the third is served, while the second still holds its place.
        held[0].write("Connection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: try held[0].readUntilClosed()) == 200)
        #expect(RawHTTPConnection.status(of: try waiting.readUntilClosed()) == 200)
        #expect(held[1].isSilent(for: 0.1))
        held[1].write("Connection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: try held[1].readUntilClosed()) == 200)
    }
}
