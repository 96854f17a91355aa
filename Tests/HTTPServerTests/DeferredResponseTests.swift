import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Requests parked by their handler and answered later, from another thread.
@Suite struct DeferredResponseTests {
    init() throws { try TestSupport.requireHTTPServerLibrary() }

    /// The deferred responses a server's handler parked, in arrival order.
    final class Parked: @unchecked Sendable {
        // Invariant: `responses` is only read or written while `condition` is locked.
        private let condition = NSCondition()
        private var responses: [DeferredResponse] = []

        func add(_ response: DeferredResponse) {
            condition.withLock {
                responses.append(response)
                condition.broadcast()
            }
        }

        /// Waits until `count` requests are parked, and returns them.
        func wait(for count: Int) -> [DeferredResponse] {
            condition.withLock {
                while responses.count < count { condition.wait() }
                return responses
            }
        }

        func completeAll(with text: String) {
            for response in condition.withLock({ responses }) {
                response.complete(with: HTTPResponse(status: 200, contentType: "text/plain", text: text))
            }
        }
    }

    /// A server that parks requests to /park and answers others at once.
    static func parkingServer(
        _ parked: Parked, limits: HTTPServer.Limits = HTTPServer.Limits(), stopping: (@Sendable () -> Void)? = nil
    ) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, stopping: stopping) { request in
            guard request.path == "/park" else {
                return .response(HTTPResponse(status: 200, contentType: "text/plain", text: "now \(request.path)"))
            }
            let later = DeferredResponse()
            parked.add(later)
            return .deferred(later)
        }
    }

    @Test func aParkedRequestIsAnsweredWhenCompletedFromAnotherThread() throws {
        let parked = Parked()
        let server = try Self.parkingServer(parked)
        defer { server.stop() }
        let pending = try Client.start(server, "/park")
        let later = try #require(parked.wait(for: 1).first)
        #expect(!later.isCompleted)
        Thread.detachNewThread {
            later.complete(with: HTTPResponse(status: 202, contentType: "text/plain", text: "later"))
            later.complete(with: HTTPResponse(status: 500, contentType: "text/plain", text: "ignored"))
        }
        let got = try pending.wait()
        #expect(got.status == 202)
        #expect(got.text == "later")
    }

    @Test func aResponseCompletedBeforeTheHandlerReturnsIsSentAtOnce() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            let done = DeferredResponse()
            done.complete(with: HTTPResponse(status: 200, contentType: "text/plain", text: "already"))
            return .deferred(done)
        }
        defer { server.stop() }
        #expect(try Client.fetch(server, "/").text == "already")
    }

    @Test func parkedRequestsHoldNoThread() throws {
        var limits = HTTPServer.Limits()
        limits.threads = 1
        let parked = Parked()
        let server = try Self.parkingServer(parked, limits: limits)
        defer { server.stop() }
        let waiting = try (0..<20).map { _ in try Client.start(server, "/park") }
        _ = parked.wait(for: waiting.count)
        // With one thread and twenty requests parked, another request is still answered.
        #expect(try Client.fetch(server, "/free").text == "now /free")
        parked.completeAll(with: "released")
        for pending in waiting {
            #expect(try pending.wait().text == "released")
        }
    }

    @Test func stopCallsTheStoppingHookThatCompletesParkedRequests() throws {
        let parked = Parked()
        let server = try Self.parkingServer(parked, stopping: { parked.completeAll(with: "stopping") })
        let pending = try Client.start(server, "/park")
        _ = parked.wait(for: 1)
        server.stop()
        let got = try pending.wait()
        #expect(got.status == 200)
        #expect(got.text == "stopping")
    }

    @Test func theObserverSeesParkedAnswersWhenTheyAreSent() throws {
        let parked = Parked()
        let log = Log()
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0,
            answered: { request, response, _ in log.add("\(request.path) \(response.status)") },
            handler: { _ in
                let later = DeferredResponse()
                parked.add(later)
                return .deferred(later)
            })
        defer { server.stop() }
        let pending = try Client.start(server, "/observed")
        _ = parked.wait(for: 1)
        #expect(log.lines.isEmpty)
        parked.completeAll(with: "done")
        #expect(try pending.wait().text == "done")
        #expect(log.lines == ["/observed 200"])
    }

    /// Lines written from any thread.
    final class Log: @unchecked Sendable {
        // Invariant: `stored` is only read or written while `lock` is held.
        private let lock = NSLock()
        private var stored: [String] = []

        func add(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }
}
