import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// `catalog changes`, `snapshot` and `sync`, run as a user would.
@Suite struct SyncCLITests {
    let cli: CatalogCLI

    init() throws {
        cli = try CatalogCLI("sync-cli")
    }

    private var directory: URL { cli.directory }
    private func path(_ name: String) -> String { cli.path(name) }

    /// What `catalog list` prints for every kind.
    private func listings(_ database: String) throws -> String {
        try ["books", "authors", "genres", "bands"].map {
            try cli.run("list", $0, "--limit", "1000", in: database).standardOutput
        }.joined()
    }

    /// A catalog file of `count` books, each with one of `count / 10` authors and a genre; `edition` changes
    /// every title, so importing another edition updates every book.
    private func writeCatalog(_ name: String, count: Int, edition: Int = 1) throws -> String {
        let genres = (0..<5).map { #"{"key": "g\#($0)", "name": "Generated genre \#($0)"}"# }
        let authors = (0..<max(1, count / 10)).map { #"{"key": "a\#($0)", "name": "Writer Number\#($0)"}"# }
        let books = (0..<count).map {
            #"{"key": "b\#($0)", "title": "Book \#($0) edition \#(edition)", "authors": ["a\#($0 / 10)"], "#
                + #""genres": ["g\#($0 % 5)"]}"#
        }
        let text = """
            {"format": "catalog", "version": 1, "source": "generated",
             "genres": [\(genres.joined(separator: ","))],
             "authors": [\(authors.joined(separator: ","))],
             "books": [\(books.joined(separator: ",\n"))]}
            """
        try Data(text.utf8).write(to: directory.appending(path: name))
        return path(name)
    }

    /// OUT must be a new file: an existing one is refused as a wrong argument, in words that say which file and what
    /// to do, and is left byte for byte as it was.
    @Test func aSnapshotOntoAnExistingFileIsRefusedAndLeavesItAlone() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(try cli.importSamples(in: "server.sqlite").status == 0)
        let existing = Data("notes I keep\n".utf8)
        let out = path("out.sqlite")
        try existing.write(to: URL(filePath: out))
        let refused = try cli.run("snapshot", out, in: "server.sqlite")
        #expect(refused.status == 64)
        #expect(
            refused.standardError
                == "error: \(out) exists already; the snapshot was not written and the file was left as it was: "
                + "remove it or give another file name\n")
        #expect(refused.standardOutput.isEmpty)
        #expect(try Data(contentsOf: URL(filePath: out)) == existing)
        #expect(!FileManager.default.fileExists(atPath: out + "-wal"))
    }

    @Test func aClientCaughtUpThroughSyncListsWhatTheServerLists() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        for file in ["library.json", "music.json"] {
            #expect(
                try cli.run("import", TestSupport.sampleData.appending(path: file).path, in: "server.sqlite").status
                    == 0)
        }
        let snapshot = try cli.run("snapshot", path("client.sqlite"), in: "server.sqlite")
        #expect(snapshot.status == 0, "\(snapshot.standardError)")
        #expect(try cli.run("snapshot", path("second.sqlite"), in: "server.sqlite").status == 0)
        #expect(try cli.run("snapshot", path("behind.sqlite"), in: "server.sqlite").status == 0)
        // Imports and edits (a second edition retitles every generated book).
        #expect(try cli.run("import", try writeCatalog("one.json", count: 40), in: "server.sqlite").status == 0)
        #expect(
            try cli.run("import", try writeCatalog("two.json", count: 40, edition: 2), in: "server.sqlite").status == 0)
        // The CLI deletes nothing; the change log records the deletes of any SQLite client, cascades included.
        let server = try Database(path: path("server.sqlite"))
        try server.execute(
            """
            DELETE FROM books WHERE title LIKE 'Book 1_ %';
            DELETE FROM authors WHERE name = 'Writer Number3'; DELETE FROM genres WHERE name = 'Fantasy';
            """)
        try server.close()
        let synced = try cli.run("sync", "--from", path("server.sqlite"), "--batch-size", "25", in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(synced.standardOutput.hasPrefix("applied "))
        #expect(try listings("client.sqlite") == listings("server.sqlite"))

        // The same through a changes file.
        let second = try Database(path: path("second.sqlite"))
        let since = try #require(try second.fetchOne(Int64.self, "SELECT last_seq FROM sync_state"))
        try second.close()
        let feed = try cli.run("changes", "--since", "\(since)", in: "server.sqlite")
        #expect(feed.status == 0)
        let lines = feed.standardOutput.split(separator: "\n")
        #expect(lines.last?.contains("\"last_seq\"") == true)
        try Data(feed.standardOutput.utf8).write(to: directory.appending(path: "changes.jsonl"))
        // A missing file, and one cut short before its trailer: each named in the message, nothing applied.
        let untouched = try listings("second.sqlite")
        let missing = try cli.run("sync", "--changes", path("missing.jsonl"), in: "second.sqlite")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("\(path("missing.jsonl")): cannot open the file: no such file"))
        let cut = lines.dropLast().joined(separator: "\n") + "\n"
        try Data(cut.utf8).write(to: directory.appending(path: "cut.jsonl"))
        let cutRefused = try cli.run("sync", "--changes", path("cut.jsonl"), in: "second.sqlite")
        #expect(cutRefused.status == 65)
        #expect(
            cutRefused.standardError
                == "error: \(path("cut.jsonl")), line \(lines.count): no trailer line ({\"last_seq\":…}): the file is "
                + "cut short; export it again with 'catalog changes'\n",
            "\(cutRefused.standardError)")
        #expect(try listings("second.sqlite") == untouched)
        let fromFile = try cli.run("sync", "--changes", path("changes.jsonl"), in: "second.sqlite")
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(try listings("second.sqlite") == listings("server.sqlite"))

        // After pruning, a client left behind is told to take a fresh snapshot; nothing is applied.
        let highWater = try #require(lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) })
        let last = try #require((highWater as? [String: Any])?["last_seq"] as? Int)
        #expect(try cli.run("changes", "--prune-before", "\(last)", in: "server.sqlite").status == 0)
        let before = try listings("behind.sqlite")
        let refused = try cli.run("sync", "--from", path("server.sqlite"), in: "behind.sqlite")
        #expect(refused.status == 65)
        #expect(
            refused.standardError.hasSuffix(
                "; take a fresh snapshot with 'catalog snapshot', or start this copy again from one, keeping its own "
                    + "writes, with 'catalog sync --resnapshot'\n"))
        #expect(try listings("behind.sqlite") == before)
        let old = try cli.run("changes", "--since", "0", in: "server.sqlite")
        #expect(old.status == 65)
        // Or it starts again in place from a new snapshot of the server file.
        let restarted = try cli.run("sync", "--from", path("server.sqlite"), "--resnapshot", in: "behind.sqlite")
        #expect(restarted.status == 0, "\(restarted.standardError)")
        #expect(try listings("behind.sqlite") == listings("server.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: path("behind.sqlite.resnapshot")))
    }

    @Test func aSnapshotHoldsNoUserTokenOrNavigationState() throws {
        try cli.importSamples(in: "server.sqlite")
        #expect(try cli.run("users", "add", "zq-private-reader", in: "server.sqlite").status == 0)
        let token = try cli.run("tokens", "create", "--user", "zq-private-reader", in: "server.sqlite")
        #expect(token.status == 0, "\(token.standardError)")
        for arguments in [
            ["nav", "--user", "zq-private-reader", "select-sidebar", "books"],
            ["sessions", "--user", "zq-private-reader", "save", "zq-private-session"],
        ] {
            let result = try cli.run(arguments, in: "server.sqlite")
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        let hash = SHA256.hexDigest(of: token.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        let server = try Database(path: DatabaseSchema.userStatePath(forCatalog: path("server.sqlite")))
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM access_tokens WHERE hash = ?", [hash]) == 1)
        try server.close()

        #expect(try cli.run("snapshot", path("client.sqlite"), in: "server.sqlite").status == 0)
        let client = try Database(path: path("client.sqlite"))
        for table in ["users", "access_tokens", "nav_scenes", "nav_history", "nav_sessions"] {
            #expect(try !client.tableExists(table), "\(table)")
        }
        #expect(try listings("client.sqlite") == listings("server.sqlite"))
        try client.close()
        // Nor do the file's bytes: the emptied rows were overwritten, not only unlinked.
        let bytes = try Data(contentsOf: directory.appending(path: "client.sqlite"))
        for secret in ["zq-private-reader", "zq-private-session", hash] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the snapshot's bytes")
        }
    }

    @Test func syncRefusesADatabaseThatWasNeverSnapshotted() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(try cli.run("init", in: "other.sqlite").status == 0)
        let result = try cli.run("sync", "--from", path("server.sqlite"), in: "other.sqlite")
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "error: \(path("other.sqlite")) has no sync state: it was not made by 'catalog snapshot', so its "
                + "rows cannot be matched with the server's; start the client from 'catalog --db SERVER snapshot "
                + "\(path("other.sqlite"))'\n")
        #expect(try cli.run("sync", in: "other.sqlite").status == 64)
    }

    /// The `database` of a catalog's change-feed trailer: its identity as a change source.
    private func databaseUUID(_ database: String) throws -> String {
        let lines = try cli.run("changes", in: database).standardOutput.split(separator: "\n")
        let trailer = try JSONSerialization.jsonObject(with: Data(try #require(lines.last).utf8)) as? [String: Any]
        return try #require(trailer?["database"] as? String)
    }

    @Test func syncRefusesAClientOfAnotherServer() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(try cli.run("init", in: "other.sqlite").status == 0)
        #expect(try cli.run("snapshot", path("client.sqlite"), in: "server.sqlite").status == 0)
        let result = try cli.run("sync", "--from", path("other.sqlite"), in: "client.sqlite")
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "error: the client follows database \(try databaseUUID("server.sqlite")), not "
                + "\(try databaseUUID("other.sqlite")); sync it from the server it was snapshotted from, or take a "
                + "fresh snapshot\n")
        #expect(result.standardOutput.isEmpty)
    }

    /// A client's own writes (here an import into the copy) go to the server first, recorded as the user "from
    /// client …", then the server's changes come down; a source that takes no uploads (a changes file) refuses while
    /// they wait, applying nothing.
    /// `--user` with a server file: the user's scenes and sessions travel both ways as with a server's URL (the
    /// user of that name in the server's users' file), the state a scene's change replaces stays in that side's
    /// history, and a second sync changes nothing.
    @Test func aUsersScenesAndSessionsTravelWithASyncFromAServerFile() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "library.json").path, in: "server.sqlite")
                .status == 0)
        let run = { (arguments: [String], database: String) throws -> TestSupport.ProcessResult in
            let result = try cli.run(arguments, in: database)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result
        }
        let sidebar = { (database: String) throws -> String? in
            try run(["nav", "--user", "ada", "show", "--json"], database).json()["sidebar"] as? String
        }
        let sync = { () throws -> String in
            let synced = try run(["sync", "--from", path("server.sqlite"), "--user", "ada"], "client.sqlite")
            return synced.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        }
        _ = try run(["nav", "--user", "ada", "select-sidebar", "authors"], "server.sqlite")
        _ = try run(["sessions", "--user", "ada", "save", "at-the-desk"], "server.sqlite")
        _ = try run(["snapshot", path("client.sqlite")], "server.sqlite")

        #expect(try sync() == "scenes of ada: 1 brought down, 0 sent up; sessions: 1 brought down, 0 sent up")
        #expect(try sidebar("client.sqlite") == "authors")
        #expect(try run(["sessions", "--user", "ada", "list"], "client.sqlite").standardOutput.contains("at-the-desk"))

        _ = try run(["nav", "--user", "ada", "select-sidebar", "bands"], "client.sqlite")
        _ = try run(["nav", "--user", "ada", "select-sidebar", "genres"], "client.sqlite")
        _ = try run(["sessions", "--user", "ada", "save", "on-the-train"], "client.sqlite")
        #expect(try sync() == "scenes of ada: 0 brought down, 1 sent up; sessions: 0 brought down, 1 sent up")
        #expect(try sidebar("server.sqlite") == "genres")
        _ = try run(["nav", "--user", "ada", "back"], "server.sqlite")
        #expect(try sidebar("server.sqlite") == "bands", "the copy's way there is in the server's history")
        _ = try run(["nav", "--user", "ada", "back"], "server.sqlite")
        #expect(try sidebar("server.sqlite") == "authors", "the state it replaced stays in the server's history")
        _ = try run(["sessions", "--user", "ada", "restore", "on-the-train"], "server.sqlite")
        #expect(try sidebar("server.sqlite") == "genres")

        #expect(try sync() == "scenes of ada: 0 brought down, 0 sent up; sessions: 0 brought down, 0 sent up")
    }

    @Test func syncUploadsTheClientsOwnChangesFirst() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(try cli.run("snapshot", path("client.sqlite"), in: "server.sqlite").status == 0)
        let file = path("local.csv")
        try Data("title,authors\nWritten on the client,Ada Local\n".utf8).write(to: URL(filePath: file))
        #expect(try cli.run("import", file, in: "client.sqlite").status == 0)
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "music.json").path, in: "server.sqlite")
                .status == 0)
        let changes = path("server-changes.jsonl")
        try Data(try cli.run("changes", in: "server.sqlite").standardOutput.utf8).write(to: URL(filePath: changes))
        let before = try listings("client.sqlite")
        let refused = try cli.run("sync", "--changes", changes, in: "client.sqlite")
        #expect(refused.status == 65)
        #expect(
            refused.standardError
                == "error: the client database has 2 local change(s) not uploaded yet; nothing applied: sync from the "
                + "server (`catalog sync --from URL` or its file), which uploads them first\n")
        #expect(try listings("client.sqlite") == before)

        let synced = try cli.run("sync", "--from", path("server.sqlite"), "--by", "ada", in: "client.sqlite")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(
            synced.standardOutput.hasPrefix("uploaded 2 change(s): 2 applied\napplied "), "\(synced.standardOutput)")
        #expect(try listings("server.sqlite").contains("Written on the client"))
        #expect(try listings("client.sqlite") == (try listings("server.sqlite")))
        let server = try Database(path: path("server.sqlite"))
        let actor = try server.fetchOne(
            String.self, "SELECT actor FROM edit_history WHERE action = 'create' AND entity_kind = 'book'")
        try server.close()
        #expect(actor?.hasPrefix("ada from client ") == true, "\(actor ?? "no history")")
        let again = try cli.run("sync", "--from", path("server.sqlite"), in: "client.sqlite")
        #expect(again.standardOutput.hasPrefix("applied "), "nothing left to upload: \(again.standardOutput)")
    }

    /// `object` as JSON text with sorted keys.
    private func canonical(_ object: [String: Any]?) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: try #require(object), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `catalog changes` as JSON objects, one a line, the trailer last.
    private func changes(_ arguments: String...) throws -> [[String: Any]] {
        let result = try cli.run(["changes"] + arguments, in: "server.sqlite")
        #expect(result.status == 0, "\(result.standardError)")
        return try result.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func changesLimitCutsTheRunAndTheTrailerSaysWhetherMoreFollow() throws {
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "music.json").path, in: "server.sqlite")
                .status == 0)
        let all = try changes()
        let everything = all.dropLast().compactMap { $0["seq"] as? Int }
        let highWater = try #require(all.last?["last_seq"] as? Int)
        let database = try #require(all.last?["database"] as? String)
        try #require(everything.count > 4)
        #expect(everything.last == highWater)
        /// The trailer as sorted JSON text, so two compare whole.
        func trailer(since: Int, last: Int, more: Bool) throws -> String {
            try canonical(["database": database, "last_seq": last, "more": more, "pruned_before": 0, "since": since])
        }

        let cut = try changes("--limit", "3")
        #expect(cut.dropLast().compactMap { $0["seq"] as? Int } == Array(everything.prefix(3)))
        #expect(try canonical(cut.last) == trailer(since: 0, last: everything[2], more: true))
        // The rest to the end, exactly: nothing more follows.
        let rest = try changes("--since", "\(everything[2])", "--limit", "\(everything.count - 3)")
        #expect(rest.dropLast().compactMap { $0["seq"] as? Int } == Array(everything.dropFirst(3)))
        #expect(try canonical(rest.last) == trailer(since: everything[2], last: highWater, more: false))
        let exact = try changes("--limit", "\(everything.count)")
        #expect(try canonical(exact.last) == trailer(since: 0, last: highWater, more: false))
        let atTheEnd = try changes("--since", "\(highWater)", "--limit", "1")
        #expect(atTheEnd.count == 1)
        #expect(try canonical(atTheEnd.last) == trailer(since: highWater, last: highWater, more: false))
    }

    /// Pruning past the end of the log is a fact about this log, not a mistyped option: exit 65, nothing deleted.
    @Test func pruningPastTheEndOfTheLogExits65() throws {
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "music.json").path, in: "server.sqlite")
                .status == 0)
        let before = try cli.run("changes", in: "server.sqlite").standardOutput
        let highWater = try #require(try changes().last?["last_seq"] as? Int)
        let result = try cli.run("changes", "--prune-before", "\(highWater + 2)", in: "server.sqlite")
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "error: cannot prune before \(highWater + 2): the log ends at \(highWater); give at most "
                + "\(highWater + 1)\n")
        #expect(try cli.run("changes", in: "server.sqlite").standardOutput == before)
        let pruned = try cli.run("changes", "--prune-before", "\(highWater + 1)", in: "server.sqlite")
        #expect(pruned.status == 0, "\(pruned.standardError)")
        #expect(pruned.standardOutput.hasSuffix("; the log now starts at \(highWater + 1)\n"))
    }

    /// The server file goes through the same opening policy as `--db`, and its problems name it and `--from`.
    @Test func syncRefusesAServerFileThatIsNotACatalog() throws {
        #expect(try cli.run("init", in: "client.sqlite").status == 0)
        #expect(FileManager.default.createFile(atPath: path("empty.sqlite"), contents: Data()))
        let empty = try cli.run("sync", "--from", path("empty.sqlite"), in: "client.sqlite")
        #expect(empty.status == 65)
        #expect(empty.standardError.contains("\(path("empty.sqlite")) is an empty file"), "\(empty.standardError)")
        #expect(try Data(contentsOf: directory.appending(path: "empty.sqlite")).isEmpty)

        try Data("title,author\n".utf8).write(to: directory.appending(path: "books.csv"))
        let text = try cli.run("sync", "--from", path("books.csv"), in: "client.sqlite")
        #expect(text.status == 65)
        #expect(
            text.standardError.contains(
                "\(path("books.csv")): file is not a database (it is not a SQLite file); "
                    + "check the --from path"), "\(text.standardError)")

        let missing = try cli.run("sync", "--from", path("nowhere.sqlite"), in: "client.sqlite")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no database at \(path("nowhere.sqlite"))"))
    }

    /// Snapshots taken while another process imports in batches: each is a consistent whole, the catalog as it
    /// stood after some whole batches (the first rows of the file, each book with its author and genre, nothing of
    /// an open batch), and a snapshot then syncs to the finished server.
    @Test func snapshotsTakenWhileAnotherProcessImportsAreConsistent() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "library.json").path, in: "server.sqlite")
                .status
                == 0)
        let rows = 4000
        let batch = 200
        let lines = (0..<rows).map { "k\($0),Book \($0),Writer Number\($0 / 10),Generated genre \($0 % 5)\n" }
        // The file comes through a pipe, so the importer is held between batches for certain: it has committed the
        // rows written so far and waits for the next ones while the first snapshot is taken.
        let input = try NamedPipe(path: path("big.csv"))
        let importer = try cli.start(
            ["--wait", "60", "import", input.path, "--source", "generated", "--batch", "\(batch)"], in: "server.sqlite")
        defer { importer.killIfRunning() }
        let held = 5 * batch
        try input.write("source_key,title,authors,genres\n" + lines[..<held].joined())
        let server = try Database(path: path("server.sqlite"))
        let deadline = ContinuousClock.now + .seconds(60)
        while try (generatedBooks(in: server)?.count ?? 0) < held, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        try server.close()
        let between = try cli.run("snapshot", path("snapshot-between.sqlite"), in: "server.sqlite")
        #expect(between.status == 0, "\(between.standardError)")
        let caught = try #require(try generatedBooks(in: Database(path: path("snapshot-between.sqlite"))))
        #expect(caught.count == held, "the rows written before the snapshot: \(caught.count) books")
        try input.write(lines[held...].joined())
        input.close()
        var snapshots = ["snapshot-between.sqlite"]
        while importer.process.isRunning, snapshots.count < 40 {
            let name = "snapshot-\(snapshots.count).sqlite"
            let result = try cli.run("snapshot", path(name), in: "server.sqlite")
            #expect(result.status == 0, "\(result.standardError)")
            snapshots.append(name)
        }
        let imported = importer.wait(killingAfter: .seconds(120))
        #expect(imported.status == 0, "\(imported.standardError)")
        snapshots.append("snapshot-last.sqlite")
        #expect(try cli.run("snapshot", path("snapshot-last.sqlite"), in: "server.sqlite").status == 0)
        var counts: [Int] = []
        for name in snapshots {
            let copy = try Database(path: path(name))
            #expect(try copy.integrityCheck() == ["ok"])
            #expect(try copy.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check") == [])
            let books = try #require(try generatedBooks(in: copy))
            #expect(books.count % batch == 0, "\(name) holds a part of a batch: \(books.count) books")
            #expect(books.lastRow == books.count - 1, "\(name): its \(books.count) books are not the file's first")
            #expect(books.whole == books.count, "\(name): books without their author or genre")
            counts.append(books.count)
            // The copy records the sequence of the commit it holds: its own log ends there.
            let recorded = try copy.fetchOne(Int64.self, "SELECT snapshot_seq FROM sync_state")
            let logged = try copy.fetchOne(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")
            #expect(recorded == logged)
            try copy.close()
        }
        #expect(counts.last == rows)
        print("snapshots during a batched import held \(counts) generated books")
        // The first snapshot catches up to the finished import.
        let synced = try cli.run("sync", "--from", path("server.sqlite"), in: snapshots[0])
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try listings(snapshots[0]) == listings("server.sqlite"))
    }

    /// The generated books in `db`: how many, the highest row number (`kN`) among their source keys, and how
    /// many have exactly the author and the genre their row names.
    private func generatedBooks(in db: Database) throws -> (count: Int, lastRow: Int, whole: Int)? {
        let books = """
            FROM source_records s JOIN books b ON b.id = s.entity_id WHERE s.entity_kind = 'book' AND s.source = 'generated'
            """
        let count = try db.fetchOne(Int.self, "SELECT count(*) \(books)")
        let lastRow = try db.fetchOne(
            Int.self, "SELECT coalesce(max(CAST(substr(s.source_key, 2) AS INTEGER)), -1) \(books)")
        let whole = try db.fetchOne(
            Int.self,
            """
            SELECT count(*) \(books)
            AND (SELECT group_concat(a.name) FROM book_authors ba JOIN authors a ON a.id = ba.author_id
                 WHERE ba.book_id = b.id) = 'Writer Number' || (CAST(substr(s.source_key, 2) AS INTEGER) / 10)
            AND (SELECT group_concat(g.name) FROM book_genres bg JOIN genres g ON g.id = bg.genre_id
                 WHERE bg.book_id = b.id) = 'Generated genre ' || (CAST(substr(s.source_key, 2) AS INTEGER) % 5)
            """)
        guard let count, let lastRow, let whole else { return nil }
        return (count, lastRow, whole)
    }
}
