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
    /// A long-poll of the feed after `last`, sent whole on a connection of its own, which the test may close.
    static func park(_ served: ServedCatalog, after last: Int, token: String) throws -> RawHTTPConnection {
        let port = try #require(URLComponents(string: served.baseURL)?.port)
        let connection = try RawHTTPConnection(port: port, readTimeout: 10)
        connection.write(
            "GET /v1/changes?since=\(last)&wait=60 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n")
        return connection
    }

    /// The answer to `path` (a long-poll of a second) once the server has parked what was sent before it: asked
    /// again while it is not a 429, ten times at most.
    static func refusal(_ served: ServedCatalog, _ path: String, headers: [String: String] = [:]) throws
        -> HTTPTestClient.Answer
    {
        var answer = try served.get(path, headers: headers)
        for _ in 0..<10 where answer.status != 429 {
            answer = try served.get(path, headers: headers)
        }
        return answer
    }

    @Test func aTokenParksSixteenAndTheNextIsAnswered429AtOnceWhileOthersAreServed() throws {
        let served = try ServedCatalog()
        let token = try #require(served.token)
        let last = try served.lastSequence()
        var parked = try (0..<16).map { _ in try Self.park(served, after: last, token: token) }
        // Parked: none of them answers while nothing commits.
        #expect(!parked[0].isClosedWithoutAnswer(within: 0.5))
        let refused = try Self.refusal(served, "/v1/changes?since=\(last)&wait=1")
        #expect(refused.status == 429, "\(refused.text)")
        #expect(refused.header("retry-after") == "5")
        #expect(refused.text.contains("\"too-many-long-polls\""), "\(refused.text)")
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
        let parked = try (0..<16).map { _ in try Self.park(served, after: last, token: token) }
        let scene = try served.get("/v1/me/scenes/main")
        let tag = try #require(scene.header("etag"))
        let waiting = try Self.refusal(served, "/v1/me/scenes/main?wait=1", headers: ["If-None-Match": tag])
        #expect(waiting.status == 429, "\(waiting.text)")
        withExtendedLifetime(parked) {}
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
                #expect(error.status == 429 && error.code == "too-many-long-polls" && error.retryAfter == 5)
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
