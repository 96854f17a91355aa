import CatalogSync
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A SQLite client copy follows a catalog on PostgreSQL through `PostgreSQLChangeFeed`, the change source the
/// SQLite feed's clients already sync from.
@Suite struct PostgreSQLSyncTests {
    /// Each entity table and link table as one text line per row (references as uuids), sorted: the same query on
    /// both databases.
    static let dumpQueries = [
        "SELECT uuid || '|' || title || '|' || sort_title || '|' || sort_key || '|' || coalesce(CAST(year AS TEXT), '-')"
            + " || '|' || created_at || '|' || updated_at FROM books",
        "SELECT uuid || '|' || name || '|' || sort_name || '|' || name_key || '|' || sort_key FROM authors",
        "SELECT g.uuid || '|' || g.name || '|' || g.name_key || '|' || coalesce(p.uuid, '-') FROM genres g"
            + " LEFT JOIN genres p ON p.id = g.parent_id",
        "SELECT uuid || '|' || name || '|' || sort_key || '|' || coalesce(country, '-') FROM bands",
        "SELECT b.uuid || '|' || a.uuid || '|' || x.role || '|' || CAST(x.position AS TEXT) || '|' || x.book_sort_key"
            + " FROM book_authors x JOIN books b ON b.id = x.book_id JOIN authors a ON a.id = x.author_id",
        "SELECT b.uuid || '|' || g.uuid || '|' || CAST(x.position AS TEXT) FROM book_genres x"
            + " JOIN books b ON b.id = x.book_id JOIN genres g ON g.id = x.genre_id",
        "SELECT b.uuid || '|' || g.uuid || '|' || CAST(x.position AS TEXT) FROM band_genres x"
            + " JOIN bands b ON b.id = x.band_id JOIN genres g ON g.id = x.genre_id",
    ]

    static func dump(_ db: PostgreSQLConnection) throws -> [[String]] {
        try dumpQueries.map { try db.fetchAll(String.self, $0).sorted() }
    }

    static func dump(_ db: Database) throws -> [[String]] {
        try dumpQueries.map { try db.fetchAll(String.self, $0).sorted() }
    }

    /// A new, empty SQLite catalog that follows the PostgreSQL database `server` from its first change.
    static func client(of server: PostgreSQLChangeFeed) throws -> Database {
        let path = try TestSupport.temporaryDirectory("pg-client").appending(path: "client.sqlite").path
        let db = try DatabaseSchema.openCatalog(path: path)
        try db.execute(
            "INSERT INTO sync_state (id, server_uuid, snapshot_seq, last_seq, local_seq) VALUES (1, ?, 0, 0, ?)",
            [try server.databaseUUID(), try ChangeFeed(db).highWater()])
        return db
    }

    @Test func aClientFollowsInsertsUpdatesLinksAndDeletes() throws {
        let uri = try PostgresCluster.shared().createDatabase("sync")
        let server = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(server)
        let feed = PostgreSQLChangeFeed(server)
        let client = try Self.client(of: feed)

        try server.execute(
            """
            INSERT INTO genres (name, name_key) VALUES ('Fiction', 'fiction');
            INSERT INTO genres (name, name_key, parent_id) SELECT 'Science fiction', 'science fiction', id
                FROM genres WHERE name_key = 'fiction';
            INSERT INTO authors (name, sort_name, name_key, sort_key)
                VALUES ('Octavia E. Butler', 'Butler, Octavia E.', 'octavia e butler', 'butler octavia e'),
                       ('Ursula K. Le Guin', 'Le Guin, Ursula K.', 'ursula k le guin', 'le guin ursula k');
            INSERT INTO books (title, sort_title, sort_key, year) VALUES ('Kindred', 'Kindred', 'kindred', 1979),
                ('The Dispossessed', 'Dispossessed, The', 'dispossessed', 1974);
            INSERT INTO book_authors (book_id, author_id, position)
                SELECT b.id, a.id, 0 FROM books b JOIN authors a ON (b.sort_key, a.sort_key)
                    IN (('kindred', 'butler octavia e'), ('dispossessed', 'le guin ursula k'));
            INSERT INTO book_genres (book_id, genre_id, position) SELECT b.id, g.id, 0 FROM books b, genres g
                WHERE g.name_key = 'science fiction';
            INSERT INTO bands (name, sort_name, name_key, sort_key, country)
                VALUES ('Daft Punk', 'Daft Punk', 'daft punk', 'daft punk', 'FR');
            """)
        let first = try SyncClient(client).sync(from: feed, batchSize: 3)
        let latest = try PostgreSQLChangeFeed.latestSeq(on: server)
        #expect(first.batches > 1 && first.toSequence == latest)
        #expect(try Self.dump(client) == (try Self.dump(server)))
        #expect(try client.fetchOne(Int.self, "SELECT count(*) FROM book_authors") == 2)

        // An update, a link removed with its author, a delete: the client follows each.
        try server.execute(
            """
            UPDATE books SET title = 'Kindred (25th anniversary)' WHERE sort_key = 'kindred';
            DELETE FROM authors WHERE name_key = 'ursula k le guin';
            DELETE FROM bands;
            """)
        try SyncClient(client).sync(from: feed)
        #expect(try Self.dump(client) == (try Self.dump(server)))
        #expect(try client.fetchOne(Int.self, "SELECT count(*) FROM bands") == 0)
        #expect(
            try client.fetchOne(String.self, "SELECT title FROM books WHERE sort_key = 'kindred'")
                == "Kindred (25th anniversary)")
    }

    @Test func theJSONLinesReadBackAsTheSameChanges() throws {
        let server = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("lines"))
        try PostgreSQLCatalogSchema.migrator.migrate(server)
        try server.execute(
            "INSERT INTO books (title, sort_title, sort_key, year) VALUES ('Kindred', 'Kindred', 'kindred', 1979)")
        let feed = PostgreSQLChangeFeed(server)
        var lines = ""
        let trailer = try feed.writeJSONLines(since: 0) { lines += $0 }
        #expect(lines.split(separator: "\n").count == 2)
        #expect(lines.contains(#""title":"Kindred""#) && lines.contains(#""year":1979"#))
        let latest = try PostgreSQLChangeFeed.latestSeq(on: server)
        #expect(trailer.lastSequence == latest && !trailer.more)
        #expect(trailer.database == (try feed.databaseUUID()))
    }

    @Test func aClientBehindThePrunedHorizonIsToldToTakeASnapshot() throws {
        let server = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("prune"))
        try PostgreSQLCatalogSchema.migrator.migrate(server)
        let feed = PostgreSQLChangeFeed(server)
        let client = try Self.client(of: feed)
        try server.execute(
            "INSERT INTO books (title, sort_title, sort_key) VALUES ('A', 'A', 'a'), ('B', 'B', 'b'), ('C', 'C', 'c')")
        let latest = try PostgreSQLChangeFeed.latestSeq(on: server)
        #expect(try feed.prune(before: latest) == 2)
        #expect(throws: SyncError.behindPrunedHorizon(since: 0, prunedBefore: latest)) {
            try SyncClient(client).sync(from: feed)
        }
        #expect(throws: SyncError.invalidPrunePoint(latest + 2, highWater: latest)) {
            try feed.prune(before: latest + 2)
        }
    }
}
