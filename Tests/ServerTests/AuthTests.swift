import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Who may ask what: tokens made by `catalog tokens create`, checked by `catalog serve` on every endpoint.
@Suite struct AuthTests {
    /// Endpoints of each kind: catalog reads, the caller's scenes and sessions.
    static let readEndpoints = [
        "/v1/books", "/v1/search?q=tolk", "/v1/genres", "/v1/me/scenes/main", "/v1/me/sessions",
    ]

    @Test func everyEndpointButHealthRefusesRequestsWithoutAValidToken() throws {
        let served = try ServedCatalog()
        defer { served.stop() }
        let token = try #require(served.token)
        let book = try served.firstUUID("books")
        let expired = try served.createToken(user: "old", scope: "admin")
        try Self.setExpiry(of: expired, to: Date().addingTimeInterval(-1), in: served)
        let revoked = try served.createToken(user: "gone", scope: "admin")
        let revokedID = try #require(try Self.id(of: "gone", in: served))
        #expect(try served.cli.run("tokens", "revoke", "\(revokedID)").status == 0)
        let unknown = "cat_" + String(repeating: "0f", count: 32)
        let cases: [(authorization: String?, code: String)] = [
            (nil, "missing-token"),
            ("Bearer", "malformed-token"),
            ("Basic dGVzdGVyOnNlY3JldA==", "malformed-token"),
            ("Bearer not-a-token", "malformed-token"),
            ("Bearer " + token.uppercased(), "malformed-token"),
            ("Bearer " + token + "0", "malformed-token"),
            ("Bearer " + unknown, "unknown-token"),
            ("Bearer " + expired, "expired-token"),
            ("Bearer " + revoked, "revoked-token"),
        ]
        let endpoints: [(method: String, path: String)] =
            Self.readEndpoints.map { ("GET", $0) } + [
                ("GET", "/v1/books/\(book)"), ("POST", "/v1/me/scenes/main/intents"), ("PUT", "/v1/me/scenes/main"),
                ("PUT", "/v1/me/sessions/s"), ("DELETE", "/v1/me/sessions/s"),
            ]
        served.token = nil
        for (authorization, code) in cases {
            for (method, path) in endpoints {
                let answer = try served.request(
                    method, path, headers: authorization.map { ["Authorization": $0] } ?? [:],
                    body: method == "GET" ? nil : Data(#"{"intent": "pop"}"#.utf8))
                let context = "\(method) \(path) with \(authorization ?? "no Authorization")"
                #expect(answer.status == 401, "\(context)")
                #expect(try problemCode(answer) == code, "\(context): \(answer.text)")
                #expect(answer.header("www-authenticate")?.hasPrefix("Bearer") == true, "\(context)")
                for secret in [token, expired, revoked, unknown] {
                    #expect(!answer.text.contains(String(secret.dropFirst(4))), "\(context) echoes a token")
                }
            }
        }
        #expect(try served.get("/v1/health").status == 200)
        // The log names no token and no user for refused requests.
        let log = served.stop().standardError
        for secret in [token, expired, revoked, unknown] {
            #expect(!log.contains(String(secret.dropFirst(4))))
        }
    }

    @Test func aScopeAllowsWhatItNamesAndLess() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let read = try served.createToken(user: "reader", scope: "read")
        let nav = try served.createToken(user: "navigator", scope: "nav")
        let changes: [(method: String, path: String, body: String)] = [
            ("POST", "/v1/me/scenes/main/intents", #"{"intent": "select-sidebar", "argument": "books"}"#),
            ("PUT", "/v1/me/sessions/s", ""), ("POST", "/v1/me/sessions/s/restore", ""),
            ("DELETE", "/v1/me/sessions/s", ""),
        ]
        for path in Self.readEndpoints {
            for token in [read, nav] {
                let answer = try served.get(path, headers: ["Authorization": "Bearer \(token)"])
                #expect(answer.status == 200, "GET \(path): \(answer.text)")
            }
        }
        for (method, path, body) in changes {
            let refused = try served.request(
                method, path, headers: ["Authorization": "Bearer \(read)"], body: Data(body.utf8))
            #expect(refused.status == 403, "\(method) \(path)")
            #expect(try problemCode(refused) == "insufficient-scope", "\(method) \(path)")
            #expect(refused.header("www-authenticate")?.contains(#"scope="nav""#) == true)
            let allowed = try served.request(
                method, path, headers: ["Authorization": "Bearer \(nav)"], body: Data(body.utf8))
            #expect([200, 204].contains(allowed.status), "\(method) \(path): \(allowed.text)")
        }
        // A nav token may not PUT a scene it has not read either: that is If-Match's 428, not a scope refusal.
        let put = try served.request("PUT", "/v1/me/scenes/main", headers: ["Authorization": "Bearer \(nav)"])
        #expect(put.status == 428)
    }

    @Test func aTokenRecordsWhenItWasLastUsed() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let before = try #require(try Self.listed(in: served).first)
        #expect(before["lastUsedAt"] is NSNull)
        #expect(try served.get("/v1/books?limit=1").status == 200)
        let after = try #require(try Self.listed(in: served).first)
        #expect(after["lastUsedAt"] is String)
    }

    // MARK: Helpers

    /// The tokens as `catalog tokens list --json` prints them.
    static func listed(in served: some CatalogEndpoint) throws -> [[String: Any]] {
        let text = try served.cli.run("tokens", "list", "--json").standardOutput
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// The id of `user`'s last token.
    static func id(of user: String, in served: some CatalogEndpoint) throws -> Int? {
        try listed(in: served).last { $0["user"] as? String == user }?["id"] as? Int
    }

    /// Moves the expiry of `token` (whose hash is what is stored) to `date`: a clock set forward, without sleeping.
    static func setExpiry(of token: String, to date: Date, in served: some CatalogEndpoint) throws {
        let db = try Database(path: served.cli.usersDatabase)
        defer { try? db.close() }
        try db.execute(
            "UPDATE access_tokens SET expires_at = ? WHERE hash = ?", [date, SHA256.hexDigest(of: token)])
        try #require(db.changes == 1)
    }
}

/// The `code` of a problem+json answer.
func problemCode(_ answer: HTTPTestClient.Answer) throws -> String? {
    #expect(answer.header("content-type") == "application/problem+json")
    let problem = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    return problem?["code"] as? String
}
