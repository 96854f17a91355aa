import Catalog
import CatalogImport
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// An import's working copy kept between runs (`ImportOptions.workingCopyDirectory`): the next run starts from it
/// while the server is as the copy left it, and from a new copy as soon as anything says otherwise.
@Suite struct PostgreSQLKeptWorkingCopyTests {
    private static let sampleFiles = ["library.json", "music.json"].map {
        TestSupport.sampleData.appending(path: $0).path
    }

    /// A migrated catalog, another connection to it, and import options keeping the copy in a new directory.
    private static func setUp(_ label: String) throws -> (
        server: PostgreSQLConnection, other: PostgreSQLConnection, options: ImportOptions
    ) {
        let uri = try PostgresCluster.shared().createDatabase(label)
        let server = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(server)
        var options = ImportOptions()
        options.workingCopyDirectory = try TestSupport.temporaryDirectory("pg-\(label)").path
        return (server, try PostgreSQLConnection(uri: uri), options)
    }

    /// The kept copy of `server`'s catalog.
    private static func keptPath(_ server: PostgreSQLConnection, _ options: ImportOptions) throws -> String {
        let directory = try #require(options.workingCopyDirectory)
        return "\(directory)/\(try PostgreSQLChangeFeed(server).databaseUUID()).sqlite"
    }

    /// Marks the copy at `path` with a table of no consequence to it, which a new copy does not have.
    private static func mark(_ path: String) throws {
        try Database(path: path).execute("CREATE TABLE marked (id INTEGER)")
    }

    private static func isMarked(_ path: String) throws -> Bool {
        try Database(path: path).tableExists("marked")
    }

    /// Imports `file` in a run of its own, as a new `catalog import` process would.
    @discardableResult
    private static func importInNewRun(_ file: String, into server: PostgreSQLConnection, _ options: ImportOptions)
        throws -> ImportSummary
    {
        try PostgreSQLImporter(server).importFile(atPath: file, options: options)
    }

    @Test func theNextRunStartsFromTheKeptCopyAndWritesWhatItWould() throws {
        let (server, _, options) = try Self.setUp("kept-copy")
        try Self.importInNewRun(Self.sampleFiles[0], into: server, options)
        let kept = try Self.keptPath(server, options)
        try Self.mark(kept)

        try Self.importInNewRun(Self.sampleFiles[1], into: server, options)
        let seq = try PostgreSQLChangeFeed.latestSeq(on: server)
        let again = try Self.importInNewRun(Self.sampleFiles[0], into: server, options)
        #expect(again.inserted == 0 && again.updated == 0)
        #expect(try PostgreSQLChangeFeed.latestSeq(on: server) == seq)
        #expect(try Self.isMarked(kept))

        // The server holds what a SQLite catalog importing the same files holds, and so does the copy.
        let sqlite = try DatabaseSchema.openCatalog(
            path: try TestSupport.temporaryDirectory("pg-kept-sqlite").appending(path: "c.sqlite").path)
        for path in Self.sampleFiles { _ = try LibraryCatalog(sqlite).importer.importFile(atPath: path) }
        let snapshot = try TestSupport.temporaryDirectory("pg-kept-snapshot").appending(path: "s.sqlite").path
        try PostgreSQLChangeFeed(server).snapshot(to: snapshot, server: "pg")
        let expected = try TestSupport.contentDump(sqlite)
        #expect(try TestSupport.contentDump(try Database(path: snapshot)) == expected)
        #expect(try TestSupport.contentDump(try Database(path: kept)) == expected)
    }

    @Test(arguments: [
        // An entity written by another writer moves the change log.
        "UPDATE books SET title = 'The Hobbit, or There and Back Again' WHERE title = 'The Hobbit'",
        // An import identity alone moves no log: the identities' version says it.
        "INSERT INTO source_records (source, source_key, entity_kind, entity_id) SELECT 'shelf', 'd1', 'book', id "
            + "FROM books WHERE title = 'The Hobbit'",
    ])
    func anotherWritersChangeMakesANewCopy(_ change: String) throws {
        let (server, other, options) = try Self.setUp("kept-moved")
        try Self.importInNewRun(Self.sampleFiles[0], into: server, options)
        let kept = try Self.keptPath(server, options)
        try Self.mark(kept)
        try other.execute(change)

        try Self.importInNewRun(Self.sampleFiles[1], into: server, options)
        #expect(try !Self.isMarked(kept))
        // The new copy holds the other writer's change, as the server does.
        let copy = try Database(path: kept)
        let path = try TestSupport.temporaryDirectory("pg-kept-moved-snapshot").appending(path: "s.sqlite").path
        try PostgreSQLChangeFeed(server).snapshot(to: path, server: "pg")
        let snapshot = try Database(path: path)
        #expect(try TestSupport.contentDump(copy) == (try TestSupport.contentDump(snapshot)))
        let identities = "SELECT source || ' ' || source_key || ' ' || entity_id FROM source_records ORDER BY 1"
        #expect(try copy.fetchAll(String.self, identities) == (try snapshot.fetchAll(String.self, identities)))
    }

    /// Within one run too: the importer lets go of its stale copy before it makes the new one in its place.
    @Test func theNextFileOfARunRenewsTheKeptCopyWhenAnotherWriterWroteInBetween() throws {
        let (server, other, options) = try Self.setUp("kept-between-files")
        let importer = PostgreSQLImporter(server)
        _ = try importer.importFile(atPath: Self.sampleFiles[0], options: options)
        let kept = try Self.keptPath(server, options)
        try Self.mark(kept)
        try other.execute("UPDATE books SET title = 'The Hobbit, or There and Back Again' WHERE title = 'The Hobbit'")

        _ = try importer.importFile(atPath: Self.sampleFiles[1], options: options)
        #expect(try !Self.isMarked(kept))
        let title = "SELECT count(*) FROM books WHERE title = 'The Hobbit, or There and Back Again'"
        #expect(try Database(path: kept).fetchOne(Int.self, title) == 1)
    }

    @Test func aCopyHoldingUnsentWritesIsNotUsedAgain() throws {
        let (server, _, options) = try Self.setUp("kept-unsent")
        try Self.importInNewRun(Self.sampleFiles[0], into: server, options)
        let kept = try Self.keptPath(server, options)
        try Self.mark(kept)
        // What a run killed before its push leaves: a write in the copy the server never got.
        try Database(path: kept).execute(
            "INSERT INTO books (title, sort_title, sort_key) VALUES ('Unsent', 'Unsent', 'unsent')")

        try Self.importInNewRun(Self.sampleFiles[1], into: server, options)
        #expect(try !Self.isMarked(kept))
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM books WHERE title = 'Unsent'") == 0)
        #expect(try Database(path: kept).fetchOne(Int.self, "SELECT count(*) FROM books WHERE title = 'Unsent'") == 0)
    }

    @Test func aCopyInUseByAnotherRunLeavesThisOneACopyOfItsOwn() throws {
        let (server, _, options) = try Self.setUp("kept-locked")
        try Self.importInNewRun(Self.sampleFiles[0], into: server, options)
        let kept = try Self.keptPath(server, options)
        try Self.mark(kept)
        let modified = try FileManager.default.attributesOfItem(atPath: kept)[.modificationDate] as? Date

        let held = try #require(try FileLock(path: kept + ".lock"))
        let summary = try Self.importInNewRun(Self.sampleFiles[1], into: server, options)
        #expect(summary.inserted > 0)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM bands") ?? 0 > 0)
        #expect(try Self.isMarked(kept))
        #expect(try FileManager.default.attributesOfItem(atPath: kept)[.modificationDate] as? Date == modified)
        withExtendedLifetime(held) {}
    }

    @Test func aPushAfterAnotherWriterChangedTheIdentitiesWritesNothing() throws {
        let (server, other, _) = try Self.setUp("kept-identities")
        let copy = try PostgreSQLWorkingCopy(checkingOut: PostgreSQLChangeFeed(server))
        _ = try LibraryCatalog(copy.database).importer.importFile(atPath: Self.sampleFiles[0])
        try other.execute("DELETE FROM source_records")
        #expect(throws: PostgreSQLPushError.identitiesChanged) { try copy.push() }
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM books") == 0)
    }
}
