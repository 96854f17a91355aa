import Catalog
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The feed and the client on `DatabasePool`s, as a server and a long-running client hold them.
@Suite struct SyncPoolTests {
    @Test func aFeedOnAPoolServesAClientOnAPool() throws {
        let fixture = try SyncFixture()
        let snapshotPath = fixture.directory.appending(path: "client.sqlite").path
        try fixture.importSamples()
        let serverPool = try DatabasePool(path: fixture.server.path)
        let feed = ChangeFeed(serverPool)
        let snapshot = try feed.snapshot(to: snapshotPath, emptying: DatabaseSchema.userTables)
        #expect(snapshot.sequence == (try ChangeFeed(fixture.server).highWater()))
        try fixture.catalog.genres.create(GenreDraft(name: "Solarpunk"))
        let clientPool = try DatabasePool(path: snapshotPath)
        let report = try SyncClient(clientPool).sync(from: feed, batchSize: 7)
        #expect(report.changesApplied == 1)
        #expect(
            try TestSupport.canonicalDump(try Database(path: snapshotPath)) == TestSupport.canonicalDump(fixture.server)
        )
    }

    @Test func aSyncReadsOneStateOfTheServerWhileItsWriterGoesOn() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let pool = try DatabasePool(path: fixture.server.path)
        let feed = ChangeFeed(pool)
        // Inside one reading, batches agree with each other even when the server commits in between.
        let (first, second) = try feed.reading { source in
            let first = try source.batch(after: 0, limit: 5)
            try fixture.catalog.genres.create(GenreDraft(name: "Afrofuturism"))
            let second = try source.batch(after: first.lastSequence, limit: 100_000)
            return (first, second)
        }
        #expect(first.hasMore && !second.hasMore)
        // The genre committed during the reading is not in it: the feed has moved on since.
        let seenUpTo = second.lastSequence
        #expect(try feed.highWater() > seenUpTo)
    }
}
