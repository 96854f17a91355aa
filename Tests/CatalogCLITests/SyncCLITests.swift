import Foundation
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
        #expect(refused.standardError.hasSuffix("; take a fresh snapshot with 'catalog snapshot'\n"))
        #expect(try listings("behind.sqlite") == before)
        let old = try cli.run("changes", "--since", "0", in: "server.sqlite")
        #expect(old.status == 65)
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

    @Test func snapshotsTakenWhileAnotherProcessImportsAreConsistent() throws {
        #expect(try cli.run("init", in: "server.sqlite").status == 0)
        #expect(
            try cli.run("import", TestSupport.sampleData.appending(path: "library.json").path, in: "server.sqlite")
                .status
                == 0)
        let server = try Database(path: path("server.sqlite"))
        let booksBefore = try #require(try server.fetchOne(Int.self, "SELECT count(*) FROM books"))
        try server.close()
        let file = try writeCatalog("big.json", count: 4000)
        let importer = try TestSupport.start(
            CatalogCLI.executable, ["--db", path("server.sqlite"), "import", file])
        var snapshots: [String] = []
        while importer.process.isRunning || snapshots.isEmpty, snapshots.count < 40 {
            let name = "snapshot-\(snapshots.count).sqlite"
            let result = try cli.run("snapshot", path(name), in: "server.sqlite")
            #expect(result.status == 0, "\(result.standardError)")
            snapshots.append(name)
        }
        #expect(importer.wait().status == 0)
        snapshots.append("snapshot-last.sqlite")
        #expect(try cli.run("snapshot", path("snapshot-last.sqlite"), in: "server.sqlite").status == 0)
        for name in snapshots {
            let copy = try Database(path: path(name))
            #expect(try copy.integrityCheck() == ["ok"])
            let books = try #require(try copy.fetchOne(Int.self, "SELECT count(*) FROM books"))
            #expect(books == booksBefore || books == booksBefore + 4000, "\(name) holds \(books) books")
            // The copy records the sequence of the commit it holds: its own log ends there.
            let recorded = try copy.fetchOne(Int64.self, "SELECT snapshot_seq FROM sync_state")
            let logged = try copy.fetchOne(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")
            #expect(recorded == logged)
            try copy.close()
        }
        // The first snapshot catches up to the finished import.
        let synced = try cli.run("sync", "--from", path("server.sqlite"), in: snapshots[0])
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(try listings(snapshots[0]) == listings("server.sqlite"))
    }
}
