import Foundation
import SQLiteDB
import TestSupport
import Testing

/// kill -9 at random points of a batched `catalog import` into a new database: after each kill the file is
/// consistent, holds the file's first whole batches and nothing of the open one, and `catalog list books` works;
/// running the same command again (killed again or not) ends with the books an uninterrupted import gives.
@Suite struct ImportCrashTests {
    static let rows = 1500
    static let batch = 20

    func importing(_ file: URL, into path: String) throws -> ChildProcess {
        try TestSupport.start(
            CatalogCLI.executable, ["--db", path, "import", file.path, "--batch", String(Self.batch)])
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

    @Test func killedImportsLeaveWholeBatchesAndTheSameCommandEndsWithTheSameBooks() throws {
        let directory = try TestSupport.temporaryDirectory("import-crash")
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: Self.rows)

        // The uninterrupted run; the same command again, which changes nothing and gives the time a re-run spends
        // reading rows committed before; a file of no rows, which gives the time an import takes to start.
        let reference = directory.appending(path: "reference.sqlite").path
        var start = ContinuousClock.now
        let full = try importing(csv, into: reference).wait()
        try #require(full.status == 0, "\(full.standardError)")
        let importSeconds = Fixtures.seconds(since: start)
        start = ContinuousClock.now
        let again = try importing(csv, into: reference).wait()
        try #require(
            again.status == 0 && again.standardOutput.contains("0 inserted, 0 updated, \(Self.rows) unchanged"))
        let rereadSeconds = Fixtures.seconds(since: start)
        let empty = directory.appending(path: "empty.csv")
        try Fixtures.writeBooksCSV(to: empty, rows: 0)
        start = ContinuousClock.now
        let nothing = try importing(empty, into: reference).wait()
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
                let result = try importing(csv, into: path).kill(after: schedule.delay(writing, writing + maxDelay))
                if !result.endedBySignal {
                    try #require(result.status == 0, "\(result.standardError)")
                    break
                }
                // Killed before it created the file: nothing to check (opening it here would create it).
                guard FileManager.default.fileExists(atPath: path) else {
                    try schedule.killed(at: 0, progressed: false)
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
        schedule.report("import crash matrix", points: "committed book counts")
    }

    /// kill -9 while `catalog import` creates its database, every 3 ms from its start to its end: whatever the
    /// moment, the same command then imports; it never finds an empty file, which it would refuse as a possibly
    /// lost catalog.
    @Test func killedWhileCreatingTheDatabaseTheSameCommandImports() throws {
        let directory = try TestSupport.temporaryDirectory("import-create-crash")
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: 3)
        var kills = 0
        var reruns = 0
        while kills < 300 {
            let path = directory.appending(path: "new-\(kills).sqlite").path
            let delay = 0.003 * Double(kills)
            let result = try importing(csv, into: path).kill(after: delay)
            if !result.endedBySignal {
                try #require(result.status == 0, "\(result.standardError)")
                break
            }
            kills += 1
            // Killed before the file appeared: the same as never having run.
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let rerun = try importing(csv, into: path).wait()
            guard rerun.status == 0 else {
                Issue.record("after a kill at \(delay) s: \(rerun.standardError)")
                continue
            }
            #expect(try Fixtures.importedBooks(path).count == 3)
            reruns += 1
        }
        #expect(kills > 0, "the import finished before the first kill")
        print("import creation crash: \(kills) kills 3 ms apart, \(reruns) of them left a file and the re-run imported")
    }
}
