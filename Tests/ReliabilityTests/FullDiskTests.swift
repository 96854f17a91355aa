import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A full disk during a navigation save and during an import, simulated with `PRAGMA max_page_count` on the
/// saving connection or a file-size limit (`ulimit -f`) on the `catalog` process.
@Suite struct FullDiskTests {
    /// `catalog ARGUMENTS` run under a file-size limit of `blocks` 512-byte blocks, as a user sets one (`ulimit -f`):
    /// `catalog` itself ignores SIGXFSZ, so a write past the limit fails like a full disk instead of killing it.
    static func catalogOnAFullDisk(blocks: Int, _ arguments: [String]) throws -> TestSupport.ProcessResult {
        let script = "ulimit -f \(blocks); exec \"$0\" \"$@\""
        return try TestSupport.run("/bin/sh", ["-c", script, CatalogCLI.executable] + arguments)
    }

    @Test func aSaveOnAFullDiskFailsCleanlyAndTheNextOneSucceeds() throws {
        let directory = try TestSupport.temporaryDirectory("full-disk")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        let link = try #require(URL(string: try Fixtures.largeDeepLink(path)))
        let db = try DatabaseSchema.open(path: path)
        let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada")
        _ = try session.apply(.selectSidebar(.authors))
        _ = try session.apply(.setVisibility(.all))
        _ = try session.apply(.selectSidebar(.settings))
        let state = session.state
        let history = try session.historyEntries()

        // No new page may be allocated; a state of nearly 16 KiB needs overflow pages.
        let pages = try #require(try db.fetchOne(Int.self, "PRAGMA page_count"))
        try db.execute("PRAGMA max_page_count = \(pages)")
        let error = #expect(throws: DatabaseError.self) { try session.apply(.open(link)) }
        #expect(error?.extendedResultCode == .SQLITE_FULL, "\(String(describing: error))")
        #expect(error?.message.contains("database or disk is full") == true)

        // Nothing half-written: the state and history come back exactly as before, on this connection and a new one.
        #expect(session.state == state)
        let reopened = try NavigationStore(catalog: try DatabaseSchema.open(path: path)).openSession(
            scene: "main", forUserNamed: "ada")
        #expect(reopened.state == state)
        #expect(try reopened.historyEntries() == history)
        #expect(reopened.restoreReport.isEmpty)
        #expect(try Fixtures.integrityProblems(path).isEmpty)

        // Space freed: the same save succeeds.
        try db.execute("PRAGMA max_page_count = 1073741823")
        _ = try session.apply(.open(link))
        let after = try NavigationStore(catalog: try DatabaseSchema.open(path: path)).openSession(
            scene: "main", forUserNamed: "ada")
        #expect(after.state.sidebar == .authors && after.state.stack.count == 350)
        #expect(try after.historyEntries() == history + [after.state])
        #expect(try Fixtures.integrityProblems(path).isEmpty)
    }

    /// The same through the CLI: `catalog nav` run under a file-size limit (`ulimit -f`, so a
    /// write past the limit fails like a full disk) reports it and exits 1; the saved state is unchanged.
    @Test func theCLIExplainsAFullDisk() throws {
        let directory = try TestSupport.temporaryDirectory("full-disk-cli")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        #expect(try CatalogCLI.run(["--db", path, "nav", "select-sidebar", "authors"]).status == 0)
        let before = try CatalogCLI.run(["--db", path, "nav", "show", "--json"])
        let big = try Fixtures.largeDeepLink(path)
        // 64 blocks of 512 bytes: the -shm file (32 KiB) fits, the WAL frames of a state of nearly 16 KiB (its scene
        // row and its history entry, each on overflow pages) do not.
        let result = try Self.catalogOnAFullDisk(blocks: 64, ["--db", path, "nav", "open", big])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("database or disk is full"), "\(result.standardError)")
        #expect(result.standardError.contains("free some space and retry"))
        #expect(try Fixtures.integrityProblems(path).isEmpty)
        #expect(try CatalogCLI.run(["--db", path, "nav", "show", "--json"]).standardOutput == before.standardOutput)
        let retried = try CatalogCLI.run(["--db", path, "nav", "open", big])
        #expect(retried.status == 0, "\(retried.standardError)")
    }

    /// An import that runs out of space part way: exit 1 with the cause and what to do, the file consistent, the
    /// catalog as it was (one transaction) or with whole batches only (`--batch`), never a half-written row; the
    /// same command after space is freed completes the import. On the row path and on the bulk path.
    @Test(arguments: [nil, 250], [false, true])
    func anImportOnAFullDiskStopsCleanlyAndTheRerunCompletesIt(batch: Int?, bulk: Bool) throws {
        let directory = try TestSupport.temporaryDirectory("full-disk-import")
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        let sampleTitles = Set(try Fixtures.bookTitles(path))
        let rows = 6_000
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: rows)
        let command =
            ["--db", path, "import", csv.path, "--bulk-rows", bulk ? "0" : "1000000"]
            + (batch.map { ["--batch", String($0)] } ?? [])
        let reference = directory.appending(path: "reference.sqlite").path
        try Fixtures.makeSampleDatabase(at: reference)
        #expect(try CatalogCLI.run(["--db", reference, "import", csv.path]).status == 0)

        // 2 MiB: room for a few batches in the WAL, not for all the rows with their search index.
        let full = try Self.catalogOnAFullDisk(blocks: 4_096, command)
        #expect(full.status == 1, "\(full.standardError)")
        #expect(full.standardError.contains("database or disk is full"), "\(full.standardError)")
        #expect(full.standardError.contains("the change in progress was rolled back"))
        #expect(full.standardError.contains("free some space and retry"))
        #expect(try Fixtures.integrityProblems(path).isEmpty)
        let titles = Set(try Fixtures.bookTitles(path))
        #expect(titles.isSuperset(of: sampleTitles), "the full disk lost books imported before")
        let kept = titles.count - sampleTitles.count
        if let batch {
            #expect(kept % batch == 0 && 0 < kept && kept < rows, "\(kept) books kept")
        } else {
            #expect(kept == 0, "\(kept) books of a one-transaction import kept")
        }

        let rerun = try CatalogCLI.run(command)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(rerun.standardOutput.contains("\(rows - kept) inserted"), "\(rerun.standardOutput)")
        #expect(try Fixtures.importedBooks(path) == Fixtures.importedBooks(reference))
        #expect(try Fixtures.integrityProblems(path).isEmpty)
    }
}
