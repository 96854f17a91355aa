import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// kill -9 at random points of a batched `catalog import` into a new database: after each kill the file is
/// consistent, holds the file's first whole batches and nothing of the open one, and `catalog list books` works;
/// running the same command again (killed again or not) ends with the books an uninterrupted import gives.
@Suite struct ImportCrashTests {
    static let rows = 1500
    static let batch = 20

    /// The import, on the bulk path from every transaction's first row when `bulk` is set, else on the row path.
    func importing(_ file: URL, into path: String, bulk: Bool) throws -> ChildProcess {
        try TestSupport.start(
            CatalogCLI.executable,
            ["--db", path, "import", file.path, "--batch", String(Self.batch), "--bulk-rows", bulk ? "0" : "1000000"])
    }

    /// The books in the file at `path`, and the highest row number (`kN`) among their source keys.
    func committed(_ path: String) throws -> (books: Int, lastRow: Int) {
        let db = try Database(path: path)
        let books = try db.fetchOne(Int.self, "SELECT count(*) FROM books") ?? -1
        let lastRow =
            try db.fetchOne(
                Int.self,
                """
                SELECT coalesce(max(CAST(substr(source_key, 2) AS INTEGER)), 0) FROM source_records
                WHERE entity_kind = 'book'
                """) ?? -1
        return (books, lastRow)
    }

    /// What `catalog list books --json` says the total is; it fails the test when the command fails.
    func listedBooks(_ path: String) throws -> Int {
        let list = try CatalogCLI.run(["--db", path, "list", "books", "--limit", "1", "--json"])
        try #require(list.status == 0, "\(list.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        return try #require(json?["total"] as? Int)
    }

    @Test(arguments: [false, true])
    func killedImportsLeaveWholeBatchesAndTheSameCommandEndsWithTheSameBooks(bulk: Bool) throws {
        let directory = try TestSupport.temporaryDirectory("import-crash")
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: Self.rows)

        // The uninterrupted run; the same command again, which changes nothing and gives the time a re-run spends
        // reading rows committed before; a file of no rows, which gives the time an import takes to start.
        let reference = directory.appending(path: "reference.sqlite").path
        var start = ContinuousClock.now
        let full = try importing(csv, into: reference, bulk: bulk).wait()
        try #require(full.status == 0, "\(full.standardError)")
        let importSeconds = Fixtures.seconds(since: start)
        start = ContinuousClock.now
        let again = try importing(csv, into: reference, bulk: bulk).wait()
        try #require(
            again.status == 0 && again.standardOutput.contains("0 inserted, 0 updated, \(Self.rows) unchanged"))
        let rereadSeconds = Fixtures.seconds(since: start)
        let empty = directory.appending(path: "empty.csv")
        try Fixtures.writeBooksCSV(to: empty, rows: 0)
        start = ContinuousClock.now
        let nothing = try importing(empty, into: reference, bulk: bulk).wait()
        let idleSeconds = Fixtures.seconds(since: start)
        try #require(nothing.status == 0, "\(nothing.standardError)")
        let expected = try Fixtures.importedBooks(reference)
        try #require(expected.count == Self.rows)

        var schedule = Fixtures.KillSchedule()
        let maxDelay = max(0.05, (importSeconds - idleSeconds) / 8)
        while schedule.nextRound() {
            let path = directory.appending(path: "crash-\(schedule.rounds).sqlite").path
            var books = 0
            while true {
                // From about when it starts writing (a re-run first reads the rows committed before) to a part of a
                // whole import after that.
                let writing = idleSeconds + (rereadSeconds - idleSeconds) * Double(books) / Double(Self.rows)
                let result = try importing(csv, into: path, bulk: bulk).kill(
                    after: schedule.delay(writing, writing + maxDelay))
                if !result.endedBySignal {
                    try #require(result.status == 0, "\(result.standardError)")
                    break
                }
                // Killed before it created the file: nothing to check (opening it here would create it), and no
                // crash point.
                guard FileManager.default.fileExists(atPath: path) else {
                    try schedule.killedBeforeTheFileExisted()
                    continue
                }
                // The command first, as a user would run it: opening the file here could repair what it refuses.
                let listed = try listedBooks(path)
                #expect(try Fixtures.integrityProblems(path).isEmpty, "after a kill at \(books)+ books")
                let now = try committed(path)
                #expect(now.books % Self.batch == 0 || now.books == Self.rows, "a part of a batch: \(now.books) books")
                #expect(now.lastRow == now.books, "\(now.books) books are not the first rows of the file")
                #expect(listed == now.books)
                #expect(now.books >= books, "committed books lost: \(books) before, \(now.books) after a kill")
                try schedule.killed(at: now.books, progressed: now.books != books)
                books = now.books
            }
            #expect(try Fixtures.importedBooks(path) == expected, "round \(schedule.rounds) ends with other books")
            #expect(try Fixtures.integrityProblems(path).isEmpty)
        }
        schedule.report("import crash matrix (\(bulk ? "bulk" : "row") path)", points: "committed book counts")
    }

    /// kill -9 while `catalog import` creates its database: each run is killed once the hidden file it builds the
    /// catalog in has appeared, the first at once, the next 0.5 ms later and each after that a fifth later than
    /// the one before, until a run finishes first. The first kills land while the catalog is being created,
    /// however long that takes, later ones maybe while the import writes. After every kill the database's name
    /// holds nothing or a whole catalog, nothing is left beside it but the hidden file (with its journal), and
    /// the same command then imports; it never finds an empty file, which it would refuse as a possibly lost
    /// catalog.
    @Test func killedWhileCreatingTheDatabaseAtMostTheHiddenFileRemains() throws {
        let directory = try TestSupport.temporaryDirectory("import-create-crash")
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: 3)
        var kills = 0
        var duringCreation = 0
        var delay = 0.0
        for attempt in 1...200 {
            delay = attempt == 1 ? 0 : 0.0005 * pow(1.2, Double(attempt - 2))
            let folder = directory.appending(path: "run-\(attempt)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let path = folder.appending(path: "catalog.sqlite").path
            let run = try importing(csv, into: path, bulk: false)
            guard try waitForHiddenFile(in: folder, of: run), run.kill(after: delay).endedBySignal else {
                let finished = run.wait()
                try #require(finished.status == 0, "\(finished.standardError)")
                break
            }
            kills += 1
            let hidden = try expectAtMostTheHiddenFile(in: folder, afterAKillAt: delay)
            if !hidden.isEmpty { duringCreation += 1 }
            let rerun = try importing(csv, into: path, bulk: false).wait()
            #expect(rerun.status == 0, "after a kill at \(delay) s: \(rerun.standardError)")
            #expect(try Fixtures.importedBooks(path).count == 3, "after a kill at \(delay) s")
            #expect(try hiddenFiles(in: folder) == hidden, "the re-run after a kill at \(delay) s left files")
        }
        #expect(duringCreation > 0, "none of \(kills) kills landed while the database was being created")
        let last = String(format: "%.3f", delay)
        print(
            "import creation crash: \(kills) kills up to \(last) s, \(duringCreation) of them while creating the database"
        )
    }

    /// The hidden files in `folder`: a catalog being created, `.catalog.sqlite-UUID`, with its journal.
    func hiddenFiles(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") })
    }

    /// Waits until the import building `folder/catalog.sqlite` has created its hidden file; `false` when it ended
    /// first.
    func waitForHiddenFile(in folder: URL, of run: ChildProcess) throws -> Bool {
        while run.process.isRunning {
            if try !hiddenFiles(in: folder).isEmpty { return true }
            Thread.sleep(forTimeInterval: 0.0001)
        }
        return false
    }

    /// Checks what a kill left in `folder`: `catalog.sqlite` absent or a whole catalog, and beside it at most
    /// one hidden catalog with its journal (`-journal`, or `-wal` and `-shm`). Returns the hidden files.
    func expectAtMostTheHiddenFile(in folder: URL, afterAKillAt delay: Double) throws -> Set<String> {
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let hidden = try hiddenFiles(in: folder)
        let journals = ["-journal", "-wal", "-shm"]
        let hiddenDatabases = hidden.filter { name in !journals.contains { name.hasSuffix($0) } }
        #expect(hiddenDatabases.count <= 1, "after a kill at \(delay) s: \(names.sorted())")
        for name in hidden {
            #expect(
                name.hasPrefix(".catalog.sqlite-")
                    && hiddenDatabases.contains { name == $0 || journals.contains(String(name.dropFirst($0.count))) },
                "after a kill at \(delay) s, \(name) is not the hidden catalog or its journal")
        }
        let visible = names.subtracting(hidden)
        #expect(
            visible.isSubset(of: ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"]),
            "after a kill at \(delay) s: \(names.sorted())")
        if visible.contains("catalog.sqlite") {
            let path = folder.appending(path: "catalog.sqlite").path
            // A copy is opened, as opening the file itself could complete a part of a catalog.
            let copy = folder.deletingLastPathComponent().appending(path: "\(folder.lastPathComponent)-check.sqlite")
                .path
            for suffix in ["", "-wal"] where names.contains("catalog.sqlite" + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
            let missing = try DatabaseSchema.catalogMigrator.pendingMigrations(in: Database(path: copy)).map(\.version)
            #expect(missing.isEmpty, "after a kill at \(delay) s the catalog lacks migrations \(missing)")
            let list = try CatalogCLI.run(["--db", path, "list", "books"])
            #expect(list.status == 0, "after a kill at \(delay) s the catalog is refused: \(list.standardError)")
            #expect(try Fixtures.integrityProblems(path).isEmpty, "after a kill at \(delay) s")
        }
        return hidden
    }
}
