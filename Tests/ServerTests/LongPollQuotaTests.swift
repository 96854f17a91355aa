import AccessTokens
import CatalogServer
import Foundation
import HTTPServer
import Navigation
import TestSupport
import Testing

/// How many long-polls may wait at once: one token, user or address cannot park enough of them to take the
/// server's connections from everyone else.
@Suite struct LongPollQuotaTests {
    /// A long-poll of `path`, sent whole on a connection of its own, which the test may close.
    static func park(_ served: ServedCatalog, _ path: String, token: String, headers: String = "") throws
        -> RawHTTPConnection
    {
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let connection = try RawHTTPConnection(port: port, readTimeout: 10)
        connection.write("GET \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\(headers)\r\n")
        return connection
    }

    /// The answers `connections` received once one of them was answered (5 s at most) and half a second more
    /// passed: those of the long-polls not left waiting.
    static func answers(_ connections: [RawHTTPConnection]) -> [String] {
        var answered: [Int: String] = [:]
        func look() {
            for (index, connection) in connections.enumerated() where answered[index] == nil {
                let text = connection.received(within: 0)
                if !text.isEmpty { answered[index] = text }
            }
        }
        for _ in 0..<50 where answered.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            look()
        }
        Thread.sleep(forTimeInterval: 0.5)
        look()
        return answered.keys.sorted().compactMap { answered[$0] }
    }

    @Test func aTokenParksSixteenAndTheNextIsAnswered429AtOnceWhileOthersAreServed() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let token = try #require(served.token)
        let last = try served.lastSequence()
        // Seventeen long-polls of one token: sixteen wait, whichever the server reads last is refused at once.
        var parked = try (0..<17).map { _ in try Self.park(served, "/v1/changes?since=\(last)&wait=60", token: token) }
        let refused = Self.answers(parked)
        #expect(refused.count == 1, "\(refused)")
        #expect(RawHTTPConnection.status(of: refused.first ?? "") == 429, "\(refused)")
        #expect(refused.first?.contains("Retry-After: 5\r\n") == true, "\(refused)")
        #expect(refused.first?.contains("\"too-many-long-polls\"") == true, "\(refused)")
        // Everyone else is served: the health check, this token's other requests, another user's long-poll.
        #expect(try served.get("/v1/health").status == 200)
        #expect(try served.get("/v1/books?limit=1").status == 200)
        let other = try served.createToken(user: "other", scope: "read")
        let others = try served.start(
            "GET", "/v1/changes?since=\(last)&wait=1", headers: ["Authorization": "Bearer \(other)"])
        #expect(try others.wait(upTo: .seconds(10)).status == 200)
        // The token's clients go away: their long-polls stop counting within a second or so, not in 60 s.
        parked.removeAll()
        Thread.sleep(forTimeInterval: 1.5)
        let again = try served.start("GET", "/v1/changes?since=\(last)&wait=2")
        let answer = try again.wait(upTo: .seconds(10))
        #expect(answer.status == 200, "\(answer.text)")
        let log = served.stop().standardError
        #expect(log.components(separatedBy: "GET /v1/changes 499 ").count - 1 == 16, "\(log)")
    }

    @Test func aScenesLongPollCountsAgainstTheSameQuota() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let token = try #require(served.token)
        let last = try served.lastSequence()
        let tag = try #require(try served.get("/v1/me/scenes/main").header("etag"))
        // Fifteen feed long-polls fit the token's sixteen; two scene long-polls beside them do not.
        let feed = try (0..<15).map { _ in try Self.park(served, "/v1/changes?since=\(last)&wait=60", token: token) }
        let scenes = try (0..<2).map { _ in
            try Self.park(served, "/v1/me/scenes/main?wait=60", token: token, headers: "If-None-Match: \(tag)\r\n")
        }
        let refused = Self.answers(feed + scenes)
        #expect(refused.count == 1 && RawHTTPConnection.status(of: refused.first ?? "") == 429, "\(refused)")
    }

    /// A caller with token `token` of user `user`.
    static func caller(token: Int64, user: Int64) -> Caller {
        Caller(user: NavigationUser(name: "u\(user)", id: user), scope: .read, tokenID: token)
    }

    @Test func eachBoundCountsWhatItNamesAndAnAnswerGivesItsPlaceBack() throws {
        let quota = LongPollQuota(limits: .init(perToken: 2, perUser: 3, perAddress: 4, total: 5))
        func admit(token: Int64, user: Int64, address: String = "a") throws(APIProblem) -> DeferredResponse {
            let deferred = DeferredResponse()
            try quota.admit(deferred, for: Self.caller(token: token, user: user), from: address)
            return deferred
        }
        func refusal(token: Int64, user: Int64, address: String = "a") -> String? {
            do {
                _ = try admit(token: token, user: user, address: address)
                return nil
            } catch {
                #expect(error.status == 429 && error.code == .tooManyLongPolls && error.retryAfter == 5)
                return error.detail
            }
        }
        let first = try admit(token: 1, user: 1)
        _ = try admit(token: 1, user: 1)
        #expect(refusal(token: 1, user: 1)?.hasPrefix("this token has 2 ") == true)
        _ = try admit(token: 2, user: 1)
        #expect(refusal(token: 3, user: 1)?.hasPrefix("this user's tokens have 3 ") == true)
        _ = try admit(token: 4, user: 2)
        #expect(refusal(token: 5, user: 3)?.hasPrefix("this address has 4 ") == true)
        _ = try admit(token: 5, user: 3, address: "b")
        #expect(refusal(token: 6, user: 4, address: "c")?.hasPrefix("all clients have 5 ") == true)
        // An answer (or a client gone) frees its place at once, and a refusal took none.
        first.complete(with: HTTPResponse(status: 200))
        #expect(quota.waiting(token: 1) == 1)
        _ = try admit(token: 6, user: 4, address: "c")
    }
}
