import Catalog
import CatalogImport
import CatalogSync
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// Imports into a catalog on PostgreSQL: the SQLite importer's decisions, made on a working copy, reach the server
/// whole, once, and as they would have been written to a SQLite catalog.
@Suite struct PostgreSQLImportTests {
    private static func server(_ label: String) throws -> (connection: PostgreSQLConnection, uri: String) {
        let uri = try PostgresCluster.shared().createDatabase(label)
        let connection = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        return (connection, uri)
    }

    private static func sqliteCatalog(_ label: String) throws -> Database {
        try DatabaseSchema.openCatalog(path: try TestSupport.temporaryDirectory(label).appending(path: "c.sqlite").path)
    }

    /// The server's catalog as a SQLite copy holds it.
    private static func copy(of server: PostgreSQLConnection, _ label: String) throws -> Database {
        let path = try TestSupport.temporaryDirectory(label).appending(path: "copy.sqlite").path
        try PostgreSQLChangeFeed(server).snapshot(to: path, server: "pg")
        return try DatabaseSchema.openCatalog(path: path, mode: .migrateExisting)
    }

    private static let sampleFiles = ["library.json", "music.json"].map {
        TestSupport.sampleData.appending(path: $0).path
    }

    @Test func anImportWritesWhatASQLiteImportWrites() throws {
        let server = try Self.server("import").connection
        let importer = PostgreSQLImporter(server)
        let sqlite = try Self.sqliteCatalog("pg-import-sqlite")
        for file in Self.sampleFiles + [TestSupport.importFixture("books_mixed.csv")] {
            let summary = try importer.importFile(atPath: file)
            let expected = try LibraryCatalog(sqlite).importer.importFile(atPath: file)
            #expect(summary.inserted == expected.inserted && summary.rejected == expected.rejected, "\(file)")
        }
        let copy = try Self.copy(of: server, "pg-import-copy")
        #expect(try TestSupport.contentDump(copy) == (try TestSupport.contentDump(sqlite)))
        #expect(try TestSupport.contentDump(copy).count > 50)
        // The import identities came along: the server knows every imported row's source key.
        let identities = "SELECT source || ' ' || source_key FROM source_records ORDER BY 1"
        #expect(try server.fetchAll(String.self, identities) == (try sqlite.fetchAll(String.self, identities)))
        // The server's own triggers indexed what arrived.
        let hits = try server.fetchOne(
            Int.self, "SELECT count(*) FROM search_index WHERE document @@ catalog_search_query('dune')")
        #expect(hits == 1)
    }

    @Test func importingAgainWritesNothing() throws {
        let server = try Self.server("import-again").connection
        let file = Self.sampleFiles[0]
        try PostgreSQLImporter(server).importFile(atPath: file)
        let seq = try PostgreSQLChangeFeed.latestSeq(on: server)
        let before = try TestSupport.contentDump(try Self.copy(of: server, "pg-again-before"))

        let again = try PostgreSQLImporter(server).importFile(atPath: file)
        #expect(again.inserted == 0 && again.updated == 0)
        #expect(try PostgreSQLChangeFeed.latestSeq(on: server) == seq)
        #expect(try TestSupport.contentDump(try Self.copy(of: server, "pg-again-after")) == before)
    }

    @Test func aChangedFileUpdatesRowsAndLinks() throws {
        let server = try Self.server("import-update").connection
        let sqlite = try Self.sqliteCatalog("pg-import-update-sqlite")
        let directory = try TestSupport.temporaryDirectory("pg-import-update")
        let file = directory.appending(path: "books.csv")
        let importer = PostgreSQLImporter(server)
        let versions = [
            "source_key,title,authors,genres,year\nb1,Kindred,Octavia E. Butler,Fiction|Science fiction,1979\n",
            "source_key,title,authors,genres,year\nb1,Kindred,Octavia E. Butler|Octavia Butler,Fiction,1980\n",
        ]
        for version in versions {
            try version.write(to: file, atomically: true, encoding: .utf8)
            let summary = try importer.importFile(atPath: file.path)
            let expected = try LibraryCatalog(sqlite).importer.importFile(atPath: file.path)
            let counts = [summary.inserted, summary.updated, summary.unchanged]
            #expect(counts == [expected.inserted, expected.updated, expected.unchanged])
        }
        #expect(
            try TestSupport.contentDump(try Self.copy(of: server, "pg-import-update-copy"))
                == (try TestSupport.contentDump(sqlite)))
        #expect(try server.fetchOne(Int.self, "SELECT year FROM books") == 1980)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM book_genres") == 1)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM book_authors") == 2)
    }

    /// A push writes the search entries and the change log itself, one statement per table: the server logs each
    /// entity the copy logged, once, as inserted when the server did not have it (the copy's own log may call a new
    /// book updated, when its links came after other rows), and indexes it as the row triggers would.
    @Test func aPushLogsWhatTheCopyLoggedAndIndexesAsTheTriggersWould() throws {
        let server = try Self.server("import-log").connection
        let directory = try TestSupport.temporaryDirectory("pg-import-log")
        let books = directory.appending(path: "books.csv")
        let versions = [
            "source_key,title,authors,genres,year\nb1,Kindred,Octavia E. Butler,Fiction|Science fiction,1979\n",
            "source_key,title,authors,genres,year\nb1,Kindred,Octavia E. Butler|Octavia Butler,Fiction,1980\n",
        ]
        for (round, file) in (Self.sampleFiles + versions.map { _ in books.path }).enumerated() {
            if round >= Self.sampleFiles.count {
                try versions[round - Self.sampleFiles.count].write(to: books, atomically: true, encoding: .utf8)
            }
            try Self.expectPushLogsWhatTheCopyLogged(to: server, "round \(round)") { copy in
                _ = try LibraryCatalog(copy).importer.importFile(atPath: file)
            }
        }
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM change_log WHERE operation = 'insert'") ?? 0 > 50)
        try Self.expectSearchEntriesAsTheTriggersWrite(on: server)
    }

    /// Hand edits made on a copy reach the server the same way: a book retitled is logged and indexed again, a book
    /// deleted and an author merged into another (deletes, through the triggers) are logged as deleted, the merged
    /// author's books as updated, and the entries of both are gone; a book given one more genre, and nothing else,
    /// is logged as updated for its links alone.
    @Test func editsOnACopyAreLoggedAndIndexedAsOnTheCopy() throws {
        let server = try Self.server("import-edit-log").connection
        try PostgreSQLImporter(server).importFile(atPath: Self.sampleFiles[0])
        try Self.expectPushLogsWhatTheCopyLogged(to: server, "edits") { copy in
            let editor = CatalogEditor(copy, actor: "test")
            let uuids = { (sql: String) in try copy.fetchAll(String.self, sql).compactMap(UUID.init(uuidString:)) }
            let books = try uuids("SELECT uuid FROM books ORDER BY id LIMIT 3")
            let authors = try uuids("SELECT uuid FROM authors WHERE id IN (SELECT author_id FROM book_authors) LIMIT 2")
            try #require(books.count == 3 && authors.count == 2)
            try editor.update(.book, uuid: books[0], EntityEdit(fields: ["title": "Retitled"]))
            try editor.delete(.book, uuid: books[1])
            try editor.merge(.author, uuid: authors[0], into: authors[1])
            // A writer that changes a book's links and not its row.
            try copy.execute(
                """
                INSERT INTO book_genres (book_id, genre_id, position)
                SELECT b.id, g.id, (SELECT count(*) FROM book_genres WHERE book_id = b.id) FROM books b, genres g
                WHERE b.uuid = ? AND g.id NOT IN (SELECT genre_id FROM book_genres WHERE book_id = b.id) LIMIT 1
                """, [books[2].uuidString.lowercased()])
            try #require(copy.changes == 1)
        }
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM change_log WHERE operation = 'delete'") == 2)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM search_index WHERE name = 'Retitled'") == 1)
        try Self.expectSearchEntriesAsTheTriggersWrite(on: server)
    }

    /// Writes `write` on a new working copy of `server` and pushes it; expects the server's log of the push to name
    /// the entities the copy's log names, as the copy names them, except that one the server did not hold is
    /// inserted.
    private static func expectPushLogsWhatTheCopyLogged(
        to server: PostgreSQLConnection, _ label: String, _ write: (Database) throws -> Void
    ) throws {
        let everyUUID = CatalogTables.entities.map { "SELECT uuid FROM \($0.name)" }.joined(separator: " UNION ALL ")
        let held = Set(try server.fetchAll(String.self, everyUUID))
        let copy = try PostgreSQLWorkingCopy(checkingOut: PostgreSQLChangeFeed(server))
        let copyStart = try copy.database.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM change_log") ?? 0
        let serverStart = try PostgreSQLChangeFeed.latestSeq(on: server)
        try write(copy.database)
        try copy.push()
        let logged = "SELECT entity_kind || ' ' || uuid || ' ' || operation FROM change_log WHERE seq > "
        let expected = try copy.database.fetchAll(String.self, logged + "? ORDER BY 1", [copyStart]).map { line in
            let parts = line.split(separator: " ")
            return held.contains(String(parts[1])) ? line : "\(parts[0]) \(parts[1]) insert"
        }
        let serverLog = try server.fetchAll(String.self, logged + "$1 ORDER BY 1", [serverStart])
        #expect(!serverLog.isEmpty, "\(label)")
        #expect(serverLog == expected, "\(label)")
    }

    /// Expects every search entry of `server` to be what the row triggers compute from the titles and names.
    private static func expectSearchEntriesAsTheTriggersWrite(on server: PostgreSQLConnection) throws {
        let indexed = "SELECT entity_kind || ' ' || entity_id || ' ' || name || ' ' || document FROM search_index"
        let byTriggers = CatalogTables.entities.map { table in
            let column = table.kind.searchedColumn
            return "SELECT '\(table.kind.rawValue)' || ' ' || id || ' ' || \(column) || ' ' || "
                + "catalog_search_document(\(column)) FROM \(table.name)"
        }
        let entries = try server.fetchAll(String.self, indexed + " ORDER BY 1")
        #expect(
            entries == (try server.fetchAll(String.self, byTriggers.joined(separator: " UNION ALL ") + " ORDER BY 1")))
        #expect(entries.count > 20)
    }

    @Test func aClientSyncedFromPostgreSQLEqualsOneSyncedFromSQLite() throws {
        let pg = try Self.server("import-clients").connection
        let sqlite = try Self.sqliteCatalog("pg-clients-server")
        let directory = try TestSupport.temporaryDirectory("pg-clients")
        let pgClientPath = directory.appending(path: "pg-client.sqlite").path
        let sqliteClientPath = directory.appending(path: "sqlite-client.sqlite").path
        try PostgreSQLChangeFeed(pg).snapshot(to: pgClientPath, server: "pg")
        _ = try ChangeFeed(sqlite).snapshot(to: sqliteClientPath, emptying: [])
        for file in Self.sampleFiles {
            try PostgreSQLImporter(pg).importFile(atPath: file)
            _ = try LibraryCatalog(sqlite).importer.importFile(atPath: file)
        }
        let pgClient = try Database(path: pgClientPath)
        let sqliteClient = try Database(path: sqliteClientPath)
        try SyncClient(pgClient).sync(from: PostgreSQLChangeFeed(pg), batchSize: 7)
        try SyncClient(sqliteClient).sync(from: ChangeFeed(sqlite), batchSize: 7)
        #expect(try TestSupport.contentDump(pgClient) == (try TestSupport.contentDump(sqliteClient)))
        #expect(try TestSupport.contentDump(pgClient).count > 50)
    }

    @Test func aPushAfterAnotherWriterWritesNothing() throws {
        let (server, uri) = try Self.server("import-moved")
        let copy = try PostgreSQLWorkingCopy(checkingOut: PostgreSQLChangeFeed(server))
        _ = try LibraryCatalog(copy.database).importer.importFile(atPath: Self.sampleFiles[0])
        try PostgreSQLConnection(uri: uri).execute(
            "INSERT INTO books (title, sort_title, sort_key) VALUES ('Dawn', 'Dawn', 'dawn')")
        #expect(throws: PostgreSQLPushError.self) { try copy.push() }
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM books") == 1)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM source_records") == 0)
    }

    @Test func theNextFileStartsFromAFreshCopyWhenAnotherWriterWroteInBetween() throws {
        let (server, uri) = try Self.server("import-between")
        let importer = PostgreSQLImporter(server)
        try importer.importFile(atPath: Self.sampleFiles[0])
        try PostgreSQLConnection(uri: uri).execute(
            "INSERT INTO books (title, sort_title, sort_key) VALUES ('Dawn', 'Dawn', 'dawn')")
        let summary = try importer.importFile(atPath: Self.sampleFiles[1])
        #expect(summary.inserted > 0)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM books WHERE title = 'Dawn'") == 1)
        #expect(try server.fetchOne(Int.self, "SELECT count(*) FROM bands") ?? 0 > 0)
    }

    @Test func aDryRunWritesNothing() throws {
        let server = try Self.server("import-dry").connection
        var options = ImportOptions()
        options.dryRun = true
        let summary = try PostgreSQLImporter(server).importFile(atPath: Self.sampleFiles[0], options: options)
        #expect(summary.inserted > 0)
        #expect(try PostgreSQLChangeFeed.latestSeq(on: server) == 0)
    }
}
