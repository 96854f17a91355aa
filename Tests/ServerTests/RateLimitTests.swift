import Foundation
import TestSupport
import Testing

/// `catalog serve --rate-limit N`: each token's requests are limited on their own; health never is.
@Suite struct RateLimitTests {
    /// The first 429 answer to requests sent one after another with the server's token (at most 50).
    static func firstRefusal(_ served: ServedCatalog) throws -> HTTPTestClient.Answer? {
        for _ in 0..<50 {
            let answer = try served.get("/v1/genres")
            if answer.status == 429 { return answer }
            try #require(answer.status == 200, "\(answer.text)")
        }
        return nil
    }

    @Test func aBurstIsAnswered429WithRetryAfterAndOthersAreUnaffected() throws {
        let served = try ServedCatalog(arguments: ["--rate-limit", "1"])
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

    @Test func clientsWaitTheRetryAfterTheServerAsksFor() throws {
        let served = try ServedCatalog(arguments: ["--rate-limit", "1"])
        defer { served.stop() }
        _ = try #require(try Self.firstRefusal(served), "50 requests in a row were never limited")
        // The token's bucket is empty: the client's first request is refused, and it asks again when told to.
        try served.downloadSnapshot("client.sqlite")
        try served.importBooks(3, titled: "limited")
        _ = try #require(try Self.firstRefusal(served), "50 requests in a row were never limited")
        let synced = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try sameCatalog(served.cli.database, served.cli.path("client.sqlite")))
    }

    @Test func helpListsTheFlag() throws {
        let help = try CatalogCLI("serve-help").run("serve", "--help")
        #expect(help.standardOutput.contains("--rate-limit N"))
    }
}
