import CatalogSync
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A SQLite client copy made from a catalog on PostgreSQL: the same rows, one moment of the server, and a client
/// that catches up from there.
@Suite struct PostgreSQLSnapshotTests {
    /// A migrated catalog with a genre whose parent has a higher id, credits, genres, a band and an import identity.
    private static func server(_ label: String) throws -> (connection: PostgreSQLConnection, uri: String) {
        let uri = try PostgresCluster.shared().createDatabase(label)
        let server = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(server)
        try server.execute(
            """
            INSERT INTO genres (name, name_key) VALUES ('Science fiction', 'science fiction');
            INSERT INTO genres (name, name_key) VALUES ('Fiction', 'fiction');
            UPDATE genres SET parent_id = (SELECT id FROM genres WHERE name_key = 'fiction')
                WHERE name_key = 'science fiction';
            INSERT INTO authors (name, sort_name, name_key, sort_key)
                VALUES ('Octavia E. Butler', 'Butler, Octavia E.', 'octavia e butler', 'butler octavia e');
            INSERT INTO books (title, sort_title, sort_key, year, isbn13)
                VALUES ('Kindred', 'Kindred', 'kindred', 1979, '9780807083697');
            INSERT INTO book_authors (book_id, author_id, position) SELECT b.id, a.id, 0 FROM books b, authors a;
            INSERT INTO book_genres (book_id, genre_id, position) SELECT b.id, g.id, 0 FROM books b, genres g
                WHERE g.name_key = 'science fiction';
            INSERT INTO bands (name, sort_name, name_key, sort_key, country)
                VALUES ('Motörhead', 'Motörhead', 'motörhead', 'motörhead', 'GB');
            INSERT INTO band_genres (band_id, genre_id, position) SELECT d.id, g.id, 0 FROM bands d, genres g
                WHERE g.name_key = 'fiction';
            INSERT INTO source_records (source, source_key, entity_kind, entity_id)
                SELECT 'books.json', 'kindred', 'book', id FROM books;
            INSERT INTO users (name, created_at) VALUES ('ada', catalog_now());
            """)
        return (server, uri)
    }

    private static func newPath(_ label: String) throws -> String {
        try TestSupport.temporaryDirectory(label).appending(path: "client.sqlite").path
    }

    @Test func theCopyHoldsTheCatalogAndFollowsTheServer() throws {
        let server = try Self.server("snapshot").connection
        let feed = PostgreSQLChangeFeed(server)
        let path = try Self.newPath("pg-snapshot")
        let info = try feed.snapshot(to: path, server: "postgres://catalog@db/catalog")
        #expect(info.sequence == (try PostgreSQLChangeFeed.latestSeq(on: server)))
        #expect(info.serverUUID == (try feed.databaseUUID()))

        let copy = try DatabaseSchema.openCatalog(path: path, mode: .migrateExisting)
        #expect(try PostgreSQLSyncTests.dump(copy) == (try PostgreSQLSyncTests.dump(server)))
        // The ids are the server's, the import identity came along, the users did not.
        #expect(
            try copy.fetchAll(Int64.self, "SELECT id FROM books")
                == (try server.fetchAll(Int64.self, "SELECT id FROM books")))
        #expect(try copy.fetchOne(String.self, "SELECT source_key FROM source_records") == "kindred")
        #expect(try copy.tableExists("users") == false)
        // Searchable, as a copy made from SQLite is.
        #expect(
            try copy.fetchOne(Int.self, "SELECT count(*) FROM search_index WHERE search_index MATCH 'motörhead'") == 1)
        let state = try #require(try SyncClient(copy).state())
        #expect(state.serverUUID == info.serverUUID && state.lastSequence == info.sequence)
        #expect(state.serverPath == "postgres://catalog@db/catalog")

        // What the server writes next reaches the copy by sync, and nothing else changes.
        try server.execute("UPDATE books SET title = 'Kindred (25th anniversary)' WHERE sort_key = 'kindred'")
        let report = try SyncClient(copy).sync(from: feed)
        #expect(report.changesApplied == 1)
        #expect(try PostgreSQLSyncTests.dump(copy) == (try PostgreSQLSyncTests.dump(server)))
    }

    /// A copy of more rows than one batch of the cursor: every row, the search index and one change-log row per
    /// entity, as inserted, and the schema's indexes and triggers all there afterwards (the copy is written with them
    /// dropped or deferred).
    @Test func aLargeCopyIsWholeIndexedAndLoggedOncePerEntity() throws {
        let server = try Self.server("snapshot-large").connection
        try server.execute(
            """
            INSERT INTO authors (name, sort_name, name_key, sort_key)
                SELECT 'Author ' || n, 'Author ' || n, 'author ' || n, 'author ' || n FROM generate_series(1, 3000) n;
            INSERT INTO books (title, sort_title, sort_key, year)
                SELECT 'Book ' || n, 'Book ' || n, 'book ' || n, 1900 + n % 120 FROM generate_series(1, 25000) n;
            INSERT INTO book_authors (book_id, author_id, position)
                SELECT b.id, a.id, 0 FROM books b JOIN authors a ON a.sort_key = 'author ' || (b.id % 3000 + 1)
                WHERE b.sort_key LIKE 'book %';
            INSERT INTO book_genres (book_id, genre_id, position)
                SELECT b.id, g.id, 0 FROM books b, genres g WHERE g.name_key = 'fiction' AND b.sort_key LIKE 'book %';
            """)
        let path = try Self.newPath("pg-snapshot-large")
        try PostgreSQLChangeFeed(server).snapshot(to: path, server: "pg")

        let copy = try DatabaseSchema.openCatalog(path: path, mode: .migrateExisting)
        #expect(try PostgreSQLSyncTests.dump(copy) == (try PostgreSQLSyncTests.dump(server)))
        let entities = try server.fetchOne(
            Int.self,
            """
            SELECT (SELECT count(*) FROM books) + (SELECT count(*) FROM authors) + (SELECT count(*) FROM genres)
                + (SELECT count(*) FROM bands)
            """)
        #expect(entities == 25_001 + 3_001 + 2 + 1)
        #expect(try copy.fetchOne(Int.self, "SELECT count(*) FROM search_index") == entities)
        #expect(
            try copy.fetchOne(Int.self, "SELECT count(*) FROM search_index WHERE search_index MATCH 'book'") == 25_000)
        #expect(try copy.fetchAll(String.self, "SELECT DISTINCT operation FROM change_log") == ["insert"])
        #expect(try copy.fetchOne(Int.self, "SELECT count(*) FROM change_log") == entities)
        #expect(try copy.fetchOne(String.self, "PRAGMA integrity_check") == "ok")
        #expect(try copy.fetchOne(Bool.self, "PRAGMA foreign_keys") == true)

        // The same indexes and triggers as a new client catalog: the migrations', and the upload queue's.
        let fresh = try DatabaseSchema.openCatalog(path: try Self.newPath("pg-snapshot-fresh"))
        try UploadQueue.installTriggers(in: fresh)
        let schema = "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY type, name"
        #expect(try copy.fetchAll(String.self, schema) == (try fresh.fetchAll(String.self, schema)))
    }

    @Test func theCopyIsOfOneMomentWhileAWriterGoesOn() throws {
        let (server, uri) = try Self.server("snapshot-moment")
        let feed = PostgreSQLChangeFeed(server)
        let writer = try PostgreSQLConnection(uri: uri)
        // Between the transaction's first read and its last, another connection commits a book: the copy must not
        // hold it, and its sequence must be the one before it, so that sync brings it.
        let path = try Self.newPath("pg-snapshot-moment")
        let info = try feed.reading { _ in
            _ = try PostgreSQLChangeFeed.latestSeq(on: server)
            try writer.execute("INSERT INTO books (title, sort_title, sort_key) VALUES ('Dawn', 'Dawn', 'dawn')")
            return try feed.snapshot(to: path, server: "pg")
        }
        let copy = try DatabaseSchema.openCatalog(path: path, mode: .migrateExisting)
        #expect(try copy.fetchOne(Int.self, "SELECT count(*) FROM books") == 1)
        #expect(info.sequence < (try PostgreSQLChangeFeed.latestSeq(on: server)))
        try SyncClient(copy).sync(from: feed)
        #expect(try PostgreSQLSyncTests.dump(copy) == (try PostgreSQLSyncTests.dump(server)))
    }

    @Test func anExistingFileIsNeverOverwrittenAndAFailureLeavesNoFile() throws {
        let server = try Self.server("snapshot-exists").connection
        let path = try Self.newPath("pg-snapshot-exists")
        try Data("keep".utf8).write(to: URL(filePath: path))
        #expect(throws: SnapshotError.fileExists(path: path)) {
            try PostgreSQLChangeFeed(server).snapshot(to: path, server: "pg")
        }
        #expect(try Data(contentsOf: URL(filePath: path)) == Data("keep".utf8))

        // A server whose schema is not the catalog's: the copy fails part way, and nothing is left behind.
        try server.execute("DROP TABLE source_records CASCADE")
        let other = try Self.newPath("pg-snapshot-failed")
        #expect(throws: PostgreSQLError.self) { try PostgreSQLChangeFeed(server).snapshot(to: other, server: "pg") }
        let left = try FileManager.default.contentsOfDirectory(
            atPath: URL(filePath: other).deletingLastPathComponent().path)
        #expect(left.isEmpty)
    }
}
