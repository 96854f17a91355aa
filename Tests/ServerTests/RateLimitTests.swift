import CatalogServer
import Foundation
import TestSupport
import Testing

/// `catalog serve --rate-limit N`: each token's requests are limited on their own, `2N` at once and `N` a second on
/// average; health never is, a request refused 401 takes nothing, and a long-poll counts once however long it waits.
@Suite struct RateLimitTests {
    /// Requests sent one after another until the first 429: how many passed before it, the refusal, and the seconds
    /// from `start` (by default the first request) until it came.
    struct Burst {
        var passed = 0
        var refusal: HTTPTestClient.Answer?
        var seconds = 0.0

        /// Whether exactly `burst` requests passed at a rate of `perSecond`, allowing for the tokens that came back
        /// while the requests were sent: one more for each whole `1 / perSecond` seconds they took.
        func passedExactly(_ burst: Int, refilling perSecond: Int) -> Bool {
            refusal != nil && passed >= burst && passed <= burst + Int(seconds * Double(perSecond))
        }
    }

    /// Sends `GET /v1/genres` with the server's token (or `headers`) until it is refused with 429, at most `limit`
    /// times; any other status than 200 and 429 fails the test.
    static func burst(
        _ served: some CatalogEndpoint, headers: [String: String] = [:], limit: Int = 50,
        since start: ContinuousClock.Instant = .now
    ) throws -> Burst {
        var burst = Burst()
        while burst.passed < limit {
            let answer = try served.get("/v1/genres", headers: headers)
            if answer.status == 429 {
                burst.refusal = answer
                break
            }
            try #require(answer.status == 200, "\(answer.text)")
            burst.passed += 1
        }
        burst.seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
        return burst
    }

    /// The first 429 answer to requests sent one after another with the server's token (at most 50).
    static func firstRefusal(_ served: some CatalogEndpoint) throws -> HTTPTestClient.Answer? {
        try burst(served).refusal
    }

    /// The rate of `--rate-limit N`.
    static func rate(_ perSecond: Int) -> RateLimiter.Rate {
        RateLimiter.Rate(requestsPerSecond: Double(perSecond), burst: 2 * perSecond)
    }

    @Test func aBurstIsAnswered429WithRetryAfterAndOthersAreUnaffected() throws {
        let served = try InProcessCatalog(rateLimit: Self.rate(1))
        defer { served.stop() }
        let other = try served.createToken(user: "other", scope: "read")

        let refused = try #require(try Self.firstRefusal(served), "50 requests in a row were never limited")
        let problem = try #require(try JSONSerialization.jsonObject(with: refused.body) as? [String: Any])
        #expect(problem["code"] as? String == "rate-limited")
        #expect(problem["status"] as? Int == 429)
        #expect(refused.header("content-type") == "application/problem+json")
        let retryAfter = try #require(refused.header("retry-after").flatMap { Int($0) })
        #expect(retryAfter >= 1)

        #expect(try served.get("/v1/genres", headers: ["Authorization": "Bearer \(other)"]).status == 200)
        for _ in 0..<10 {
            #expect(try served.get("/v1/health").status == 200)
        }

        Thread.sleep(forTimeInterval: Double(retryAfter))
        #expect(try served.get("/v1/genres").status == 200)
    }

    /// `--rate-limit 3`: a fresh token's first 6 requests pass at once and the 7th is refused, with a `Retry-After`
    /// of one second (a token is back within a third of one).
    @Test func exactlyTwiceTheRatePassesAtOnceThenRequestsAreRefused() throws {
        let served = try ServedCatalog(arguments: ["--rate-limit", "3"])
        defer { served.stop() }
        let burst = try Self.burst(served)
        #expect(burst.passedExactly(6, refilling: 3), "\(burst.passed) passed in \(burst.seconds) s")
        #expect(burst.refusal?.header("retry-after") == "1")
    }

    /// Requests without a valid token — none, malformed, unknown, expired or revoked (of the same user) — are each
    /// answered 401 however many come, never 429, and leave the user's valid token its whole burst.
    @Test func requestsRefused401AreNeverLimitedAndTakeNothing() throws {
        let served = try ServedCatalog(arguments: ["--rate-limit", "2"])
        defer { served.stop() }
        let user = ServedCatalog.user
        let expired = try served.createToken(user: user, scope: "read")
        try AuthTests.setExpiry(of: expired, to: Date().addingTimeInterval(-1), in: served)
        let revoked = try served.createToken(user: user, scope: "read")
        let revokedID = try #require(try AuthTests.id(of: user, in: served))
        #expect(try served.cli.run("tokens", "revoke", "\(revokedID)").status == 0)
        let refused: [String?] = [
            nil, "Bearer nope", "Bearer cat_" + String(repeating: "0f", count: 32), "Bearer \(expired)",
            "Bearer \(revoked)",
        ]
        let url = try served.url("/v1/genres")
        for authorization in refused {
            // Three times the burst of each.
            let statuses = try (0..<12).map { _ in
                try HTTPTestClient.start(url, headers: authorization.map { ["Authorization": $0] } ?? [:]).wait().status
            }
            #expect(statuses.allSatisfy { $0 == 401 }, "\(authorization ?? "no token"): \(statuses)")
        }
        let burst = try Self.burst(served)
        #expect(burst.passedExactly(4, refilling: 2), "\(burst.passed) passed in \(burst.seconds) s")
    }

    /// `--rate-limit 1` (bursts of 2): a parked long-poll took one request when it arrived, so one more passes while
    /// it waits; and it took nothing while it waited, so once it is answered (4 s on) the whole burst passes again.
    @Test func aLongPollCountsOnceWhenItArrivesHoweverLongItWaits() throws {
        let served = try InProcessCatalog(rateLimit: Self.rate(1))
        defer { served.stop() }
        let last = try served.lastSequence()
        let sent = ContinuousClock.now
        let parked = try served.start("GET", "/v1/changes?since=\(last)&wait=4")
        #expect(!parked.isAnswered(within: .milliseconds(300)), "the long-poll was answered at once")
        let whileParked = try Self.burst(served, since: sent)
        #expect(whileParked.passedExactly(1, refilling: 1), "\(whileParked.passed) in \(whileParked.seconds) s")
        let answer = try parked.wait(upTo: .seconds(15))
        #expect(answer.status == 200, "\(answer.text)")
        let after = try Self.burst(served)
        #expect(after.passedExactly(2, refilling: 1), "\(after.passed) in \(after.seconds) s")
    }

    /// `catalog sync --from` against a token that has used up its requests: the server's log shows the client's
    /// request of the feed refused 429 and, asked again after the `Retry-After`, answered; the sync completes.
    @Test func clientsWaitTheRetryAfterTheServerAsksFor() throws {
        let served = try ServedCatalog(arguments: ["--rate-limit", "1"])
        defer { served.stop() }
        try served.downloadSnapshot("client.sqlite")
        try served.importBooks(3, titled: "limited")
        _ = try #require(try Self.firstRefusal(served), "50 requests in a row were never limited")
        let refused = "GET /v1/changes 429 "
        let client = try served.cli.start(
            ["sync", "--from", served.baseURL] + served.tokenArguments, in: "client.sqlite")
        // The client starts while the bucket is empty, and it is kept empty (each token taken as it comes back)
        // until the client has been refused once; then the client has the bucket to itself.
        while client.process.isRunning && !served.process.standardErrorSoFar.contains(refused) {
            _ = try served.get("/v1/genres")
            Thread.sleep(forTimeInterval: 0.005)
        }
        let synced = client.wait()
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
        let log = served.stop().standardError
        let feed = log.split(separator: "\n").filter { $0.hasPrefix("GET /v1/changes ") }.map {
            $0.split(separator: " ")[2]
        }
        let firstRefusal = try #require(feed.firstIndex(of: "429"), "the client was never refused: \(log)")
        #expect(feed[(firstRefusal + 1)...].contains("200"), "the client's request never passed after: \(log)")
    }

    @Test func helpListsTheFlag() throws {
        let help = try CatalogCLI("serve-help").run("serve", "--help")
        #expect(help.standardOutput.contains("--rate-limit N"))
    }
}
