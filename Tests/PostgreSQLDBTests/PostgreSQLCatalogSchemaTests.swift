import Catalog
import CatalogSync
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

/// The catalog schema on PostgreSQL (Migrations/PostgreSQLCatalog/): its triggers, search rules and change log.
@Suite struct PostgreSQLCatalogSchemaTests {
    /// A new database with the schema applied.
    private func catalog() throws -> PostgreSQLConnection {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("catalog"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        return connection
    }

    @discardableResult
    private func insertBook(
        _ db: PostgreSQLConnection, _ title: String, sortKey: String? = nil, year: Int? = nil
    ) throws -> (id: Int64, uuid: String) {
        let row = try #require(
            try db.execute(
                "INSERT INTO books (title, sort_title, sort_key, year) VALUES ($1, $1, $2, $3) RETURNING id, uuid",
                [title, sortKey ?? title.lowercased(), year]
            ).first)
        return (try row.value(at: 0), try row.value(at: 1))
    }

    @discardableResult
    private func insertAuthor(_ db: PostgreSQLConnection, _ name: String) throws -> (id: Int64, uuid: String) {
        let row = try #require(
            try db.execute(
                """
                INSERT INTO authors (name, sort_name, name_key, sort_key) VALUES ($1, $1, lower($1), lower($1))
                RETURNING id, uuid
                """, [name]
            ).first)
        return (try row.value(at: 0), try row.value(at: 1))
    }

    private func log(_ db: PostgreSQLConnection) throws -> [PostgreSQLChange] {
        try PostgreSQLChangeFeed.changes(on: db, since: 0, limit: 1000)
    }

    @Test func migratesOnceAndHasEveryTable() throws {
        let db = try catalog()
        #expect(try PostgreSQLCatalogSchema.migrator.migrate(db).isEmpty)
        let tables = try db.fetchAll(
            String.self, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
        #expect(
            tables == [
                "access_tokens", "authors", "band_genres", "bands", "book_authors", "book_genres", "books",
                "change_log", "change_log_state", "edit_conflicts", "edit_history", "entity_merges", "genres",
                "import_identities_state", "nav_history",
                "nav_scene_changes", "nav_scenes",
                "nav_sessions",
                "schema_migrations", "search_index", "source_records", "uploaded_changes", "users", "web_sessions",
            ])
        let triggers = try db.fetchAll(
            String.self,
            """
            SELECT c.relname || '.' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE NOT t.tgisinternal AND c.relname IN ('books', 'authors', 'genres', 'bands')
            ORDER BY 1
            """)
        let perEntity = ["authors", "bands", "books", "genres"].flatMap { table in
            ["changelog", "forget", "index", "keep_uuid", "touch"].map { "\(table).\(table)_\($0)" }
        }
        let refreshes = ["bands.bands_refresh_sort_keys", "books.books_refresh_sort_keys"]
        #expect(triggers == (perEntity + refreshes).sorted())
        let uuid = try #require(try db.fetchOne(String.self, "SELECT database_uuid FROM change_log_state"))
        #expect(UUID(uuidString: uuid) != nil)
    }

    /// 0004 keeps only the hash of a web session's CSRF token; the sessions started before it, whose plain random
    /// token no session id gives back, end (their users sign in again) and nothing else changes.
    @Test func sessionsStartedBeforeCSRFTokensWereHashedEnd() throws {
        let db = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("csrf"))
        try PostgreSQLMigrator(PostgreSQLCatalogSchema.migrations.filter { $0.version < 4 }).migrate(db)
        try db.execute("INSERT INTO users (id, name, created_at) VALUES (1, 'ada', '2026-01-01T00:00:00Z')")
        try db.execute(
            "INSERT INTO access_tokens (id, user_id, hash, scope, created_at) VALUES (1, 1, $1, 'nav', 'x')",
            [String(repeating: "ab", count: 32)])
        try db.execute(
            """
            INSERT INTO web_sessions (token_id, hash, csrf_token, created_at, expires_at)
            VALUES (1, $1, 'plain-csrf-value', 'x', 'x')
            """, [String(repeating: "cd", count: 32)])

        #expect(try PostgreSQLCatalogSchema.migrator.migrate(db).map(\.version) == [4, 5, 6, 7, 8, 9, 10, 11])
        #expect(try db.fetchOne(Int.self, "SELECT count(*)::int FROM web_sessions") == 0)
        #expect(try db.fetchOne(Int.self, "SELECT count(*)::int FROM access_tokens") == 1)
        let columns = try db.fetchAll(
            String.self, "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'web_sessions'")
        #expect(columns.contains("csrf_hash") && !columns.contains("csrf_token"))
    }

    /// A database whose encoding is not UTF8, or whose LC_CTYPE folds ASCII only, is refused before anything is
    /// created in it, saying what it is and how to create one that fits.
    @Test func aDatabaseThatCannotFoldUnicodeIsRefused() throws {
        let cluster = try PostgresCluster.shared()
        for (encoding, locale) in [("UTF8", "C"), ("SQL_ASCII", "C"), ("LATIN1", "C")] {
            let uri = try cluster.createDatabase("refused", encoding: encoding, locale: locale)
            let name = try #require(uri.split(separator: "/").last.map(String.init))
            let db = try PostgreSQLConnection(uri: uri)
            let error = try #require(throws: PostgreSQLCatalogSchemaError.self) {
                try PostgreSQLCatalogSchema.migrator.migrate(db)
            }
            #expect(
                error
                    == (encoding == "UTF8"
                        ? .asciiOnlyLocale(database: name, ctype: "C") : .notUTF8(database: name, encoding: encoding)))
            #expect(
                error.description.contains(
                    "CREATE DATABASE \(name) ENCODING 'UTF8' LOCALE 'C.UTF-8' TEMPLATE template0"))
            #expect(try db.fetchOne(Bool.self, "SELECT to_regclass('schema_migrations') IS NULL") == true)
        }
    }

    @Test func updatedAtIsKeptForWritersThatDoNotSetIt() throws {
        let db = try catalog()
        let book = try insertBook(db, "Emma")
        try db.execute("UPDATE books SET updated_at = '2000-01-01T00:00:00.000Z' WHERE id = $1", [book.id])
        #expect(try db.fetchOne(String.self, "SELECT updated_at FROM books") == "2000-01-01T00:00:00.000Z")
        try db.execute("UPDATE books SET pages = 474 WHERE id = $1", [book.id])
        let touched = try #require(try db.fetchOne(String.self, "SELECT updated_at FROM books"))
        #expect(touched > "2026")
    }

    @Test func deletingAnEntityForgetsItsImportIdentity() throws {
        let db = try catalog()
        let book = try insertBook(db, "Emma")
        try db.execute(
            "INSERT INTO source_records (source, source_key, entity_kind, entity_id) VALUES ('file', 'k1', 'book', $1)",
            [book.id])
        try db.execute("DELETE FROM books WHERE id = $1", [book.id])
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM source_records") == 0)
    }

    @Test func entitiesGetLowercaseUUIDsThatNeverChange() throws {
        let db = try catalog()
        let book = try insertBook(db, "Dune")
        #expect(UUID(uuidString: book.uuid) != nil && book.uuid == book.uuid.lowercased())
        let error = try #require(throws: PostgreSQLError.self) {
            try db.execute("UPDATE books SET uuid = $1 WHERE id = $2", [UUID().uuidString.lowercased(), book.id])
        }
        #expect(error.message == "books.uuid cannot change")
        let stamp = try #require(try db.fetchOne(String.self, "SELECT created_at FROM books"))
        #expect(stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
    }

    @Test func linkRowsCopyAndFollowTheSortKeys() throws {
        let db = try catalog()
        let book = try insertBook(db, "The Hobbit", sortKey: "hobbit", year: nil)
        let author = try insertAuthor(db, "J. R. R. Tolkien")
        let genre = try #require(
            try db.fetchOne(
                Int64.self, "INSERT INTO genres (name, name_key) VALUES ('Fantasy', 'fantasy') RETURNING id"))
        try db.execute(
            "INSERT INTO book_authors (book_id, author_id, position) VALUES ($1, $2, 0)", [book.id, author.id])
        try db.execute("INSERT INTO book_genres (book_id, genre_id) VALUES ($1, $2)", [book.id, genre])
        func copies() throws -> [String] {
            try db.execute(
                """
                SELECT ba.book_year_key, ba.book_sort_key, bg.book_sort_key
                FROM book_authors ba, book_genres bg WHERE ba.book_id = bg.book_id
                """
            ).flatMap { row in (0..<3).map { row.text(at: $0) ?? "NULL" } }
        }
        #expect(try copies() == ["10000", "hobbit", "hobbit"])
        try db.execute("UPDATE books SET year = 1937, sort_key = 'hobbit, the' WHERE id = $1", [book.id])
        #expect(try copies() == ["1937", "hobbit, the", "hobbit, the"])

        let band = try #require(
            try db.fetchOne(
                Int64.self,
                """
                INSERT INTO bands (name, sort_name, name_key, sort_key) VALUES ('The Beatles', 'Beatles, The',
                'the beatles', 'beatles, the') RETURNING id
                """))
        try db.execute(
            "INSERT INTO band_genres (band_id, genre_id, position) VALUES ($1, $2, 0)", [band, genre])
        #expect(try db.fetchOne(String.self, "SELECT band_sort_key FROM band_genres") == "beatles, the")
        try db.execute("UPDATE bands SET sort_key = 'beatles' WHERE id = $1", [band])
        #expect(try db.fetchOne(String.self, "SELECT band_sort_key FROM band_genres") == "beatles")
    }

    @Test func sortKeysCompareAsBytesWhateverTheLocale() throws {
        let db = try catalog()
        for key in ["b", "B", "a", "é", "z", "Z"] { try insertBook(db, "Title \(key)", sortKey: key) }
        // Byte order, as SQLite's BINARY: uppercase before lowercase, "é" (0xC3 0xA9) after "z".
        #expect(
            try db.fetchAll(String.self, "SELECT sort_key FROM books ORDER BY sort_key") == [
                "B", "Z", "a", "b", "z", "é",
            ])
    }

    @Test func changeLogKeepsOneRowPerEntityAtItsLatestChange() throws {
        let db = try catalog()
        let dune = try insertBook(db, "Dune")
        let emma = try insertBook(db, "Emma")
        for year in 1965...1969 { try db.execute("UPDATE books SET year = $1 WHERE id = $2", [year, dune.id]) }
        let changes = try log(db)
        #expect(changes.map(\.uuid) == [emma.uuid, dune.uuid])
        #expect(changes.map(\.operation) == [.insert, .update])
        #expect(changes[0].seq < changes[1].seq)

        try db.execute("DELETE FROM books WHERE id = $1", [dune.id])
        let afterDelete = try log(db)
        #expect(afterDelete.count == 2)
        let tombstone = try #require(afterDelete.last)
        #expect(tombstone.uuid == dune.uuid && tombstone.operation == .delete && tombstone.seq > changes[1].seq)
        #expect(try PostgreSQLChangeFeed.latestSeq(on: db) == tombstone.seq)
        // The search entry goes with it.
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM search_index WHERE entity_kind = 'book'") == 1)
    }

    @Test func linkChangesReportAsAnUpdateOfTheOwner() throws {
        let db = try catalog()
        let book = try insertBook(db, "Good Omens")
        let pratchett = try insertAuthor(db, "Terry Pratchett")
        let gaiman = try insertAuthor(db, "Neil Gaiman")
        let before = try PostgreSQLChangeFeed.latestSeq(on: db)

        try db.execute(
            "INSERT INTO book_authors (book_id, author_id, position) VALUES ($1, $2, 0), ($1, $3, 1)",
            [book.id, pratchett.id, gaiman.id])
        let linked = try PostgreSQLChangeFeed.changes(on: db, since: before, limit: 10)
        #expect(linked.map(\.uuid) == [book.uuid] && linked.map(\.operation) == [.update])
        // One statement, one log write for its owner, however many link rows it added.
        #expect(linked.map(\.seq) == [before + 1])

        // Refreshing the copied sort columns is not a change of the book's links…
        let afterLink = try PostgreSQLChangeFeed.latestSeq(on: db)
        try db.execute("UPDATE book_authors SET book_sort_key = 'x' WHERE book_id = $1", [book.id])
        #expect(try PostgreSQLChangeFeed.changes(on: db, since: afterLink, limit: 10).isEmpty)

        // …deleting an author cascades to the link, which reports the book (and the author's tombstone).
        try db.execute("DELETE FROM authors WHERE id = $1", [gaiman.id])
        let cascaded = try PostgreSQLChangeFeed.changes(on: db, since: afterLink, limit: 10)
        #expect(Set(cascaded.map(\.uuid)) == [book.uuid, gaiman.uuid])
        #expect(cascaded.first { $0.uuid == book.uuid }?.operation == .update)
        #expect(cascaded.first { $0.uuid == gaiman.uuid }?.operation == .delete)

        // A link deleted along with its book reports nothing beyond the book's tombstone.
        let beforeDelete = try PostgreSQLChangeFeed.latestSeq(on: db)
        try db.execute("DELETE FROM books WHERE id = $1", [book.id])
        let deleted = try PostgreSQLChangeFeed.changes(on: db, since: beforeDelete, limit: 10)
        #expect(deleted.map(\.uuid) == [book.uuid] && deleted.map(\.operation) == [.delete])
        #expect(try log(db).count == 3)
    }

    @Test func aGenresParentIsAnUpdateOfTheGenre() throws {
        let db = try catalog()
        // The child first: an update of the newest change's insert would stay an insert (see below).
        let child = try #require(
            try db.execute("INSERT INTO genres (name, name_key) VALUES ('Rock', 'rock') RETURNING id, uuid").first)
        let parent = try #require(
            try db.fetchOne(Int64.self, "INSERT INTO genres (name, name_key) VALUES ('Music', 'music') RETURNING id"))
        let childID: Int64 = try child.value(at: 0)
        let childUUID: String = try child.value(at: 1)
        let before = try PostgreSQLChangeFeed.latestSeq(on: db)
        try db.execute("UPDATE genres SET parent_id = $1 WHERE id = $2", [parent, childID])
        let changes = try PostgreSQLChangeFeed.changes(on: db, since: before, limit: 10)
        #expect(changes.map(\.uuid) == [childUUID] && changes.map(\.operation) == [.update])
    }

    /// As SQLite's log keeps it: an entity whose insert is the log's newest change stays an insert when its links
    /// or fields change next (a book created with its authors is one insert to a client), and becomes an update once
    /// anything else was logged after it.
    @Test func anInsertFollowedAtOnceByItsLinksStaysAnInsert() throws {
        let db = try catalog()
        try db.execute(
            """
            INSERT INTO authors (name, sort_name, name_key, sort_key) VALUES ('Ann Leckie', 'Leckie, Ann', 'ann leckie',
                'leckie, ann')
            """)
        let book = try #require(
            try db.execute(
                """
                INSERT INTO books (title, sort_title, sort_key) VALUES ('Ancillary Justice', 'Ancillary Justice',
                    'ancillary justice') RETURNING id, uuid
                """
            ).first)
        let bookID: Int64 = try book.value(at: 0)
        let bookUUID: String = try book.value(at: 1)
        try db.execute(
            "INSERT INTO book_authors (book_id, author_id, position) SELECT $1, id, 0 FROM authors", [bookID])
        try db.execute("UPDATE books SET year = 2013 WHERE id = $1", [bookID])
        #expect(try log(db).first { $0.uuid == bookUUID }?.operation == .insert)

        try db.execute("UPDATE authors SET disambiguation = 'novelist'")
        try db.execute("UPDATE books SET pages = 386 WHERE id = $1", [bookID])
        #expect(try log(db).first { $0.uuid == bookUUID }?.operation == .update)
    }

    @Test(arguments: [
        ("MOTÖRHEAD", "Motörhead"), ("motorhead", "Motörhead"), ("motör", "Motörhead"), ("ДОСТОЕВ", "Достоевский"),
        ("ecole", "L'École des femmes"), ("des fem", "L'École des femmes"), ("l ecole", "L'École des femmes"),
        ("Tolkien j", "J. R. R. Tolkien"), ("1984", "Nineteen Eighty-Four 1984"),
        ("eighty", "Nineteen Eighty-Four 1984"),
    ])
    func searchMatchesEveryWordTheLastAsAPrefixIgnoringCaseAndAccents(query: String, expected: String) throws {
        let db = try Self.searchCatalog()
        let found = try db.fetchAll(
            String.self,
            """
            SELECT name FROM search_index WHERE document @@ catalog_search_query($1)
            ORDER BY ts_rank(document, catalog_search_query($1)) DESC, name
            """, [query])
        #expect(found == [expected])
    }

    @Test(arguments: [
        "", "   ", "'", "\\", "!:*", "&|!()", "a & b", "zzz:*", "''; DROP TABLE books; --", "(((", "<->", "\u{0}x",
        String(repeating: "ab ", count: 5000),
    ])
    func anyInputIsASafeQuery(query: String) throws {
        let db = try Self.searchCatalog()
        let input = query.replacingOccurrences(of: "\u{0}", with: "")
        let found = try db.fetchAll(
            String.self, "SELECT name FROM search_index WHERE document @@ catalog_search_query($1)", [input])
        #expect(found.isEmpty)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM books") == 4)
    }

    @Test func wordsMustAllMatchAndOnlyTheLastIsAPrefix() throws {
        let db = try Self.searchCatalog()
        func search(_ text: String) throws -> [String] {
            try db.fetchAll(
                String.self, "SELECT name FROM search_index WHERE document @@ catalog_search_query($1) ORDER BY name",
                [text])
        }
        #expect(try search("mot fem").isEmpty)  // every word must match, and "mot" is not the last
        #expect(try search("tolk") == ["J. R. R. Tolkien"])
        #expect(try search("tolk j").isEmpty)  // "tolk" is not a prefix when another word follows
        // The last word is a prefix once it has two characters, as in SQLite's search (its prefix index starts there).
        #expect(try search("Достоевский до") == ["Достоевский"])
        #expect(try search("Достоевский д").isEmpty)
        // Only the first 8 words count.
        #expect(try search(String(repeating: "motörhead ", count: 8) + "nowhere") == ["Motörhead"])
        // The whole-word pass of a search.
        let wholeWords = "SELECT name FROM search_index WHERE document @@ catalog_search_query($1, false)"
        #expect(try db.fetchAll(String.self, wholeWords, ["motorhead"]) == ["Motörhead"])
        #expect(try db.fetchAll(String.self, wholeWords, ["motor"]).isEmpty)
    }

    /// A catalog of a few books and authors for the search tests, made once per process (searches only read).
    private static func searchCatalog() throws -> PostgreSQLConnection {
        let uri = try searchCatalogURI.get()
        return try PostgreSQLConnection(uri: uri)
    }

    private static let searchCatalogURI = Result<String, any Error> {
        let uri = try PostgresCluster.shared().createDatabase("search")
        let db = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(db)
        for title in ["L'École des femmes", "Nineteen Eighty-Four 1984", "Motörhead", "Достоевский"] {
            try db.execute(
                "INSERT INTO books (title, sort_title, sort_key) VALUES ($1, $1, lower($1))", [title])
        }
        try db.execute(
            "INSERT INTO authors (name, sort_name, name_key, sort_key) VALUES ('J. R. R. Tolkien', 'Tolkien', 't', 't')"
        )
        return uri
    }
}
