import Foundation
import HTTPServer
import TestSupport
import Testing

/// Clients that hold connections without finishing a request, or leave a parked request: the server takes their
/// connections back, and one client address cannot take all of them.
@Suite struct HTTPServerConnectionTests {
    init() throws { try TestSupport.requireHTTPServerLibrary() }

    /// What a server told its operator.
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [HTTPServerNotice] = []

        func append(_ notice: HTTPServerNotice) { lock.withLock { received.append(notice) } }
        var all: [HTTPServerNotice] { lock.withLock { received } }

        /// Whether a notice `matching` arrives within 3 s.
        func arrives(_ matching: (HTTPServerNotice) -> Bool) -> Bool {
            for _ in 0..<30 {
                if all.contains(where: matching) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
    }

    /// A server with a 1-second request deadline whose handler answers 200 at once, or parks `/park` for the
    /// handed deferred response.
    static func server(
        _ notices: Notices, configure: (inout HTTPServer.Limits) -> Void = { _ in },
        parked: (@Sendable (DeferredResponse) -> Void)? = nil,
        answered: HTTPServer.AnswerObserver? = nil
    ) throws -> HTTPServer {
        var limits = HTTPServer.Limits()
        limits.requestDeadline = 1
        configure(&limits)
        let waiting = Box<DeferredResponse>()
        return try HTTPServer(
            host: "127.0.0.1", port: 0, limits: limits,
            stopping: { waiting.peek?.complete(with: HTTPResponse(status: 503)) }, answered: answered,
            noticed: { notices.append($0) },
            handler: { request in
                if request.path == "/park", let parked {
                    let deferred = DeferredResponse()
                    waiting.set(deferred)
                    parked(deferred)
                    return .deferred(deferred)
                }
                return .response(HTTPResponse(status: 200, contentType: "text/plain", text: "ok"))
            })
    }

    @Test func aRequestTricklingInIsCutOffAtTheDeadline() throws {
        let notices = Notices()
        let server = try Self.server(notices)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, readTimeout: 8)
        connection.write("GET / HTTP/1.1\r\nHost: x\r\n")
        connection.trickleHeaderLines(20, every: 0.3)
        let started = ContinuousClock.now
        #expect(try connection.readUntilClosed() == "")
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(notices.arrives { $0.kind == .requestTooSlow && $0.address == "127.0.0.1" }, "\(notices.all)")
    }

    @Test func aConnectionIdleBetweenRequestsIsClosedAtTheDeadlineAfterItsAnswer() throws {
        let server = try Self.server(Notices())
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, readTimeout: 8)
        // Answered well past the first deadline's start: the deadline counts from the previous answer.
        Thread.sleep(forTimeInterval: 0.6)
        connection.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.6)
        let started = ContinuousClock.now
        let text = try connection.readUntilClosed()
        #expect(RawHTTPConnection.status(of: text) == 200, "\(text)")
        let waited = ContinuousClock.now - started
        #expect(waited > .milliseconds(200) && waited < .seconds(4), "\(waited)")
    }

    @Test func oneAddressGetsItsShareOfConnectionsAndNoMore() throws {
        let notices = Notices()
        let server = try Self.server(notices) { $0.connectionsPerAddress = 3 }
        defer { server.stop() }
        let held = try (0..<3).map { _ in try RawHTTPConnection(port: server.port, readTimeout: 5) }
        Thread.sleep(forTimeInterval: 0.2)
        // The fourth from the same address is closed as soon as it is accepted, without a word.
        let fourth = try RawHTTPConnection(port: server.port, readTimeout: 5)
        #expect(fourth.isClosedWithoutAnswer(within: 0.5))
        // Another address is served all the same.
        let other = try RawHTTPConnection(port: server.port, from: "127.0.0.2", readTimeout: 5)
        other.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPConnection.status(of: try other.readUntilClosed()) == 200)
        #expect(notices.arrives { $0.kind == .library }, "\(notices.all)")
        withExtendedLifetime(held) {}
    }

    @Test func aParkedRequestWhoseClientLeavesIsAbandonedAndLogged499() throws {
        let parked = Box<DeferredResponse>()
        let statuses = Box<Int>()
        let server = try Self.server(
            Notices(), parked: { parked.set($0) }, answered: { _, response, _ in statuses.set(response.status.code) })
        defer { server.stop() }
        let released = DispatchSemaphore(value: 0)
        do {
            let connection = try RawHTTPConnection(port: server.port)
            connection.write("GET /park HTTP/1.1\r\nHost: x\r\n\r\n")
            let deferred = try #require(parked.wait(upTo: .seconds(5)))
            deferred.whenCompleted { released.signal() }
            #expect(!deferred.isCompleted)
        }
        // The connection is closed by its client; the server notices within a second, not when the wait ends.
        #expect(released.wait(timeout: .now() + 3) == .success)
        let deferred = try #require(parked.wait(upTo: .seconds(1)))
        #expect(deferred.isAbandoned)
        #expect(statuses.wait(upTo: .seconds(3)) == 499)
    }

    @Test func libmicrohttpdsOwnRefusalsAreNoticed() throws {
        let notices = Notices()
        let server = try Self.server(notices) { $0.connectionMemory = 4096 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.write("GET / HTTP/1.1\r\nHost: x\r\nX-Large: \(String(repeating: "a", count: 8000))\r\n\r\n")
        #expect(RawHTTPConnection.status(of: try connection.readUntilClosed()) == 431)
        #expect(notices.arrives { $0.kind == .library && $0.detail.contains("431") }, "\(notices.all)")
    }
}

/// A value one thread sets and another waits for.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ value: Value) {
        condition.withLock {
            self.value = value
            condition.broadcast()
        }
    }

    /// The value if set.
    var peek: Value? { condition.withLock { value } }

    /// The value once set; `nil` when it is not set within `timeout`.
    func wait(upTo timeout: Duration) -> Value? {
        let deadline = Date() + Double(timeout.components.seconds)
        return condition.withLock {
            while value == nil, condition.wait(until: deadline) {}
            return value
        }
    }
}
