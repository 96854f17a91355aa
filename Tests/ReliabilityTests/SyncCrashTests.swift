import Catalog
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// kill -9 at random points of `catalog sync --from SERVER` on a client snapshotted before thousands of changes
/// (inserts, updates of every book, deletes and their cascades): after each kill the client is consistent, stands
/// at the end of a whole batch with the contents an uninterrupted sync has at that point (nothing of the open
/// batch), and the next sync resumes there; every round ends with the server's catalog, the same as an
/// uninterrupted sync of another snapshot.
@Suite struct SyncCrashTests {
    static let books = 1000
    static let batchSize = 30

    let directory: URL

    init() throws {
        directory = try TestSupport.temporaryDirectory("sync-crash")
    }

    func path(_ name: String) -> String { directory.appending(path: name).path }

    /// A server holding the samples, snapshotted into `template.sqlite` and `reference.sqlite`, then changed: the
    /// generated books imported, a second edition retitling every one of them, and deletes that cascade.
    func makeServer() throws -> String {
        let server = path("server.sqlite")
        try Fixtures.makeSampleDatabase(at: server)
        for name in ["template.sqlite", "reference.sqlite"] {
            let snapshot = try CatalogCLI.run(["--db", server, "snapshot", path(name)])
            try #require(snapshot.status == 0, "\(snapshot.standardError)")
        }
        for edition in 1...2 {
            let csv = directory.appending(path: "edition-\(edition).csv")
            try Fixtures.writeBooksCSV(to: csv, rows: Self.books, edition: String(edition))
            let imported = try CatalogCLI.run(["--db", server, "import", csv.path, "--source", "generated"])
            try #require(imported.status == 0, "\(imported.standardError)")
        }
        // The CLI deletes nothing; the change log records the deletes of any SQLite client, cascades included.
        let db = try Database(path: server)
        try db.execute(
            """
            DELETE FROM books WHERE title LIKE 'Book 1_, %';
            DELETE FROM authors WHERE name = 'Author 7';
            DELETE FROM genres WHERE name IN ('G3', 'Fantasy');
            """)
        try db.close()
        return server
    }

    func syncing(_ client: String, from server: String) throws -> ChildProcess {
        try TestSupport.start(
            CatalogCLI.executable,
            ["--db", client, "sync", "--from", server, "--batch-size", String(Self.batchSize), "--json"])
    }

    /// The catalog of `db`, hashed: equal for equal catalogs within this process.
    func digest(_ db: Database) throws -> Int {
        var hasher = Hasher()
        hasher.combine(try TestSupport.canonicalDump(db))
        return hasher.finalize()
    }

    /// Checks what clients held after kills, by the sequence they stood at, against a copy of `template` synced
    /// one batch at a time: each of those sequences must end a batch, and the copy hold the same catalog there.
    func expectWholeBatches(_ seen: [Int64: Set<Int>], template: String, server: String) throws {
        let copy = path("batches.sqlite")
        try FileManager.default.copyItem(atPath: template, toPath: copy)
        let db = try Database(path: copy)
        let client = SyncClient(db)
        let feed = ChangeFeed(try Database(path: server))
        var unchecked = seen
        var sequence = try #require(try client.state()).lastSequence
        while true {
            if let digests = unchecked.removeValue(forKey: sequence) {
                #expect(digests == [try digest(db)], "killed at sequence \(sequence), a client held other rows")
            }
            let report = try client.sync(from: feed, batchSize: Self.batchSize, maxBatches: 1)
            guard report.batches > 0 else { break }
            sequence = report.toSequence
        }
        #expect(unchecked.isEmpty, "killed clients stood at sequences that end no batch: \(unchecked.keys.sorted())")
    }

    @Test func killedSyncsStopAtWholeBatchesAndResumeToTheServersCatalog() throws {
        let server = try makeServer()
        let serverDump = try TestSupport.canonicalDump(Database(path: server))
        let serverSequence = try ChangeFeed(Database(path: server)).highWater()

        // The uninterrupted run, then a sync with nothing left to apply: it gives the time a sync takes to start.
        var start = ContinuousClock.now
        let full = try syncing(path("reference.sqlite"), from: server).wait()
        try #require(full.status == 0, "\(full.standardError)")
        let syncSeconds = Fixtures.seconds(since: start)
        start = ContinuousClock.now
        let again = try syncing(path("reference.sqlite"), from: server).wait()
        let idleSeconds = Fixtures.seconds(since: start)
        try #require(again.status == 0, "\(again.standardError)")
        #expect(try JSONDecoder().decode(SyncReport.self, from: Data(again.standardOutput.utf8)).changesApplied == 0)
        #expect(try TestSupport.canonicalDump(Database(path: path("reference.sqlite"))) == serverDump)

        var seen: [Int64: Set<Int>] = [:]
        var schedule = Fixtures.KillSchedule()
        let maxDelay = max(0.05, (syncSeconds - idleSeconds) / 8)
        while schedule.nextRound() {
            let client = path("crash-\(schedule.rounds).sqlite")
            try FileManager.default.copyItem(atPath: path("template.sqlite"), toPath: client)
            var sequence = try #require(try SyncClient(Database(path: client)).state()).lastSequence
            while true {
                // From about when the sync starts applying to a part of the whole sync after that.
                let result = try syncing(client, from: server)
                    .kill(after: schedule.delay(idleSeconds, idleSeconds + maxDelay))
                if !result.endedBySignal {
                    try #require(result.status == 0, "\(result.standardError)")
                    let report = try JSONDecoder().decode(SyncReport.self, from: Data(result.standardOutput.utf8))
                    #expect(report.fromSequence == sequence, "the sync did not resume where the last kill left")
                    #expect(report.toSequence == serverSequence)
                    break
                }
                #expect(try Fixtures.integrityProblems(client).isEmpty, "after a kill at sequence \(sequence)+")
                let db = try Database(path: client)
                let state = try #require(try SyncClient(db).state())
                #expect(state.lastSequence >= sequence, "applied batches lost: \(sequence) before, then \(state)")
                #expect(
                    try ChangeFeed(db).highWater() == state.localSequence,
                    "the client holds writes of a batch it did not record as applied")
                try schedule.killed(at: Int(state.lastSequence), progressed: state.lastSequence != sequence)
                sequence = state.lastSequence
                seen[sequence, default: []].insert(try digest(db))
            }
            #expect(
                try TestSupport.canonicalDump(Database(path: client)) == serverDump, "round \(schedule.rounds) differs")
            #expect(try Fixtures.integrityProblems(client).isEmpty)
        }
        #expect(try TestSupport.canonicalDump(Database(path: server)) == serverDump, "the server changed")
        try expectWholeBatches(seen, template: path("template.sqlite"), server: server)
        schedule.report("sync crash matrix", points: "sequences")
    }
}
