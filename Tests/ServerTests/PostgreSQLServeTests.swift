import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `catalog --database URL serve`: the HTTP contract of a server on PostgreSQL checked against a server on SQLite.
/// The SQLite server serves a snapshot of the PostgreSQL catalog, so both hold the same ids, uuids and times and
/// their answers can be compared as they are. Skipped with the reason when PostgreSQL is not installed.
@Suite struct PostgreSQLServeTests {
    /// A PostgreSQL database holding the sample catalogs, and the test's files.
    private static func sampleDatabase(_ label: String) throws -> (uri: String, cli: CatalogCLI) {
        let uri = try PostgresCluster.shared().createDatabase(label)
        let cli = try CatalogCLI(label)
        let imported = try CatalogCLI.run(
            ["--database", uri, "import"]
                + ["library.json", "music.json"].map { TestSupport.sampleData.appending(path: $0).path })
        try #require(imported.status == 0, "\(imported.standardError)")
        return (uri, cli)
    }

    /// Two servers, on PostgreSQL and on a SQLite snapshot of it.
    private static func servers(_ label: String) throws -> (postgreSQL: ServedCatalog, sqlite: ServedCatalog) {
        let (uri, cli) = try sampleDatabase(label)
        let snapshot = try CatalogCLI.run(["--database", uri, "snapshot", cli.database])
        try #require(snapshot.status == 0, "\(snapshot.standardError)")
        let postgreSQL = try ServedCatalog(cli: cli, database: ["--database", uri])
        do {
            return (postgreSQL, try ServedCatalog(cli: cli, database: ["--db", cli.database]))
        } catch {
            postgreSQL.stop()
            throw error
        }
    }

    /// A uuid of the SQLite copy: the first row `sql` selects.
    private static func uuid(_ sql: String, in cli: CatalogCLI) throws -> String {
        let db = try Database(path: cli.database)
        defer { try? db.close() }
        return try #require(try db.fetchOne(String.self, sql))
    }

    @Test func theCatalogsListsEntitiesSearchAndErrorsAnswerAsOnSQLite() throws {
        let (postgreSQL, sqlite) = try Self.servers("serve-pg-catalog")
        defer {
            postgreSQL.stop()
            sqlite.stop()
        }
        let cli = sqlite.cli
        let book = try Self.uuid(
            "SELECT b.uuid FROM books b WHERE (SELECT count(*) FROM book_authors WHERE book_id = b.id) > 1 "
                + "AND EXISTS (SELECT 1 FROM book_genres WHERE book_id = b.id) ORDER BY b.id", in: cli)
        let author = try Self.uuid(
            "SELECT a.uuid FROM authors a JOIN book_authors ba ON ba.author_id = a.id JOIN books b ON b.id = ba.book_id "
                + "WHERE b.uuid = '\(book)'", in: cli)
        let genre = try Self.uuid(
            "SELECT g.uuid FROM genres g WHERE EXISTS (SELECT 1 FROM band_genres WHERE genre_id = g.id) ORDER BY g.id",
            in: cli)
        let band = try Self.uuid(
            "SELECT d.uuid FROM bands d JOIN band_genres bg ON bg.band_id = d.id JOIN genres g ON g.id = bg.genre_id "
                + "WHERE g.uuid = '\(genre)'", in: cli)
        var paths = [
            "/v1/books", "/v1/authors", "/v1/genres", "/v1/bands", "/v1/books?limit=2", "/v1/books?author=\(author)",
            "/v1/books?genre=\(genre)", "/v1/authors?book=\(book)", "/v1/authors?author=\(author)",
            "/v1/genres?band=\(band)", "/v1/bands?genre=\(genre)", "/v1/books/\(book)", "/v1/authors/\(author)",
            "/v1/genres/\(genre)", "/v1/bands/\(band)", "/v1/lookup/book/\(book)", "/v1/lookup/band/\(band)",
            // Refusals: a cursor of no list, a filter that is not a uuid, two filters, a filter the list does not
            // take, limits, an unknown parameter, absent entities, a search without text, an unknown path.
            "/v1/books?after=garbage", "/v1/books?author=x", "/v1/books?author=\(author)&genre=\(genre)",
            "/v1/genres?author=\(author)", "/v1/books?limit=0", "/v1/books?limit=1001", "/v1/books?colour=red",
            "/v1/books/\(UUID().uuidString.lowercased())", "/v1/books/not-a-uuid", "/v1/search", "/v1/lookup/film/x",
            "/v1/nothing-here",
        ]
        // The next pages, by the cursors the servers gave.
        for list in ["/v1/books?limit=2", "/v1/authors?limit=3", "/v1/bands?genre=\(genre)&limit=1"] {
            let page = try #require(try JSONSerialization.jsonObject(with: sqlite.get(list).body) as? [String: Any])
            let next = try #require(page["next"] as? String)
            paths.append("\(list)&after=\(next)")
        }
        for path in paths {
            let (onPostgreSQL, onSQLite) = (try postgreSQL.get(path), try sqlite.get(path))
            #expect(onPostgreSQL.status == onSQLite.status, "\(path)")
            #expect(onPostgreSQL.text == onSQLite.text, "\(path)")
            #expect(onPostgreSQL.header("Content-Type") == onSQLite.header("Content-Type"), "\(path)")
        }
        // Search ranks differently (ts_rank against bm25): the same hits, in any order.
        for text in ["tolk", "the", "Motörhead", "heavy metal", "\"(*"] {
            let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let path = "/v1/search?q=\(query)&limit=1000"
            #expect(try Self.hits(postgreSQL.get(path)) == Self.hits(sqlite.get(path)), "\(path)")
        }
        // Tokens: unknown, missing.
        for headers in [["Authorization": "Bearer cat_" + String(repeating: "0", count: 64)], ["Authorization": ""]] {
            let (onPostgreSQL, onSQLite) = (
                try postgreSQL.get("/v1/books", headers: headers), try sqlite.get("/v1/books", headers: headers)
            )
            #expect(onPostgreSQL.status == onSQLite.status && onPostgreSQL.text == onSQLite.text)
        }
        let health = try #require(
            try JSONSerialization.jsonObject(with: postgreSQL.get("/v1/health").body) as? [String: Any])
        #expect(health["status"] as? String == "ok" && (health["lastSeq"] as? Int ?? 0) > 40)
    }

    /// The editing endpoints on a PostgreSQL catalog: a new entry, a patch based on its ETag, the same ETag again
    /// refused as stale, an author with books not deleted, a merge whose merged uuid then redirects, the history.
    @Test func editsOverHTTPWorkOnPostgreSQL() throws {
        let (uri, cli) = try Self.sampleDatabase("serve-pg-edits")
        let served = try ServedCatalog(cli: cli, database: ["--database", uri])
        defer { served.stop() }
        let send = { (method: String, path: String, body: String, etag: String?) in
            try served.request(
                method, path, headers: etag.map { ["If-Match": $0] } ?? [:], body: Data(body.utf8))
        }
        let author = try #require(
            (try JSONSerialization.jsonObject(with: served.get("/v1/authors?limit=1").body) as? [String: Any])
                .flatMap { ($0["items"] as? [[String: Any]])?.first?["uuid"] as? String })
        let shown = try served.get("/v1/authors/\(author)")
        #expect(shown.status == 200 && shown.header("etag") != nil)

        let created = try send("POST", "/v1/authors", #"{"name": "Twain, Mark"}"#, nil)
        #expect(created.status == 201, "\(created.text)")
        let path = try #require(created.header("location"))
        let renamed = try send("PATCH", path, #"{"name": "Twain, Samuel"}"#, created.header("etag"))
        #expect(renamed.status == 200, "\(renamed.text)")
        let stale = try send("PATCH", path, #"{"name": "Clemens"}"#, created.header("etag"))
        #expect(stale.status == 412, "\(stale.text)")
        let refused = try send("DELETE", "/v1/authors/\(author)", "", shown.header("etag"))
        #expect(refused.status == 409, "\(refused.text)")
        #expect(try served.get("/v1/authors/\(author)").text == shown.text)

        let merged = try send("POST", path + "/merge", #"{"into": "\#(author)"}"#, nil)
        #expect(merged.status == 200, "\(merged.text)")
        // The client follows the 308 a merged uuid is answered with (the in-process tests see the 308 itself).
        let moved = try served.get(path)
        let opened = try JSONSerialization.jsonObject(with: moved.body) as? [String: Any]
        #expect(moved.status == 200 && opened?["uuid"] as? String == author, "\(moved.status) \(moved.text)")
        let history = try served.get("/v1/authors/\(author)/history")
        #expect(history.status == 200 && history.text.contains("\"merge\""), "\(history.text)")
    }

    @Test func scenesAndSessionsAnswerAsOnSQLite() throws {
        let (postgreSQL, sqlite) = try Self.servers("serve-pg-scenes")
        defer {
            postgreSQL.stop()
            sqlite.stop()
        }
        let book = try Self.uuid(
            "SELECT b.uuid FROM books b JOIN book_authors ba ON ba.book_id = b.id ORDER BY b.id", in: sqlite.cli)
        let author = try Self.uuid(
            "SELECT a.uuid FROM authors a JOIN book_authors ba ON ba.author_id = a.id JOIN books b ON b.id = ba.book_id "
                + "WHERE b.uuid = '\(book)'", in: sqlite.cli)
        let unlinked = try Self.uuid("SELECT uuid FROM bands ORDER BY id", in: sqlite.cli)
        // An author the book does not credit: pushing it is refused by the catalog's links, not by the route kinds.
        let uncredited = try Self.uuid(
            "SELECT a.uuid FROM authors a WHERE a.id NOT IN (SELECT author_id FROM book_authors ba JOIN books b "
                + "ON b.id = ba.book_id WHERE b.uuid = '\(book)') ORDER BY a.id", in: sqlite.cli)
        func intent(_ name: String, _ argument: String? = nil) -> Data {
            Data(#"{"intent": "\#(name)"\#(argument.map { #", "argument": "\#($0)""# } ?? "")}"#.utf8)
        }
        let steps: [(method: String, path: String, headers: [String: String], body: Data?)] = [
            ("GET", "/v1/me/scenes/main", [:], nil),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("select-sidebar", "books")),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("select-content", "book/\(book)")),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("push", "author/\(author)")),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("push", "band/\(unlinked)")),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("push", "author/\(uncredited)")),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("fly")),
            ("POST", "/v1/me/scenes/main/intents", ["If-Match": "\"stale\""], intent("pop")),
            ("PUT", "/v1/me/scenes/main", [:], Data(#"{"sidebar": "genres"}"#.utf8)),
            ("PUT", "/v1/me/scenes/main", ["If-Match": "*"], Data(#"{"sidebar": "book/\#(book)"}"#.utf8)),
            ("POST", "/v1/me/scenes/main/intents", [:], intent("back")),
            ("PUT", "/v1/me/sessions/reading?scene=main", [:], nil),
            ("GET", "/v1/me/sessions", [:], nil),
            ("POST", "/v1/me/sessions/reading/restore?scene=side", [:], nil),
            ("GET", "/v1/me/scenes/side", [:], nil),
            ("DELETE", "/v1/me/sessions/reading", [:], nil),
            ("DELETE", "/v1/me/sessions/reading", [:], nil),
            ("GET", "/v1/me/scenes/bad%20name", [:], nil),
        ]
        for step in steps {
            let onPostgreSQL = try postgreSQL.request(step.method, step.path, headers: step.headers, body: step.body)
            let onSQLite = try sqlite.request(step.method, step.path, headers: step.headers, body: step.body)
            let label = "\(step.method) \(step.path) \(String(decoding: step.body ?? Data(), as: UTF8.self))"
            #expect(onPostgreSQL.status == onSQLite.status, "\(label)")
            #expect(try Self.withoutTimes(onPostgreSQL) == Self.withoutTimes(onSQLite), "\(label)")
        }
    }

    @Test func aLongPollWakesOnACommitOfAnotherProcessAndClientsSyncFromIt() throws {
        let (uri, cli) = try Self.sampleDatabase("serve-pg-feed")
        let served = try ServedCatalog(cli: cli, database: ["--database", uri])
        defer { served.stop() }
        let last = try served.lastSequence()
        let feed = try served.get("/v1/changes?since=0")
        #expect(feed.status == 200 && feed.header("Content-Type") == "application/x-ndjson")
        #expect(feed.text.split(separator: "\n").count > 40)

        // Held until `catalog import` commits in another process: NOTIFY wakes it, long before its 60 s are up.
        let waiting = try served.start("GET", "/v1/changes?since=\(last)&wait=60")
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered before anything was committed")
        try served.importBook("Parable of the Sower")
        let woken = try waiting.wait(upTo: .seconds(20))
        #expect(woken.status == 200 && woken.text.contains("Parable of the Sower"), "\(woken.text)")

        // A client started from the server's snapshot and synced from its feed holds what PostgreSQL holds.
        try served.downloadSnapshot("client.sqlite")
        try served.importBook("Kindred")
        let synced = try served.client(["sync", "--from", served.baseURL], in: "client.sqlite")
        #expect(synced.status == 0 && synced.standardOutput.contains("applied"), "\(synced.standardError)")
        let direct = try CatalogCLI.run(["--database", uri, "snapshot", cli.path("direct.sqlite")])
        try #require(direct.status == 0, "\(direct.standardError)")
        #expect(try sameCatalog(cli.path("client.sqlite"), cli.path("direct.sqlite")))
    }

    @Test func twoServersOnOneDatabaseWakeEachOthersLongPolls() throws {
        let (uri, cli) = try Self.sampleDatabase("serve-pg-two")
        let first = try ServedCatalog(cli: cli, database: ["--database", uri])
        defer { first.stop() }
        let second = try ServedCatalog(cli: cli, database: ["--database", uri])
        defer { second.stop() }
        second.token = first.token

        let shown = try first.get("/v1/me/scenes/main")
        let etag = try #require(shown.header("ETag"))
        // Answered when the intent's NOTIFY reaches the first server, long before its 60 s are up.
        let waiting = try first.start("GET", "/v1/me/scenes/main?wait=60", headers: ["If-None-Match": etag])
        #expect(!waiting.isAnswered(within: .milliseconds(300)), "answered before the scene changed")
        let changed = try second.request(
            "POST", "/v1/me/scenes/main/intents",
            body: Data(#"{"intent": "select-sidebar", "argument": "genres"}"#.utf8))
        #expect(changed.status == 200, "\(changed.text)")
        let woken = try waiting.wait(upTo: .seconds(20))
        #expect(woken.status == 200 && woken.header("ETag") == changed.header("ETag"), "\(woken.text)")
        let scene = try #require(try JSONSerialization.jsonObject(with: woken.body) as? [String: Any])
        #expect(scene["sidebar"] as? String == "genres")
    }

    @Test func catalogReadsGoToTheReplicaAndNavigationToThePrimary() throws {
        let cluster = try PostgresCluster.shared()
        let (uri, cli) = try Self.sampleDatabase("serve-pg-replica")
        let name = try #require(uri.split(separator: "/").last.map(String.init))
        let replica = try cluster.startReplica()
        defer { replica.stop() }
        let served = try ServedCatalog(
            cli: cli, database: ["--database", uri], arguments: ["--read-database", replica.uri(database: name)])
        defer { served.stop() }

        // The replica refuses writes, so a saved intent shows navigation goes to the primary, and the next read of
        // the scene shows the write.
        let changed = try served.request(
            "POST", "/v1/me/scenes/main/intents", body: Data(#"{"intent": "select-sidebar", "argument": "bands"}"#.utf8)
        )
        #expect(changed.status == 200, "\(changed.text)")
        #expect(try served.get("/v1/me/scenes/main").header("ETag") == changed.header("ETag"))

        // With the replica's replay paused, a book imported on the primary is in the change feed at once (read on
        // the primary) and out of the search (read on the replica) until the replay goes on.
        let last = try served.lastSequence()
        let psql = try TestSupport.installedTool("psql")
        let replicaURI = replica.uri(database: name)
        let pause = try TestSupport.run(psql, [replicaURI, "-Atc", "SELECT pg_wal_replay_pause()"])
        try #require(pause.status == 0, "\(pause.standardError)")
        try served.importBook("Bloodchild")
        let feed = try served.get("/v1/changes?since=\(last)")
        #expect(feed.status == 200 && feed.text.contains("Bloodchild"), "\(feed.text)")
        #expect(try served.get("/v1/lookup/book/\(try Self.uuid(of: "Bloodchild", in: feed))").text.contains("current"))
        #expect(try !served.get("/v1/search?q=bloodchild").text.contains("Bloodchild"))
        let resume = try TestSupport.run(psql, [replicaURI, "-Atc", "SELECT pg_wal_replay_resume()"])
        try #require(resume.status == 0, "\(resume.standardError)")
        let deadline = ContinuousClock.now + .seconds(30)
        var listed = false
        while !listed && ContinuousClock.now < deadline {
            listed = try served.get("/v1/search?q=bloodchild").text.contains("Bloodchild")
            if !listed { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(listed)
    }

    /// The uuid of the book titled `title` among the change lines of `answer`.
    private static func uuid(of title: String, in answer: HTTPTestClient.Answer) throws -> String {
        let line = try #require(answer.text.split(separator: "\n").first { $0.contains("\"\(title)\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(object["uuid"] as? String, "\(line)")
    }

    @Test func readDatabaseIsRefusedWithoutDatabase() throws {
        let cli = try CatalogCLI("serve-pg-usage")
        try cli.importSamples()
        let refused = try cli.run("serve", "--read-database", "postgres://localhost/catalog")
        #expect(refused.status == 64 && refused.standardError.contains("--read-database"), "\(refused.standardError)")
    }

    /// The hits of a search answer, as a set of `kind/uuid`.
    private static func hits(_ answer: HTTPTestClient.Answer) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        return Set(items.map { "\($0["kind"] ?? "")/\($0["uuid"] ?? "")" })
    }

    /// The answer's JSON with the times a session was saved left out (each server saved it at its own time).
    private static func withoutTimes(_ answer: HTTPTestClient.Answer) throws -> String {
        guard var json = try? JSONSerialization.jsonObject(with: answer.body) else { return answer.text }
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !["createdAt", "updatedAt"].contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        json = strip(json)
        return String(decoding: try JSONSerialization.data(withJSONObject: json, options: .sortedKeys), as: UTF8.self)
    }
}
