import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `catalog users` and `catalog tokens` as a user runs them.
@Suite struct TokensCLITests {
    @Test func aTokenIsPrintedOnceAndOnlyItsHashIsStored() throws {
        let cli = try CatalogCLI("tokens")
        #expect(try cli.run("users", "add", "ada").status == 0)
        let created = try cli.run("tokens", "create", "--user", "ada", "--scope", "nav")
        #expect(created.status == 0, "\(created.standardError)")
        let token = created.standardOutput.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("cat_") && token.count == 68, "\(created.standardOutput)")
        #expect(created.standardError.contains("shown only this once"))
        let json = try cli.run("tokens", "create", "--user", "ada", "--json", "--expires", "90m").json()
        let second = try #require(json["token"] as? String)
        #expect(second != token)
        #expect(json["scope"] as? String == "read")
        let createdAt = try #require((json["createdAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        let expiresAt = try #require((json["expiresAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(abs(expiresAt.timeIntervalSince(createdAt) - 5_400) < 1)
        // Listing shows ids, users and scopes, never a token.
        for arguments in [["tokens", "list"], ["tokens", "list", "--json"], ["tokens", "list", "--user", "ada"]] {
            let listed = try cli.run(arguments)
            #expect(listed.status == 0)
            #expect(listed.standardOutput.contains("ada"))
            #expect(!listed.standardOutput.contains(token.dropFirst(4)) && !listed.standardOutput.contains(second))
        }
        // The users' file holds the SHA-256 of each token and nothing of the token itself.
        let db = try Database(path: cli.usersDatabase)
        defer { try? db.close() }
        let hashes = try db.fetchAll(String.self, "SELECT hash FROM access_tokens ORDER BY id")
        #expect(hashes == [SHA256.hexDigest(of: token), SHA256.hexDigest(of: second)])
        // Nor does any byte of the catalog, the users' file or their WALs.
        for path in [cli.database, cli.database + "-wal", cli.usersDatabase, cli.usersDatabase + "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            for secret in [token, second] {
                #expect(bytes.range(of: Data(secret.dropFirst(4).utf8)) == nil, "\(path) holds a token")
            }
        }
    }

    @Test func refusedArgumentsSayWhatToDo() throws {
        let cli = try CatalogCLI("tokens")
        #expect(try cli.run("users", "add", "ada").status == 0)
        let cases: [(arguments: [String], message: String)] = [
            (["tokens", "create"], "--user NAME is required"),
            (["tokens", "create", "--user", "bob"], "catalog users add bob"),
            (["tokens", "create", "--user", "ada", "--scope", "root"], "read, nav, edit, admin"),
            (["tokens", "create", "--user", "ada", "--expires", "10"], "s, m, h or d"),
            (["tokens", "create", "--user", "ada", "--expires", "-5m"], "s, m, h or d"),
            // Past the year 9999 a time has no text form: stored as a number, it read back as "never expires".
            (["tokens", "create", "--user", "ada", "--expires", "1000000000d"], "omit --expires"),
            (["tokens", "revoke", "7"], "no access token has id 7"),
            (["tokens", "revoke", "seven"], "not a token id"),
            (["users", "add", "ada"], "exists already"),
            (["users", "add", "a/b"], "cannot contain '/'"),
            (["users", "remove", "bob"], "no user is named 'bob'"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(try cli.run("users", "list").standardOutput == "ada\n")
    }

    @Test func removingAUserRemovesTheirTokensAndNavigationState() throws {
        let cli = try CatalogCLI("tokens")
        try cli.importSamples()
        #expect(try cli.run("nav", "--user", "ada", "select-sidebar", "genres").status == 0)
        #expect(try cli.run("sessions", "--user", "ada", "save", "mine").status == 0)
        #expect(try cli.run("nav", "--user", "bob", "select-sidebar", "books").status == 0)
        let ada = try ServedCatalog.createToken(cli, user: "ada", scope: "read")
        _ = try ServedCatalog.createToken(cli, user: "bob", scope: "read")
        let removed = try cli.run("users", "remove", "ada")
        #expect(removed.status == 0)
        #expect(removed.standardOutput.contains("access tokens"))
        #expect(try cli.run("users", "list", "--json").standardOutput.contains("\"bob\""))
        let db = try Database(path: cli.usersDatabase)
        defer { try? db.close() }
        #expect(
            try db.fetchOne(Int.self, "SELECT count(*) FROM access_tokens WHERE hash = ?", [SHA256.hexDigest(of: ada)])
                == 0)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM access_tokens") == 1)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM nav_scenes") == 1)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM nav_sessions") == 0)
        let help = try cli.run("users", "--help").standardOutput
        #expect(help.contains("Removing a user removes their scenes, history, sessions and access tokens"))
    }
}
