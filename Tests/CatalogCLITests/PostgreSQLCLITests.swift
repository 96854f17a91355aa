import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `catalog --database URL`: the commands that work on a PostgreSQL database, and the refusals of those that do not
/// yet, against a throwaway cluster (skipped with the reason when PostgreSQL is not installed).
@Suite struct PostgreSQLCLITests {
    @Test func initMigratesOnceAndInfoReportsTheTables() throws {
        let cluster = try PostgresCluster.shared()
        let uri = try cluster.createDatabase("cli")
        let first = try CatalogCLI.run(["--database", uri, "init"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(
            first.standardOutput.contains(
                "applied 0001_catalog.sql, 0002_link_log_per_statement.sql, 0003_commit_notifications.sql, "
                    + "0004_web_session_csrf_hashes.sql, 0005_nav_scene_changes.sql, 0006_catalog_edits.sql, "
                    + "0007_edit_scope.sql, 0008_import_hand_edits.sql, 0009_uploads.sql, 0010_set_based_push.sql, "
                    + "0011_import_identities_version.sql; schema version"
            ))
        let again = try CatalogCLI.run(["--database", uri, "init"])
        #expect(again.standardOutput.contains("is up to date (schema version"))

        let info = try CatalogCLI.run(["--database", uri, "info", "--json"])
        #expect(info.status == 0, "\(info.standardError)")
        let report = try info.json()
        #expect((report["postgresqlVersion"] as? String)?.hasPrefix("1") == true)
        #expect(report["sqliteVersion"] == nil)
        #expect(report["schemaVersion"] as? Int == report["latestSchemaVersion"] as? Int)
        #expect((report["migrations"] as? [[String: Any]])?.first?["name"] as? String == "catalog")
        let tables = try #require(report["tables"] as? [String: Int])
        #expect(tables["books"] == 0 && tables["change_log_state"] == 1 && tables["nav_scenes"] == 0)
        // The password of the URI is never printed.
        for output in [first, again, info] {
            #expect(!(output.standardOutput + output.standardError).contains(cluster.password))
        }
        #expect((report["database"] as? String)?.contains("postgres:***@127.0.0.1") == true)
    }

    /// A database in another encoding than UTF8 is refused in one sentence: what it is, what the catalog needs,
    /// how to make one; not the migration's SQL, and nothing is created in it.
    @Test func initOnADatabaseThatIsNotUTF8SaysHowToMakeOne() throws {
        let cluster = try PostgresCluster.shared()
        let uri = try cluster.createDatabase("latin1", encoding: "LATIN1", locale: "C")
        let name = try #require(uri.split(separator: "/").last.map(String.init))
        let refused = try CatalogCLI.run(["--database", uri, "init"])
        #expect(refused.status == 65)
        let message = refused.standardError
        #expect(message.split(separator: "\n").count == 1, "\(message)")
        #expect(message.hasPrefix("error: the PostgreSQL database \(name) has encoding LATIN1"), "\(message)")
        #expect(message.contains("ENCODING 'UTF8'") && message.contains("TEMPLATE template0"), "\(message)")
        for noise in ["SQLite", "CREATE TABLE", "DO $$", "P0001", cluster.password] {
            #expect(!message.contains(noise), "\(noise) in \(message)")
        }
        let psql = try TestSupport.installedTool("psql")
        let tables = try TestSupport.run(
            psql, [uri, "-Atc", "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"])
        #expect(tables.standardOutput == "0\n", "\(tables.standardError)")
    }

    @Test func changesPrintsTheFeedAndPrunesIt() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli")
        try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
        let psql = try TestSupport.installedTool("psql")
        let inserted = try TestSupport.run(
            psql,
            [uri, "-c", "INSERT INTO books (title, sort_title, sort_key) VALUES ('Kindred', 'Kindred', 'kindred')"])
        try #require(inserted.status == 0, "\(inserted.standardError)")

        let changes = try CatalogCLI.run(["--database", uri, "changes"])
        #expect(changes.status == 0, "\(changes.standardError)")
        let lines = changes.standardOutput.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains(#""title":"Kindred""#) && lines[0].contains(#""op":"insert""#))
        #expect(lines.last?.contains(#""more":false"#) == true && lines.last?.contains(#""pruned_before":0"#) == true)

        let pruned = try CatalogCLI.run(["--database", uri, "changes", "--prune-before", "2"])
        #expect(pruned.standardOutput == "pruned 1 change(s); the log now starts at 2\n", "\(pruned.standardError)")
        let behind = try CatalogCLI.run(["--database", uri, "changes", "--since", "0"])
        #expect(behind.status == 65 && behind.standardError.contains("snapshot"), "\(behind.standardError)")
    }

    @Test func snapshotMakesAClientCopyThatSyncFollows() throws {
        let cluster = try PostgresCluster.shared()
        let uri = try cluster.createDatabase("cli")
        try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
        let psql = try TestSupport.installedTool("psql")
        func insert(_ title: String) throws {
            let sql =
                "INSERT INTO books (title, sort_title, sort_key) VALUES ('\(title)', '\(title)', lower('\(title)'))"
            let inserted = try TestSupport.run(psql, [uri, "-c", sql])
            try #require(inserted.status == 0, "\(inserted.standardError)")
        }
        try insert("Kindred")

        let cli = try CatalogCLI("pg-snapshot")
        let snapshot = try CatalogCLI.run(["--database", uri, "snapshot", cli.database])
        #expect(snapshot.status == 0, "\(snapshot.standardError)")
        #expect(snapshot.standardOutput.hasPrefix("wrote \(cli.database) at sequence 1 (server "))
        #expect(try cli.run("list", "books").standardOutput.contains("Kindred"))

        // The copy records its own writes from the start (it used to only from its first sync on), and they go up
        // first.
        #expect(try cli.run("add", "author", "--name", "Written Offline").status == 0)
        try insert("Dawn")
        let synced = try cli.run("sync", "--from", uri, "--by", "ada")
        #expect(synced.standardOutput.hasPrefix("uploaded 1 change(s): 1 applied\n"), "\(synced.standardError)")
        #expect(synced.standardOutput.contains("applied 2 change(s)"), "\(synced.standardOutput)")
        #expect(try cli.run("list", "books").standardOutput.contains("Dawn"))
        let found = try CatalogCLI.run(["--database", uri, "search", "Written Offline"])
        #expect(found.standardOutput.contains("Written Offline"), "\(found.standardError)")
        // The copy names its server without the password.
        let path = try cli.run("info", "--json").standardOutput
        for output in [snapshot.standardOutput, snapshot.standardError, synced.standardOutput, path] {
            #expect(!output.contains(cluster.password))
        }
    }

    /// `--user` with a PostgreSQL catalog: the user's scene travels both ways, the one changed last winning.
    @Test func aUsersSceneTravelsWithASyncFromPostgreSQL() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli")
        try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
        let cli = try CatalogCLI("pg-travel")
        let sidebar = { (database: [String]) throws -> String? in
            try CatalogCLI.run(database + ["nav", "--user", "ada", "show", "--json"]).json()["sidebar"] as? String
        }
        let server = ["--database", uri]
        let copy = ["--db", cli.database]
        #expect(try CatalogCLI.run(server + ["nav", "--user", "ada", "select-sidebar", "authors"]).status == 0)
        #expect(try CatalogCLI.run(server + ["snapshot", cli.database]).status == 0)
        let down = try cli.run("sync", "--from", uri, "--user", "ada")
        #expect(
            down.standardOutput.hasSuffix(
                "scenes of ada: 1 brought down, 0 sent up; sessions: 0 brought down, 0 sent up\n"),
            "\(down.standardError)")
        #expect(try sidebar(copy) == "authors")

        #expect(try cli.run("nav", "--user", "ada", "select-sidebar", "genres").status == 0)
        let up = try cli.run("sync", "--from", uri, "--user", "ada")
        #expect(
            up.standardOutput.hasSuffix(
                "scenes of ada: 0 brought down, 1 sent up; sessions: 0 brought down, 0 sent up\n"),
            "\(up.standardError)")
        #expect(try sidebar(server) == "genres")
    }

    /// The content of the catalog at `uri`, read through a snapshot made by the command line.
    private func content(of uri: String, _ cli: CatalogCLI, _ name: String) throws -> [String] {
        let snapshot = try CatalogCLI.run(["--database", uri, "snapshot", cli.path(name)])
        try #require(snapshot.status == 0, "\(snapshot.standardError)")
        return try TestSupport.contentDump(try Database(path: cli.path(name)))
    }

    @Test func importWritesTheServerOnceAndAKilledImportLeavesItAsItWas() throws {
        let cluster = try PostgresCluster.shared()
        let cli = try CatalogCLI("pg-import")
        let rows = (0..<4000).map { index in
            "k\(index),Book \(index),Author \(index % 300)|Author \((index + 7) % 300),Genre \(index % 20),"
                + "\(1900 + index % 120)"
        }
        let file = cli.path("books.csv")
        try (["source_key,title,authors,genres,year"] + rows).joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)

        let clean = try cluster.createDatabase("cli-import")
        let started = ContinuousClock.now
        let imported = try CatalogCLI.run(["--database", clean, "import", file])
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("4000 inserted"), "\(imported.standardOutput)")
        let again = try CatalogCLI.run(["--database", clean, "import", file])
        #expect(again.standardOutput.contains("0 inserted, 0 updated, 4000 unchanged"), "\(again.standardOutput)")
        let expected = try content(of: clean, cli, "clean.sqlite")
        #expect(expected.count > 4000)

        // Killed at points spread over a whole run, an import leaves the server empty or whole; run again, it
        // leaves what a clean run leaves. Every other round keeps its working copy, which the kill may leave
        // holding writes the server never got.
        var outcomes: Set<String> = []
        for (round, fraction) in [0.2, 0.5, 0.8, 0.9, 0.95].enumerated() {
            let uri = try cluster.createDatabase("cli-import-killed")
            try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
            let command =
                ["--database", uri, "import"] + (round % 2 == 0 ? ["--working-copy", cli.path("copies")] : [])
            let child = try TestSupport.start(CatalogCLI.executable, command + [file])
            let killed = child.kill(after: seconds * fraction)
            let left = try content(of: uri, cli, "killed-\(round).sqlite")
            #expect(left.isEmpty || left == expected, "round \(round): \(left.count) rows")
            outcomes.insert(killed.endedBySignal ? (left.isEmpty ? "killed, empty" : "killed, whole") : "finished")
            let rerun = try CatalogCLI.run(command + [file])
            #expect(rerun.status == 0, "\(rerun.standardError)")
            #expect(try content(of: uri, cli, "rerun-\(round).sqlite") == expected)
        }
        print("PostgreSQL import kills: \(outcomes.sorted().joined(separator: "; "))")
        #expect(outcomes.contains("killed, empty"))
        try killDuringThePush(importing: file, expected: expected)
    }

    /// `--working-copy DIR` keeps the working copy for the next import, which finds nothing new in it; a SQLite
    /// catalog, written directly, has no copy to keep.
    @Test func aKeptWorkingCopyServesTheNextImport() throws {
        let cli = try CatalogCLI("pg-kept-copy")
        let uri = try PostgresCluster.shared().createDatabase("cli-kept-copy")
        let library = TestSupport.sampleData.appending(path: "library.json").path
        let copies = cli.path("copies")
        let first = try CatalogCLI.run(["--database", uri, "import", "--working-copy", copies, library])
        #expect(first.status == 0, "\(first.standardError)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: copies).filter { $0.hasSuffix(".sqlite") }
        #expect(kept.count == 1, "\(kept)")
        let again = try CatalogCLI.run(["--database", uri, "import", "--working-copy", copies, library])
        #expect(again.standardOutput.contains(" 0 inserted, 0 updated, "), "\(again.standardOutput)")

        let refused = try CatalogCLI.run(["--db", cli.path("c.sqlite"), "import", "--working-copy", copies, library])
        #expect(refused.status == 64)
        #expect(
            refused.standardError.contains("--working-copy keeps a copy of a PostgreSQL catalog"),
            "\(refused.standardError)")
    }

    /// Kills an import of `file` inside its push: the test holds a lock on `source_records`, which the push writes
    /// last, so the push's transaction has written the entities and waits when the kill comes. The server is left
    /// as it was; run again, the import leaves `expected`.
    private func killDuringThePush(importing file: String, expected: [String]) throws {
        let cluster = try PostgresCluster.shared()
        let cli = try CatalogCLI("pg-import-push")
        let uri = try cluster.createDatabase("cli-import-push")
        try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
        let psql = try TestSupport.installedTool("psql")
        func query(_ sql: String) throws -> String {
            let result = try TestSupport.run(psql, [uri, "-Atc", sql])
            try #require(result.status == 0, "\(sql): \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func poll(_ sql: String) throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                if try query(sql) == "t" { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }
        let holder = try TestSupport.start(
            psql, [uri, "-Atc", "BEGIN; LOCK TABLE source_records IN SHARE MODE; SELECT pg_sleep(60); COMMIT"],
            environment: ["PGAPPNAME": "catalog-test-lock"])
        let release =
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'catalog-test-lock'"
        defer {
            _ = try? TestSupport.run(psql, [uri, "-Atc", release])
            holder.killIfRunning()
            _ = holder.wait()
        }
        try #require(
            try poll(
                """
                SELECT count(*) = 1 FROM pg_locks l JOIN pg_stat_activity a USING (pid)
                WHERE a.application_name = 'catalog-test-lock' AND l.granted
                    AND l.relation = 'source_records'::regclass
                """))
        let child = try TestSupport.start(CatalogCLI.executable, ["--database", uri, "import", file])
        defer { child.killIfRunning() }
        let waiting = try poll(
            """
            SELECT count(*) = 1 FROM pg_stat_activity
            WHERE datname = current_database() AND application_name <> 'catalog-test-lock'
                AND xact_start IS NOT NULL AND wait_event_type = 'Lock'
            """)
        #expect(waiting, "the import never waited for the lock inside its push")
        // Written but not committed: the transaction holds an id only once it has written rows.
        #expect(try query("SELECT count(*) FROM books") == "0")
        let writers = """
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name <> 'catalog-test-lock' AND backend_xid IS NOT NULL
            """
        #expect(try query(writers) == "1")
        child.killIfRunning()
        #expect(child.wait().endedBySignal)
        _ = try query(release)
        #expect(try content(of: uri, cli, "killed-in-push.sqlite").isEmpty)
        let rerun = try CatalogCLI.run(["--database", uri, "import", file])
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(try content(of: uri, cli, "rerun-after-push.sqlite") == expected)
    }

    @Test func theEnvironmentNamesTheDatabaseUnlessDbIsGiven() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli")
        let fromEnvironment = try CatalogCLI.run(["init"], environment: ["CATALOG_DATABASE": uri])
        #expect(fromEnvironment.standardOutput.contains("applied 0001_catalog.sql"), "\(fromEnvironment.standardError)")

        let cli = try CatalogCLI("pg-env")
        let sqlite = try CatalogCLI.run(["--db", cli.database, "init"], environment: ["CATALOG_DATABASE": uri])
        #expect(sqlite.status == 0 && sqlite.standardOutput.hasPrefix(cli.database), "\(sqlite.standardError)")
        #expect(FileManager.default.fileExists(atPath: cli.database))
    }

    /// `users` and `tokens` print the same, exit with the same statuses and refuse the same, on a SQLite catalog and
    /// on a PostgreSQL database (tokens and times aside, which differ from run to run).
    @Test func usersAndTokensAnswerAsOnSQLite() throws {
        let script: [[String]] = [
            ["users", "list"], ["tokens", "list"], ["users", "add", "ada"], ["users", "add", "bob"],
            ["users", "add", "ada"], ["users", "add", "a/b"], ["users", "list"], ["users", "list", "--json"],
            ["tokens", "create", "--user", "ada", "--scope", "nav"],
            ["tokens", "create", "--user", "ada", "--json", "--expires", "90m"], ["tokens", "create", "--user", "bob"],
            ["tokens", "create"], ["tokens", "create", "--user", "carl"],
            ["tokens", "create", "--user", "ada", "--scope", "root"], ["tokens", "list"],
            ["tokens", "list", "--user", "bob"], ["tokens", "list", "--user", "carl"], ["tokens", "list", "--json"],
            ["tokens", "revoke", "1"], ["tokens", "revoke", "1"], ["tokens", "revoke", "7"],
            ["tokens", "revoke", "seven"], ["tokens", "list"], ["users", "remove", "ada"], ["users", "remove", "ada"],
            ["tokens", "list"], ["users", "list"],
        ]
        let sqlite = try CatalogCLI("users-sqlite")
        let uri = try PostgresCluster.shared().createDatabase("cli")
        for arguments in script {
            let onSQLite = try sqlite.run(arguments)
            let onPostgreSQL = try CatalogCLI.run(["--database", uri] + arguments)
            #expect(onPostgreSQL.status == onSQLite.status, "\(arguments): \(onPostgreSQL.standardError)")
            #expect(Self.stable(onPostgreSQL.standardOutput) == Self.stable(onSQLite.standardOutput), "\(arguments)")
            #expect(Self.stable(onPostgreSQL.standardError) == Self.stable(onSQLite.standardError), "\(arguments)")
        }
    }

    /// `text` with every token and every time replaced by a placeholder.
    private static func stable(_ text: String) -> String {
        text.replacing(/cat_[0-9a-f]{64}/, with: "TOKEN").replacing(
            /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/, with: "TIME")
    }

    /// `nav` and `sessions` print the same, exit with the same statuses and refuse the same, on a SQLite catalog and on
    /// a PostgreSQL database holding the same sample catalogs: routes checked against each one's catalog, titles read
    /// from it, a deleted book repaired away (uuids and times aside, which differ between the two).
    @Test func navigationAnswersAsOnSQLite() throws {
        let sqlite = try CatalogCLI("nav-sqlite")
        try #require(try sqlite.importSamples().status == 0)
        let uri = try PostgresCluster.shared().createDatabase("cli-nav")
        let samples = ["library.json", "music.json"].map { TestSupport.sampleData.appending(path: $0).path }
        let imported = try CatalogCLI.run(["--database", uri, "import"] + samples)
        try #require(imported.status == 0, "\(imported.standardError)")
        let psql = try TestSupport.installedTool("psql")
        let onServer = { (sql: String) in
            try TestSupport.run(psql, [uri, "-q", "-A", "-t", "-c", sql]).standardOutput.trimmingCharacters(
                in: .newlines)
        }
        let file = try Database(path: sqlite.database)
        let entities = [
            ("genre", "Heavy metal"), ("band", "Black Sabbath"), ("band", "The Beatles"), ("book", "The Hobbit"),
            ("author", "J. R. R. Tolkien"), ("book", "Sir Gawain and the Green Knight"), ("author", "E. V. Gordon"),
            ("author", "Jane Austen"),
        ]
        // "{kind:name}" → the entity's uuid, in each database.
        var local: [String: String] = [:]
        var server: [String: String] = [:]
        for (kind, name) in entities {
            let column = kind == "book" ? "title" : "name"
            let query = "SELECT uuid FROM \(kind)s WHERE \(column) = '\(name)'"
            local["{\(kind):\(name)}"] = try file.fetchOne(String.self, query)
            server["{\(kind):\(name)}"] = try onServer(query)
        }
        let gawain = "{book:Sir Gawain and the Green Knight}"
        let script: [[String]] = [
            ["nav", "show"], ["nav", "select-sidebar", "genres"],
            ["nav", "select-content", "genre/{genre:Heavy metal}"],
            ["nav", "select-content", "genre/00000000-0000-4000-8000-000000000000"],
            ["nav", "push", "band/{band:Black Sabbath}"], ["nav", "push", "band/{band:The Beatles}"],
            ["nav", "show", "--json"], ["nav", "back"], ["nav", "forward"], ["nav", "--scene", "side", "show"],
            ["nav", "select-sidebar", "search/hobbit"], ["nav", "select-content", "book/{book:The Hobbit}"],
            ["nav", "select-content", "book/\(gawain)"], ["nav", "push", "author/{author:J. R. R. Tolkien}"],
            ["nav", "push", "book/\(gawain)"], ["nav", "push", "author/{author:E. V. Gordon}"],
            ["nav", "push", "author/{author:Jane Austen}"],
            ["sessions", "save", "reading"], ["sessions", "list"], ["sessions", "list", "--json"],
            ["nav", "select-sidebar", "settings"], ["sessions", "restore", "reading", "--scene", "other"],
            ["sessions", "rename", "reading", "evening"], ["sessions", "rename", "nope", "x"],
            ["sessions", "save", "a/b"], ["nav", "--user", "bob", "show"], ["sessions", "--user", "bob", "list"],
            ["delete"], ["nav", "--scene", "other", "show"], ["sessions", "restore", "evening", "--json"],
            ["nav", "back"], ["nav", "back"], ["sessions", "delete", "evening"], ["sessions", "delete", "evening"],
        ]
        for command in script {
            if command == ["delete"] {
                try file.execute("DELETE FROM books WHERE uuid = ?", [local[gawain]])
                _ = try onServer("DELETE FROM books WHERE uuid = '\(try #require(server[gawain]))'")
                continue
            }
            let onSQLite = try sqlite.run(command.map { Self.filled($0, local) })
            let onPostgreSQL = try CatalogCLI.run(["--database", uri] + command.map { Self.filled($0, server) })
            #expect(onPostgreSQL.status == onSQLite.status, "\(command): \(onPostgreSQL.standardError)")
            #expect(
                Self.stable(onPostgreSQL.standardOutput, server) == Self.stable(onSQLite.standardOutput, local),
                "\(command)")
            #expect(
                Self.stable(onPostgreSQL.standardError, server) == Self.stable(onSQLite.standardError, local),
                "\(command)")
        }
    }

    /// `text` with each placeholder of `uuids` replaced by its uuid.
    private static func filled(_ text: String, _ uuids: [String: String]) -> String {
        uuids.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    /// `text` with each uuid of `uuids` replaced by its placeholder, and every time by another.
    private static func stable(_ text: String, _ uuids: [String: String]) -> String {
        stable(uuids.reduce(text) { $0.replacingOccurrences(of: $1.value, with: $1.key) }).replacing(
            /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000/, with: "TIME")
    }

    @Test func onPostgreSQLOnlyTheHashIsStoredAndRemovingAUserRemovesWhatIsTheirs() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli")
        #expect(try CatalogCLI.run(["--database", uri, "users", "add", "ada"]).status == 0)
        let created = try CatalogCLI.run(["--database", uri, "tokens", "create", "--user", "ada"])
        let token = created.standardOutput.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("cat_") && token.count == 68, "\(created.standardError)")
        let psql = try TestSupport.installedTool("psql")
        let query = { (sql: String) in
            try TestSupport.run(psql, [uri, "-q", "-A", "-t", "-c", sql]).standardOutput.trimmingCharacters(
                in: .newlines)
        }
        #expect(try query("SELECT hash FROM access_tokens") == SHA256.hexDigest(of: token))
        let stored = try query("SELECT string_agg(t::text, ' ') FROM access_tokens t")
        #expect(!stored.contains(token.dropFirst(4)))

        let inserted = try query(
            """
            WITH scene AS (
                INSERT INTO nav_scenes (user_id, scene, format, state, history_first, history_cursor, history_last,
                    created_at, updated_at)
                SELECT id, 'main', 2, '{}', 0, 0, 0, 'T', 'T' FROM users RETURNING id, user_id
            ), history AS (
                INSERT INTO nav_history (scene_id, position, format, state, recorded_at)
                SELECT id, 0, 2, '{}', 'T' FROM scene
            )
            INSERT INTO nav_sessions (user_id, name, format, state, created_at, updated_at)
            SELECT user_id, 'mine', 2, '{}', 'T', 'T' FROM scene RETURNING 1
            """)
        try #require(inserted == "1")
        let removed = try CatalogCLI.run(["--database", uri, "users", "remove", "ada"])
        #expect(
            removed.standardOutput == "removed user 'ada' with their navigation state, sessions and access tokens\n")
        let left = try query(
            """
            SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM nav_scenes) + (SELECT count(*) FROM nav_history)
                + (SELECT count(*) FROM nav_sessions) + (SELECT count(*) FROM access_tokens)
            """)
        #expect(left == "0")
    }

    /// `catalog add`, `merge`, `history` and `undo` on a PostgreSQL database, as on a catalog file: the merge moves
    /// the credits to the survivor, reaches the change feed as a merge, and is undone.
    @Test func mergeHistoryAndUndo() throws {
        let uri = try PostgresCluster.shared().createDatabase("cliedit")
        let run = { (arguments: [String]) in try CatalogCLI.run(["--database", uri] + arguments) }
        let uuid = { (result: TestSupport.ProcessResult) in try #require(try result.json()["uuid"] as? String) }
        let twain = try uuid(try run(["add", "author", "--name", "Mark Twain", "--json"]))
        let duplicate = try uuid(try run(["add", "author", "--name", "Twain, Mark", "--json"]))
        let book = try uuid(
            try run(["add", "book", "--title", "Life on the Mississippi", "--add-author", duplicate, "--json"]))

        let refused = try run(["delete", "author", duplicate])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("merge the author into another"), "\(refused.standardError)")
        #expect(try run(["nav", "select-sidebar", "authors", "--user", "grace"]).status == 0)
        #expect(try run(["nav", "select-content", "author/\(duplicate)", "--user", "grace"]).status == 0)
        let merged = try run(["merge", "author", duplicate, "--into", twain, "--by", "ada"])
        #expect(merged.status == 0, "\(merged.standardError)")
        let restored = try run(["nav", "show", "--user", "grace"]).standardOutput
        #expect(
            restored.contains(
                "repaired: content selection Twain, Mark was merged into Mark Twain [author/\(duplicate) → author/\(twain)]"
            ), "\(restored)")
        #expect(merged.standardOutput.hasPrefix("merged author \(duplicate) into author \(twain)"))
        #expect(try run(["show", "book", book]).standardOutput.contains("Mark Twain (author)  \(twain)"))
        let shown = try run(["show", "author", duplicate])
        #expect(shown.standardOutput.hasPrefix("Mark Twain\n"))
        #expect(shown.standardError == "note: author \(duplicate) was merged into \(twain); showing that one\n")
        let feed = try run(["changes", "--since", "0"]).standardOutput
        #expect(feed.contains(#""op":"merge""#) && feed.contains(#""into":"\#(twain)""#), "\(feed)")
        let history = try run(["history", "author", twain]).standardOutput
        #expect(history.contains("merge by ada"), "\(history)")
        #expect(history.contains("merged: Twain, Mark → Mark Twain"), "\(history)")

        let undone = try run(["undo", "author", duplicate])
        #expect(undone.status == 0, "\(undone.standardError)")
        #expect(try run(["show", "book", book]).standardOutput.contains("Twain, Mark (author)  \(duplicate)"))
        #expect(try run(["undo", "author", duplicate]).status == 1)
    }

    @Test(arguments: [
        (["--database", "postgres://localhost/x", "--db", "x.sqlite", "init"], "give one of them"),
        (["--database", "catalog.sqlite", "init"], "takes a PostgreSQL URI"),
        (["--database", "postgres://localhost/x", "demo"], "works on a SQLite catalog file only"),
        (
            ["--database", "postgres://localhost/x", "sync", "--from", "http://127.0.0.1:1"],
            "works on a SQLite catalog file only"
        ),
    ])
    func aCommandLineThatCannotUsePostgreSQLIsRefused(arguments: [String], message: String) throws {
        let result = try CatalogCLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// The PostgreSQL example (docs/postgresql.md) shows what `init` prints and the refusal of `demo` word for word.
    @Test func theReadmeExampleIsWhatTheCommandsPrint() throws {
        let lines = try Documentation.allText().split(separator: "\n").map(String.init)
        let example = "postgres://catalog@db.example.org/catalog"
        let refusal = try #require(lines.first { $0.hasPrefix("error: catalog demo works on a SQLite") })
        let listed = try CatalogCLI.run(["--database", example, "demo"])
        #expect(listed.standardError.hasPrefix(refusal + "\n"))

        let applied = try #require(lines.first { $0.hasPrefix("\(example): applied ") })
        let cluster = try PostgresCluster.shared()
        let uri = try cluster.createDatabase("readme")
        let initialized = try CatalogCLI.run(["--database", uri, "init"])
        // The same words after the URI.
        let shown = uri.replacingOccurrences(of: ":\(cluster.password)@", with: ":***@")
        #expect(initialized.standardOutput == shown + applied.dropFirst(example.count) + "\n")
    }

    /// `list`, `show`, `duplicates` and `search` print from PostgreSQL what they print from a SQLite snapshot of it
    /// (the same ids, uuids and times), as text and as JSON; a search's hits in any order (the ranking differs).
    @Test func listShowAndSearchPrintWhatTheyPrintOnSQLite() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli-read")
        let cli = try CatalogCLI("pg-read")
        // The samples' Mark Twain, spelled another way.
        let twain = cli.path("twain.csv")
        try Data("title,authors\nLife on the Mississippi,\"Twain, Mark\"\n".utf8).write(to: URL(filePath: twain))
        let samples = ["library.json", "music.json"].map { TestSupport.sampleData.appending(path: $0).path }
        try #require(try CatalogCLI.run(["--database", uri, "import"] + samples + [twain]).status == 0)
        try #require(try CatalogCLI.run(["--database", uri, "snapshot", cli.database]).status == 0)
        let items = try #require(try cli.run("list", "books", "--json").json()["items"] as? [[String: Any]])
        let book = try #require(items.first?["uuid"] as? String)
        let commands = [
            ["list", "books"], ["list", "books", "--json", "--limit", "2"], ["list", "authors", "--book", book],
            ["show", "book", book], ["show", "book", book, "--json"], ["list", "books", "--after", "nonsense"],
            ["show", "book", UUID().uuidString], ["duplicates", "authors"], ["duplicates", "authors", "--json"],
        ]
        #expect(try cli.run("duplicates", "authors").standardOutput.contains("  Twain, Mark  "))
        for arguments in commands {
            let onPostgreSQL = try CatalogCLI.run(["--database", uri] + arguments)
            let onSQLite = try cli.run(arguments)
            #expect(onPostgreSQL.status == onSQLite.status, "\(arguments)")
            #expect(onPostgreSQL.standardOutput == onSQLite.standardOutput, "\(arguments)")
            #expect(onPostgreSQL.standardError == onSQLite.standardError, "\(arguments)")
        }
        let searched = try CatalogCLI.run(["--database", uri, "search", "tolkien"]).standardOutput
        let expected = try cli.run("search", "tolkien").standardOutput
        #expect(Set(searched.split(separator: "\n")) == Set(expected.split(separator: "\n")) && !expected.isEmpty)
    }

    @Test func aDatabaseFromANewerProgramIsRefused() throws {
        let uri = try PostgresCluster.shared().createDatabase("cli")
        try #require(try CatalogCLI.run(["--database", uri, "init"]).status == 0)
        let newer = try TestSupport.run(
            try TestSupport.installedTool("psql"),
            [uri, "-c", "INSERT INTO schema_migrations (version, name, checksum) VALUES (99, 'future', 'x')"])
        try #require(newer.status == 0, "\(newer.standardError)")

        let refused = try CatalogCLI.run(["--database", uri, "init"])
        #expect(refused.status == 65)
        #expect(
            refused.standardError.contains("newer version of catalog (it has migration 99"), "\(refused.standardError)")
    }

    @Test func anUnreachableServerIsSaidWithoutThePassword() throws {
        let result = try CatalogCLI.run(["--database", "postgres://app:s3cret@127.0.0.1:1/catalog", "info"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("is the server running at postgres://app:***@127.0.0.1:1/catalog"))
        #expect(!result.standardError.contains("s3cret"))
    }
}
