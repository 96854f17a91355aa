import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerTests {
    init() throws { try TestSupport.requireHTTPServerLibrary() }

    /// Answers with the request as text: method, path, query items, one header, body.
    static let echo: HTTPServer.Handler = { request in
        let query = request.queryItems.map { "\($0.name)=\($0.value ?? "<nil>")" }.joined(separator: "&")
        let text =
            "\(request.method) \(request.path) ?\(query) x-probe=\(request.headers["x-probe"] ?? "-") "
            + String(decoding: request.body, as: UTF8.self)
        return .response(HTTPResponse(status: 200, contentType: "text/plain", text: text, headers: [("X-Echo", "yes")]))
    }

    @Test func handlerSeesMethodDecodedPathQueryHeadersAndBody() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: Self.echo)
        defer { server.stop() }
        let got = try Client.fetch(
            server, "/v1/a%20b?x=1&y=caf%C3%A9&flag", method: "POST", headers: ["X-Probe": "p"],
            body: Data("hello".utf8))
        #expect(got.status == 200)
        #expect(got.text == "POST /v1/a b ?x=1&y=café&flag=<nil> x-probe=p hello")
        #expect(got.header("x-echo") == "yes")
        #expect(got.header("content-type") == "text/plain")
    }

    @Test func getIsAnsweredOnItsOwnConnectionAgainAndAgain() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: Self.echo)
        defer { server.stop() }
        for index in 0..<5 {
            #expect(try Client.fetch(server, "/n/\(index)").text == "GET /n/\(index) ? x-probe=- ")
        }
    }

    @Test func statusHeadersAndEmptyBodyReachTheClient() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            .response(HTTPResponse(status: 405, headers: [("Allow", "GET")]))
        }
        defer { server.stop() }
        let got = try Client.fetch(server, "/")
        #expect(got.status == 405)
        #expect(got.header("allow") == "GET")
        #expect(got.body.isEmpty)
    }

    @Test func bodyOverTheLimitIsAnswered413WithoutCallingTheHandler() throws {
        var limits = HTTPServer.Limits()
        limits.requestBody = 10
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, handler: Self.echo)
        defer { server.stop() }
        #expect(try Client.fetch(server, "/", method: "POST", body: Data("0123456789".utf8)).status == 200)
        #expect(try Client.fetch(server, "/", method: "POST", body: Data("0123456789A".utf8)).status == 413)
    }

    @Test func portZeroPicksAFreePortAndATakenPortIsRefused() throws {
        let first = try HTTPServer(host: "127.0.0.1", port: 0, handler: Self.echo)
        defer { first.stop() }
        #expect(first.port > 0)
        #expect(first.host == "127.0.0.1")
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(host: "127.0.0.1", port: first.port, handler: Self.echo)
        }
    }

    @Test func listensOnIPv6Loopback() throws {
        try TestSupport.requireIPv6Loopback()
        let server = try HTTPServer(host: "::1", port: 0, handler: Self.echo)
        defer { server.stop() }
        // curl rather than URLSession: FoundationNetworking on Linux refuses a bracketed IPv6 host.
        let curl = try TestSupport.installedTool("curl")
        let result = try TestSupport.run(curl, ["-sS", "-g", "http://[::1]:\(server.port)/six"])
        #expect(result.standardOutput == "GET /six ? x-probe=- ", "\(result.standardError)")
    }

    @Test(arguments: ["localhost", "", "1.2.3", "::g"])
    func hostNamesAndMalformedAddressesAreRefused(host: String) {
        #expect(throws: HTTPServerError.invalidAddress(host)) {
            try HTTPServer(host: host, port: 0, handler: Self.echo)
        }
    }

    @Test func portOutOfRangeIsRefused() {
        #expect(throws: HTTPServerError.invalidPort(65536)) {
            try HTTPServer(host: "127.0.0.1", port: 65536, handler: Self.echo)
        }
    }

    @Test func stopAnswersTheRequestInFlightThenRefusesConnections() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            entered.signal()
            release.wait()
            return .response(HTTPResponse(status: 200, contentType: "text/plain", text: "finished"))
        }
        let pending = try Client.start(server, "/slow")
        entered.wait()
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        // stop cannot return while the handler still holds the request.
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)
        release.signal()
        let got = try pending.wait()
        #expect(got.status == 200)
        #expect(got.text == "finished")
        stopped.wait()
        #expect(throws: (any Error).self) { try Client.fetch(server, "/after") }
    }
}

/// Requests to a server under test.
enum Client {
    static func url(_ server: HTTPServer, _ path: String) throws -> URL {
        guard let url = URL(string: "http://\(server.host):\(server.port)\(path)") else { throw URLError(.badURL) }
        return url
    }

    static func start(
        _ server: HTTPServer, _ path: String, method: String = "GET", headers: [String: String] = [:],
        body: Data? = nil
    ) throws -> HTTPTestClient.Pending {
        HTTPTestClient.start(try url(server, path), method: method, headers: headers, body: body)
    }

    static func fetch(
        _ server: HTTPServer, _ path: String, method: String = "GET", headers: [String: String] = [:],
        body: Data? = nil
    ) throws -> HTTPTestClient.Answer {
        try start(server, path, method: method, headers: headers, body: body).wait()
    }
}
