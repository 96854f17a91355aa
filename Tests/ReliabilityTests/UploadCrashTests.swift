import Catalog
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// kill -9 at random points of `catalog sync --from SERVER` on a copy holding hundreds of offline edits: while it
/// freezes them, while the server file applies them (each change its own transaction, in the killed process), while
/// the answers are recorded, while the download applies the result. After each kill both files are consistent and
/// every edit is queued, frozen or answered; rerunning finishes the job: the server applied each change once (one
/// answer, at most one history entry, each conflict kept once), and the copy ends with the server's catalog.
@Suite struct UploadCrashTests {
    static let books = 300
    /// Every `conflictEvery`th book's title is changed on the server too: a conflict kept each.
    static let conflictEvery = 10

    let directory: URL

    init() throws {
        directory = try TestSupport.temporaryDirectory("upload-crash")
    }

    func path(_ name: String) -> String { directory.appending(path: name).path }

    /// A server holding the samples and the generated books, a copy of it that retitled every generated book offline
    /// (as the sqlite3 shell would), and the server's own retitling of some of them meanwhile.
    func makeTemplates() throws {
        let server = path("server-template.sqlite")
        try Fixtures.makeSampleDatabase(at: server)
        let csv = directory.appending(path: "books.csv")
        try Fixtures.writeBooksCSV(to: csv, rows: Self.books)
        let imported = try CatalogCLI.run(["--db", server, "import", csv.path, "--source", "generated"])
        try #require(imported.status == 0, "\(imported.standardError)")
        let snapshot = try CatalogCLI.run(["--db", server, "snapshot", path("copy-template.sqlite")])
        try #require(snapshot.status == 0, "\(snapshot.standardError)")
        let copy = try Database(path: path("copy-template.sqlite"))
        try copy.execute("UPDATE books SET title = 'Offline ' || title WHERE title LIKE 'Book %'")
        try copy.close()
        let db = try Database(path: server)
        try db.execute(
            "UPDATE books SET title = 'Server ' || title WHERE title LIKE 'Book %' AND id % \(Self.conflictEvery) = 0")
        try db.close()
    }

    func syncing(_ copy: String, from server: String) throws -> ChildProcess {
        try TestSupport.start(CatalogCLI.executable, ["--db", copy, "sync", "--from", server, "--by", "ada", "--json"])
    }

    /// Where the work stood: the changes the server answered, plus the server sequences the copy applied.
    func point(copy: Database, server: Database, base: Int64) throws -> Int {
        let answered = try server.fetchOne(Int.self, "SELECT count(*) FROM uploaded_changes") ?? 0
        let applied = try #require(try SyncClient(copy).state()).lastSequence - base
        return answered + Int(applied)
    }

    /// Every offline edit is somewhere: queued (not frozen yet), or frozen (sent or not), or answered.
    func expectEveryEditAccountedFor(_ copy: Database) throws {
        let queued = try copy.fetchOne(Int.self, "SELECT count(DISTINCT uuid) FROM upload_queue") ?? 0
        let frozen = try copy.fetchOne(Int.self, "SELECT count(*) FROM upload_sent") ?? 0
        let answered = try copy.fetchOne(Int.self, "SELECT count(*) FROM upload_answers") ?? 0
        #expect(
            (queued == Self.books && frozen + answered == 0) || (queued == 0 && frozen + answered == Self.books),
            "queued \(queued), frozen \(frozen), answered \(answered) of \(Self.books) edits")
    }

    /// The server applied each change once, and kept each conflict once.
    func expectAppliedOnce(_ server: Database) throws {
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM uploaded_changes") == Self.books)
        let twice = try server.fetchAll(
            String.self,
            "SELECT uuid FROM edit_history WHERE actor LIKE 'ada from client %' GROUP BY uuid HAVING count(*) > 1")
        #expect(twice.isEmpty, "written twice: \(twice)")
        let conflicts = try server.fetchOne(Int.self, "SELECT count(*) FROM edit_conflicts") ?? 0
        #expect(conflicts == Self.books / Self.conflictEvery)
        #expect(try server.fetchOne(Int.self, "SELECT count(DISTINCT change_id) FROM edit_conflicts") == conflicts)
    }

    @Test func killedUploadsAndDownloadsFinishWithEachChangeAppliedOnceAndNothingLost() throws {
        try makeTemplates()
        // The uninterrupted run, and one with nothing left to do: the time a sync takes to start.
        let (server, copy) = (path("server-reference.sqlite"), path("copy-reference.sqlite"))
        try FileManager.default.copyItem(atPath: path("server-template.sqlite"), toPath: server)
        try FileManager.default.copyItem(atPath: path("copy-template.sqlite"), toPath: copy)
        var start = ContinuousClock.now
        let full = try syncing(copy, from: server).wait()
        try #require(full.status == 0, "\(full.standardError)")
        let syncSeconds = Fixtures.seconds(since: start)
        start = ContinuousClock.now
        try #require(try syncing(copy, from: server).wait().status == 0)
        let idleSeconds = Fixtures.seconds(since: start)
        try expectAppliedOnce(Database(path: server))
        #expect(
            try TestSupport.canonicalDump(Database(path: copy)) == TestSupport.canonicalDump(Database(path: server)))

        var schedule = Fixtures.KillSchedule()
        let base = try #require(try SyncClient(Database(path: path("copy-template.sqlite"))).state()).lastSequence
        while schedule.nextRound() {
            let (server, copy) = (path("server-\(schedule.rounds).sqlite"), path("copy-\(schedule.rounds).sqlite"))
            try FileManager.default.copyItem(atPath: path("server-template.sqlite"), toPath: server)
            try FileManager.default.copyItem(atPath: path("copy-template.sqlite"), toPath: copy)
            var point = 0
            while true {
                let result = try syncing(copy, from: server).kill(after: schedule.delay(idleSeconds / 2, syncSeconds))
                if !result.endedBySignal {
                    try #require(result.status == 0, "\(result.standardError)")
                    break
                }
                #expect(try Fixtures.integrityProblems(copy).isEmpty, "the copy, after a kill at point \(point)+")
                #expect(try Fixtures.integrityProblems(server).isEmpty, "the server, after a kill at point \(point)+")
                let (copyDB, serverDB) = (try Database(path: copy), try Database(path: server))
                try expectEveryEditAccountedFor(copyDB)
                let reached = try self.point(copy: copyDB, server: serverDB, base: base)
                try schedule.killed(at: reached, progressed: reached != point)
                point = reached
            }
            let (copyDB, serverDB) = (try Database(path: copy), try Database(path: server))
            try expectAppliedOnce(serverDB)
            #expect(
                try TestSupport.canonicalDump(copyDB) == TestSupport.canonicalDump(serverDB),
                "round \(schedule.rounds): the copy differs from the server")
            #expect(try copyDB.fetchOne(Int.self, "SELECT count(*) FROM upload_sent") == 0)
        }
        schedule.report("upload crash matrix", points: "answered changes and applied sequences")
    }
}
