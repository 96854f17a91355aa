import Catalog
import SQLiteDB
import TestSupport
import Testing

/// The change log's triggers deferred for a bulk transaction: writes log nothing per row inside it, the log gets
/// the rows the triggers would have written, and the triggers are back afterwards.
@Suite struct DeferredChangeLogTests {
    private func triggers(_ db: Database, schema: String) throws -> [String] {
        try db.fetchAll(
            String.self, "SELECT name FROM \(schema).sqlite_schema WHERE type = 'trigger' AND name LIKE '%changelog%'")
    }

    private func log(_ db: Database) throws -> [String] {
        try db.fetchAll(
            String.self,
            "SELECT seq || ' ' || entity_kind || ' ' || operation || ' ' || uuid FROM change_log ORDER BY seq")
            + db.fetchAll(String.self, "SELECT 'sequence ' || seq FROM main.sqlite_sequence WHERE name = 'change_log'")
    }

    /// Inserts a genre, a book crediting a new author twice over, then updates the genre: each a logged change.
    private func write(_ db: Database) throws {
        try db.execute(
            """
            INSERT INTO genres (uuid, name, name_key) VALUES ('00000000-0000-7000-8000-000000000001', 'Rock', 'rock');
            INSERT INTO books (uuid, title, sort_title, sort_key) VALUES
                ('00000000-0000-7000-8000-000000000002', 'Dune', 'Dune', 'dune');
            INSERT INTO authors (uuid, name, sort_name, name_key, sort_key) VALUES
                ('00000000-0000-7000-8000-000000000003', 'Frank Herbert', 'Herbert, Frank', 'frank herbert',
                'herbert, frank');
            INSERT INTO book_authors (book_id, author_id, role, position) VALUES (1, 1, 'author', 0), (1, 1, 'editor', 1);
            INSERT INTO book_genres (book_id, genre_id, position) VALUES (1, 1, 0);
            UPDATE genres SET name = 'Rock music' WHERE id = 1;
            """)
    }

    @Test func theLogEndsAsTheTriggersWouldHaveLeftIt() throws {
        let expected = try makeCatalog().db
        try write(expected)
        let db = try makeCatalog().db
        let before = try triggers(db, schema: "main")
        try db.execute("BEGIN")
        let deferred = try #require(try DeferredChangeLog(db: db))
        #expect(try triggers(db, schema: "main").isEmpty)
        #expect(try triggers(db, schema: "temp").sorted() == before.sorted())
        try write(db)
        try deferred.flush()
        try db.execute("UPDATE books SET title = 'Dune Messiah' WHERE id = 1")
        try deferred.finish()
        try db.execute("COMMIT")
        try expected.execute("UPDATE books SET title = 'Dune Messiah' WHERE id = 1")
        let (got, want) = (try log(db), try log(expected))
        #expect(got == want)
        #expect(try triggers(db, schema: "main").sorted() == before.sorted())
        #expect(try triggers(db, schema: "temp").isEmpty)
    }
}
