import Catalog
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The change log keeps one row per entity (migration 0007): every change moves the entity's row to a new seq.
@Suite struct ChangeLogPerEntityTests {
    private func logRows(_ db: Database) throws -> [String] {
        try db.fetchAll(String.self, "SELECT entity_kind || ' ' || operation FROM change_log ORDER BY seq")
    }

    private func highWater(_ db: Database) throws -> Int64 {
        try db.fetchOne(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
    }

    @Test func everyChangeMovesTheEntitysOneRowToANewSequence() throws {
        let fixture = try SyncFixture()
        let catalog = fixture.catalog
        let author = try catalog.authors.create(AuthorDraft(name: "Ursula K. Le Guin"))
        let book = try catalog.books.create(BookDraft(title: "The Dispossessed", year: 1974))
        #expect(try logRows(fixture.server) == ["author insert", "book insert"])
        // The book's credit is an update of the book; the author's rename one of the author.
        try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
        let afterCredit = try highWater(fixture.server)
        try catalog.authors.update(id: author.id, with: AuthorDraft(name: "Ursula Le Guin"))
        try catalog.books.update(id: book.id, with: BookDraft(title: "The Dispossessed", year: 1975))
        #expect(try logRows(fixture.server) == ["author update", "book update"])
        #expect(try highWater(fixture.server) > afterCredit)
        #expect(
            try fixture.server.fetchOne(Int64.self, "SELECT max(seq) FROM change_log") == highWater(fixture.server))
        try catalog.authors.delete(id: author.id)
        #expect(try logRows(fixture.server) == ["book update", "author delete"])
    }

    /// The triggers are the log's only writer, so any SQLite client's statement is logged, whatever OR policy it
    /// runs under: the upsert that moves an entity's row is not overridden by the outer statement's.
    @Test(arguments: ["UPDATE OR IGNORE", "UPDATE OR REPLACE", "UPDATE OR ROLLBACK", "UPDATE"])
    func aPlainSQLWriteUnderAnyConflictPolicyIsLogged(update: String) throws {
        let fixture = try SyncFixture()
        let first = try fixture.catalog.genres.create(GenreDraft(name: "Poetry"))
        _ = try fixture.catalog.genres.create(GenreDraft(name: "Drama"))
        let before = try highWater(fixture.server)
        try fixture.server.execute("\(update) genres SET name = 'Verse', name_key = 'verse' WHERE id = \(first.id)")
        #expect(try logRows(fixture.server) == ["genre insert", "genre update"])
        #expect(
            try fixture.server.fetchOne(String.self, "SELECT uuid FROM change_log ORDER BY seq DESC LIMIT 1")
                == first.uuid.uuidString.lowercased())
        #expect(try highWater(fixture.server) > before)
    }

    /// An author created before the book that credits it and renamed after it comes later in the feed than the
    /// book; a genre's new parent likewise. A client reading one change per batch still ends equal to the server.
    @Test func anEntityChangedAfterItsLinkerArrivesWithTheLinker() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        let catalog = fixture.catalog
        let author = try catalog.authors.create(AuthorDraft(name: "Octavia E. Butler"))
        let parent = try catalog.genres.create(GenreDraft(name: "Speculative fiction"))
        let genre = try catalog.genres.create(GenreDraft(name: "Afrofuturism", parentID: parent.id))
        let book = try catalog.books.create(BookDraft(title: "Kindred", year: 1979))
        try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
        try catalog.books.setGenres([genre.id], of: book.id)
        try catalog.authors.update(id: author.id, with: AuthorDraft(name: "Octavia Estelle Butler"))
        try catalog.genres.update(id: parent.id, with: GenreDraft(name: "Speculative fiction (all)"))
        #expect(try logRows(fixture.server) == ["genre insert", "book insert", "author update", "genre update"])

        let report = try SyncClient(client).sync(from: fixture.feed, batchSize: 1)
        #expect(report.batches == 4)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        #expect(try LibraryCatalog(client).integrityProblems() == [])
    }

    /// A server and a client at version 6, whose log has several rows per entity, both migrate; the client keeps
    /// syncing from its cursor and ends equal to the server.
    @Test func aLogOfVersion6ConvertsAndItsClientsKeepSyncing() throws {
        let directory = try TestSupport.temporaryDirectory("changelog-0006")
        let version6 = Migrator(DatabaseSchema.migrations.filter { $0.version <= 6 })
        let serverPath = directory.appending(path: "server.sqlite").path
        let clientPath = directory.appending(path: "client.sqlite").path
        let server = try Database(path: serverPath)
        _ = try version6.migrate(server)
        let catalog = LibraryCatalog(server)
        let first = try catalog.authors.create(AuthorDraft(name: "N. K. Jemisin"))
        let second = try catalog.authors.create(AuthorDraft(name: "Ted Chiang"))
        _ = try ChangeFeed(server).snapshot(to: clientPath, emptying: DatabaseSchema.userTables)
        // Interleaved updates: 0003's coalescing only merged a row with the log's newest, so these stay apart.
        for round in 1...3 {
            try catalog.authors.update(id: first.id, with: AuthorDraft(name: "N. K. Jemisin \(round)"))
            try catalog.authors.update(id: second.id, with: AuthorDraft(name: "Ted Chiang \(round)"))
        }
        let counter = try highWater(server)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM change_log") == 8)

        _ = try DatabaseSchema.migrator.migrate(server)
        #expect(try logRows(server) == ["author update", "author update"])
        #expect(try highWater(server) == counter)
        #expect(
            try server.fetchOne(
                Int64.self, "SELECT max(seq) FROM change_log WHERE uuid = ?", [second.uuid.uuidString.lowercased()])
                == counter)
        let client = try DatabaseSchema.open(path: clientPath)
        try SyncClient(client).sync(from: ChangeFeed(server))
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(server))
        try catalog.authors.update(id: first.id, with: AuthorDraft(name: "Nora K. Jemisin"))
        #expect(try SyncClient(client).sync(from: ChangeFeed(server)).changesApplied == 1)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(server))
    }

    /// Sync enlarges the client's page cache for its batches and gives the connection its own setting back.
    @Test func aSyncGivesTheClientConnectionItsPageCacheBack() throws {
        let fixture = try SyncFixture()
        let client = try fixture.snapshot()
        try client.execute("PRAGMA cache_size = -1234")
        _ = try fixture.catalog.genres.create(GenreDraft(name: "Essays"))
        #expect(try SyncClient(client).sync(from: fixture.feed).changesApplied == 1)
        #expect(try client.fetchOne(Int.self, "PRAGMA cache_size") == -1234)
    }
}
