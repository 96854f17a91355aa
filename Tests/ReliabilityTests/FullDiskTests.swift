import Browser
import Foundation
import Navigation
import SQLiteDB
import Schema
import TestSupport
import Testing

/// A full disk during a navigation save, simulated with `PRAGMA max_page_count` on the saving connection.
@Suite struct FullDiskTests {
    @Test func aSaveOnAFullDiskFailsCleanlyAndTheNextOneSucceeds() throws {
        let directory = try TestSupport.temporaryDirectory("full-disk")
        let path = directory.appending(path: "catalog.sqlite").path
        let db = try DatabaseSchema.open(path: path)
        let browser = try LibraryBrowser(database: db, user: "ada")
        _ = try browser.apply(.selectSidebar(.authors))
        _ = try browser.apply(.setVisibility(.all))
        _ = try browser.apply(.selectSidebar(.settings))
        let state = browser.state
        let history = try browser.historyEntries()

        // No new page may be allocated; a 20 KB search route needs overflow pages.
        let pages = try #require(try db.fetchOne(Int.self, "PRAGMA page_count"))
        try db.execute("PRAGMA max_page_count = \(pages)")
        let big = LibraryRoute.search(String(repeating: "full disk ", count: 2_000))
        let error = #expect(throws: DatabaseError.self) { try browser.apply(.selectSidebar(big)) }
        #expect(error?.codeName == "SQLITE_FULL", "\(String(describing: error))")
        #expect(error?.message.contains("database or disk is full") == true)

        // Nothing half-written: the state and history come back exactly as before, on this connection and a new one.
        #expect(browser.state == state)
        let reopened = try LibraryBrowser(database: try DatabaseSchema.open(path: path), user: "ada")
        #expect(reopened.state == state)
        #expect(try reopened.historyEntries() == history)
        #expect(reopened.restoreReport.isEmpty)
        #expect(try Fixtures.integrityProblems(path).isEmpty)

        // Space freed: the same save succeeds.
        try db.execute("PRAGMA max_page_count = 1073741823")
        _ = try browser.apply(.selectSidebar(big))
        let after = try LibraryBrowser(database: try DatabaseSchema.open(path: path), user: "ada")
        #expect(after.state.sidebar == big)
        #expect(try after.historyEntries() == history + [after.state])
        #expect(try Fixtures.integrityProblems(path).isEmpty)
    }

    /// The same through the CLI: `catalog nav` run under a file-size limit (`ulimit -f`, SIGXFSZ ignored, so a
    /// write past the limit fails like a full disk) reports it and exits 1; the saved state is unchanged.
    @Test func theCLIExplainsAFullDisk() throws {
        let directory = try TestSupport.temporaryDirectory("full-disk-cli")
        let path = directory.appending(path: "catalog.sqlite").path
        #expect(try Fixtures.catalog(["--db", path, "nav", "select-sidebar", "authors"]).status == 0)
        let before = try Fixtures.catalog(["--db", path, "nav", "show", "--json"])
        let big = "search/" + String(repeating: "x", count: 100_000)
        // 64 blocks of 512 bytes: the -shm file (32 KiB) fits, the WAL frames of a 100 KB route do not.
        let script = "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\""
        let result = try TestSupport.run(
            "/bin/sh", ["-c", script, Fixtures.catalog, "--db", path, "nav", "select-sidebar", big])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("database or disk is full"), "\(result.standardError)")
        #expect(result.standardError.contains("free some space and retry"))
        #expect(try Fixtures.integrityProblems(path).isEmpty)
        #expect(try Fixtures.catalog(["--db", path, "nav", "show", "--json"]).standardOutput == before.standardOutput)
        let retried = try Fixtures.catalog(["--db", path, "nav", "select-sidebar", big])
        #expect(retried.status == 0, "\(retried.standardError)")
    }
}
