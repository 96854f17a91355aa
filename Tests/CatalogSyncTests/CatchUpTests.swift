import Catalog
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A client whose catalog holds no books or bands and that has more than one batch to take catches up in one
/// transaction, with the secondary indexes and the link tables' triggers dropped meanwhile.
@Suite struct CatchUpTests {
    /// A server's feed that runs `served` after each batch it hands out, with the number of batches so far: to
    /// change the server between two batches, or to fail.
    private struct MeddledFeed: ChangeSource {
        let feed: ChangeFeed
        let served: (Int) throws -> Void
        private let count = Counter()
        /// How many entities the client fetched because a batch named them before their own change came.
        let lookups = Counter()

        init(_ feed: ChangeFeed, served: @escaping (Int) throws -> Void) {
            self.feed = feed
            self.served = served
        }

        func databaseUUID() throws -> String { try feed.databaseUUID() }

        func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch {
            let batch = try feed.batch(after: sequence, limit: limit)
            count.value += 1
            try served(count.value)
            return batch
        }

        func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
            lookups.value += 1
            return try feed.lookup(kind, uuid: uuid)
        }

        /// Each batch reads the server as it is then, so changes made between batches reach the client.
        func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T { try body(self) }
    }

    private final class Counter { var value = 0 }

    private final class Seen {
        var cacheSizes: [Int] = []
        var foreignKeys: [Bool] = []
    }

    private struct Failure: Error {}

    private static func schema(_ db: Database) throws -> [String] {
        try db.fetchAll(
            String.self,
            "SELECT type || ' ' || name || ': ' || sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
    }

    @Test func aFreshClientCatchesUpToTheServersCatalogDeletesOfItsOwnNewRowsIncluded() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        let schema = try Self.schema(client)
        // A copy of the client, which syncs from the client once it has caught up: the client's own log serves.
        let copyPath = fixture.directory.appending(path: "copy-of-client.sqlite").path
        _ = try ChangeFeed(client).snapshot(to: copyPath, emptying: DatabaseSchema.userTables)
        try fixture.importSamples()
        let catalog = fixture.catalog
        // What the first batch brings, deleted on the server before the second is read: the catch-up deletes rows
        // it wrote itself, an author and a genre that books and bands link to among them.
        let first = try fixture.feed.changes(since: 0, limit: 40).changes
        let author = try #require(first.first { $0.kind == .author }.flatMap { UUID(uuidString: $0.uuid) })
        let genre = try #require(first.first { $0.kind == .genre }.flatMap { UUID(uuidString: $0.uuid) })
        let source = MeddledFeed(fixture.feed) { served in
            guard served == 1 else { return }
            try catalog.authors.delete(id: try #require(try catalog.authors.find(uuid: author)).id)
            try catalog.genres.delete(id: try #require(try catalog.genres.find(uuid: genre)).id)
        }

        let report = try SyncClient(client).sync(from: source, batchSize: 40)

        #expect(report.batches > 2)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        #expect(try LibraryCatalog(client).integrityProblems() == [])
        #expect(try Self.schema(client) == schema)
        #expect(try ChangeFeed(client).highWater() == SyncClient(client).state()?.localSequence)
        let copy = try DatabaseSchema.open(path: copyPath)
        try SyncClient(copy).sync(from: ChangeFeed(client), batchSize: 40)
        #expect(try TestSupport.canonicalDump(copy) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func booksWhoseAuthorsComeLaterInTheFeedAreCreditedAllTheSame() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        // Each author changed after the books that credit it: the log keeps its row at its newest change, so the
        // books come first in the feed, and the catch-up fetches their authors before it writes their credits.
        let catalog = fixture.catalog
        for (id, name) in try fixture.server.fetchAll("SELECT id, name FROM authors", as: Int64.self, String.self) {
            _ = try catalog.authors.update(id: id, with: AuthorDraft(name: name + " (revised)"))
        }
        let source = MeddledFeed(fixture.feed) { _ in }

        let report = try SyncClient(client).sync(from: source, batchSize: 20)

        #expect(report.batches > 2)
        #expect(source.lookups.value > 0)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        #expect(try LibraryCatalog(client).integrityProblems() == [])
    }

    @Test func aCatchUpWritesWithTheImportsPageCacheAndGivesTheCacheBack() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        let before = try client.fetchOne(Int.self, "PRAGMA cache_size")
        try fixture.importSamples()
        // Read on the client's connection while its catch-up transaction is open, after each batch.
        let seen = Seen()
        let source = MeddledFeed(fixture.feed) { _ in
            seen.cacheSizes.append(try #require(try client.fetchOne(Int.self, "PRAGMA cache_size")))
        }

        try SyncClient(client).sync(from: source, batchSize: 20)

        // A sync's batches take 64 MiB; a catch-up builds its indexes at the end, sorting as much as the cache
        // holds, so it keeps to the import's 32 MiB.
        #expect(seen.cacheSizes.count > 2)
        #expect(seen.cacheSizes.dropFirst().allSatisfy { $0 == -DeferredIndexes.pageCacheKiB }, "\(seen.cacheSizes)")
        #expect(try client.fetchOne(Int.self, "PRAGMA cache_size") == before)
    }

    /// Checked once before the commit, as an import into an empty catalog does, and on again after, whether the
    /// catch-up committed or failed.
    @Test(arguments: [nil, 3]) func aCatchUpDefersItsForeignKeysAndTurnsThemBackOn(failingAtBatch: Int?) throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try fixture.importSamples()
        let seen = Seen()
        let source = MeddledFeed(fixture.feed) { served in
            seen.foreignKeys.append(try client.fetchOne(Bool.self, "PRAGMA foreign_keys") == true)
            if served == failingAtBatch { throw Failure() }
        }

        do {
            try SyncClient(client).sync(from: source, batchSize: 20)
            #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        } catch is Failure {
            #expect(failingAtBatch != nil)
        }

        // The first batch is read before the transaction begins.
        #expect(seen.foreignKeys.count > 2)
        #expect(seen.foreignKeys.dropFirst().allSatisfy { !$0 }, "\(seen.foreignKeys)")
        #expect(try client.fetchOne(Bool.self, "PRAGMA foreign_keys") == true)
        #expect(try client.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check").isEmpty)
    }

    @Test func aCatchUpThatFailsLeavesTheClientAsItWas() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        let schema = try Self.schema(client)
        let before = try TestSupport.canonicalDump(client)
        try fixture.importSamples()
        let source = MeddledFeed(fixture.feed) { served in
            if served == 3 { throw Failure() }
        }

        #expect(throws: Failure.self) { try SyncClient(client).sync(from: source, batchSize: 20) }

        // The two batches written before the failure went with it.
        #expect(try TestSupport.canonicalDump(client) == before)
        #expect(try SyncClient(client).state()?.lastSequence == 0)
        #expect(try Self.schema(client) == schema)
        #expect(try ChangeFeed(client).highWater() == 0)
        // The next sync starts again and gets there.
        try SyncClient(client).sync(from: fixture.feed, batchSize: 20)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
    }

    @Test func aClientThatHoldsBooksKeepsTheBatchesWrittenBeforeAFailure() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        for number in 1...50 { _ = try fixture.catalog.authors.create(AuthorDraft(name: "Author \(number)")) }
        let source = MeddledFeed(fixture.feed) { served in
            if served == 3 { throw Failure() }
        }

        #expect(throws: Failure.self) { try SyncClient(client).sync(from: source, batchSize: 20) }

        #expect(try LibraryCatalog(client).authors.find(named: "Author 20").count == 1)
        #expect(try SyncClient(client).state()?.lastSequence ?? 0 > 0)
    }
}
