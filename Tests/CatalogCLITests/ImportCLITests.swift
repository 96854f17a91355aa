import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `catalog import` as a user runs it: exit statuses, messages, the errors file, a kill -9 and a re-run.
@Suite struct ImportCLITests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "CatalogTests/Fixtures")

    static func fixture(_ name: String) -> String {
        fixtures.appending(path: name).path
    }

    @Test func allRowsImportedExitsZeroAndTwiceIsUnchanged() throws {
        let cli = try CLI()
        let first = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        #expect(first.status == 0, "\(first.error)")
        #expect(try first.json()["inserted"] as? Int == 2)
        let second = try cli.run("import", Self.fixture("bom_crlf.csv"), "--json")
        let summary = try second.json()
        #expect(summary["unchanged"] as? Int == 2)
        #expect(summary["inserted"] as? Int == 0 && summary["updated"] as? Int == 0)
    }

    @Test func rejectedRowsExitTwoWithTheirPlaceOnStderrAndInTheErrorsFile() throws {
        let cli = try CLI()
        let errors = cli.directory.appending(path: "errors.csv").path
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--errors", errors)
        #expect(result.status == 2)
        #expect(result.output.contains("2 inserted") && result.output.contains("1 duplicates"))
        #expect(result.output.contains("2 rejected"))
        #expect(result.error.contains("books_mixed.csv:6: column year, value \"19x0\""))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    @Test func strictRollsBackTheFile() throws {
        let cli = try CLI()
        let result = try cli.run("import", Self.fixture("books_mixed.csv"), "--strict")
        #expect(result.status == 2)
        #expect(result.error.contains("nothing of the file was imported"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    @Test func unusableFilesExit65WithWhatToDo() throws {
        let cli = try CLI()
        let encoding = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands")
        #expect(encoding.status == 65)
        #expect(encoding.error.contains("byte offset 47") && encoding.error.contains("--encoding"))
        let column = try cli.run("import", Self.fixture("missing_title.csv"))
        #expect(column.status == 65)
        #expect(column.error.contains("'title'") && column.error.contains("'writer'"))
        let fixed = try cli.run("import", Self.fixture("bands_cp1252.csv"), "--entity", "bands", "--encoding", "cp1252")
        #expect(fixed.status == 0, "\(fixed.error)")
        #expect(try cli.run("search", "motorhead").output.contains("Motörhead"))
    }

    @Test func otherFailuresExitOneAndBadOptionsSixtyFour() throws {
        let cli = try CLI()
        #expect(try cli.run("import", cli.directory.appending(path: "absent.csv").path).status == 1)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--map", "colour=x").status == 64)
        #expect(try cli.run("import", Self.fixture("bom_crlf.csv"), "--profile", "nope").status == 64)
    }

    @Test func dryRunPrintsTheSummaryAndWritesNothing() throws {
        let cli = try CLI()
        let result = try cli.run("import", Self.fixture("bom_crlf.csv"), "--dry-run")
        #expect(result.output.contains("dry run") && result.output.contains("2 inserted"))
        #expect(try cli.run("list", "books", "--json").json()["total"] as? Int == 0)
    }

    /// kill -9 in the middle of a batched import, then the same command again: the file is consistent after the
    /// kill and the re-run ends with what a clean import gives.
    @Test func killedImportResumesToTheSameContents() throws {
        let killed = try CLI()
        let csv = killed.directory.appending(path: "many.csv").path
        let rows = (1...20_000).map {
            "k\($0),\"Book \($0), Vol. \($0 % 9)\",Author \($0 % 997)|Author \($0 % 13),G\($0 % 30)"
        }
        _ = FileManager.default.createFile(
            atPath: csv, contents: Data(("source_key,title,authors,genres\n" + rows.joined(separator: "\n")).utf8))
        let database = killed.directory.appending(path: "catalog.sqlite").path
        let arguments = ["--db", database, "import", csv, "--batch", "1000"]
        let child = try TestSupport.start(CLI.executable.path, arguments)
        var committed = 0
        while child.process.isRunning && committed < 2_000 {
            Thread.sleep(forTimeInterval: 0.05)
            committed = (try? Self.count(database)) ?? 0
        }
        if child.process.isRunning {
            kill(child.process.processIdentifier, SIGKILL)
        } else {
            print("The import finished before it could be killed; the re-run only checks idempotence.")
        }
        _ = child.wait()
        let db = try Database(path: database)
        #expect(try db.fetchAll(String.self, "PRAGMA integrity_check") == ["ok"])
        #expect(try db.fetchAll(String.self, "PRAGMA foreign_key_check").isEmpty)
        #expect(try Self.count(database) % 1000 == 0)
        try db.close()

        let rerun = try TestSupport.run(CLI.executable.path, arguments)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        let clean = try CLI()
        let cleanDatabase = clean.directory.appending(path: "catalog.sqlite").path
        #expect(try TestSupport.run(CLI.executable.path, ["--db", cleanDatabase, "import", csv]).status == 0)
        let resumed = try Self.canonicalDump(database)
        #expect(resumed.count == 20_000)
        #expect(resumed == (try Self.canonicalDump(cleanDatabase)))
    }

    private static func count(_ path: String) throws -> Int {
        var configuration = Database.Configuration()
        configuration.readOnly = true
        return try Database(path: path, configuration: configuration).fetchOne(Int.self, "SELECT count(*) FROM books")
            ?? 0
    }

    /// Every book with its authors and genres in order, by names only (ids and uuids differ between databases).
    private static func canonicalDump(_ path: String) throws -> [String] {
        try Database(path: path).fetchAll(
            String.self,
            """
            SELECT b.title || ' | ' || coalesce(b.year, '') || ' | '
                || coalesce((SELECT group_concat(name, ';') FROM (SELECT a.name FROM book_authors ba
                    JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id ORDER BY ba.position)), '') || ' | '
                || coalesce((SELECT group_concat(name, ';') FROM (SELECT g.name FROM book_genres bg
                    JOIN genres g ON g.id = bg.genre_id WHERE bg.book_id = b.id ORDER BY bg.position)), '')
                || ' | ' || (SELECT source || '/' || source_key FROM source_records WHERE entity_kind = 'book'
                    AND entity_id = b.id)
            FROM books b ORDER BY 1
            """)
    }
}
