import Catalog
import SQLiteDB
import TestSupport
import Testing

/// Foreign keys deferred for a bulk transaction: off on the connection meanwhile, every key checked before the commit,
/// on again afterwards.
@Suite struct DeferredForeignKeysTests {
    /// A book crediting one author, in one genre under a parent genre.
    private func writeLinkedRows(_ db: Database) throws {
        try db.execute(
            """
            INSERT INTO genres (uuid, name, name_key) VALUES ('00000000-0000-7000-8000-000000000001', 'Music', 'music');
            INSERT INTO genres (uuid, name, name_key, parent_id) VALUES
                ('00000000-0000-7000-8000-000000000002', 'Rock', 'rock', 1);
            INSERT INTO books (uuid, title, sort_title, sort_key) VALUES
                ('00000000-0000-7000-8000-000000000003', 'Dune', 'Dune', 'dune');
            INSERT INTO authors (uuid, name, sort_name, name_key, sort_key) VALUES
                ('00000000-0000-7000-8000-000000000004', 'Frank Herbert', 'Herbert, Frank', 'frank herbert',
                'herbert, frank');
            INSERT INTO book_authors (book_id, author_id, role, position) VALUES (1, 1, 'author', 0);
            INSERT INTO book_genres (book_id, genre_id, position) VALUES (1, 2, 0);
            """)
    }

    /// Writes the linked rows, then `sql`, in one transaction with the keys of `db` deferred: checked before the
    /// commit, and back as they were once the transaction ended either way.
    private func writeWithKeysDeferred(_ db: Database, then sql: String) throws {
        let keys = try DeferredForeignKeys(db: db)
        let written = Result {
            try db.transaction(.immediate) {
                try writeLinkedRows(db)
                try db.execute(sql)
                try keys.check()
            }
        }
        try keys.restore()
        try written.get()
    }

    @Test func keysThatHoldPassAndTheConnectionGetsItsKeysBack() throws {
        let db = try makeCatalog().db
        let keys = try DeferredForeignKeys(db: db)
        #expect(try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == false)
        try db.transaction(.immediate) {
            try writeLinkedRows(db)
            try keys.check()
        }
        try keys.restore()
        #expect(try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == true)
        #expect(try db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check").isEmpty)
    }

    /// Each kind of key a bulk write makes: a credit's author, a credit's book, a genre link's genre, a genre's parent.
    @Test(arguments: [
        ("UPDATE book_authors SET author_id = 7", "book_authors.author_id = 7 names no row of authors(id)"),
        ("UPDATE book_authors SET book_id = 8", "book_authors.book_id = 8 names no row of books(id)"),
        ("UPDATE book_genres SET genre_id = 9", "book_genres.genre_id = 9 names no row of genres(id)"),
        ("UPDATE genres SET parent_id = 5 WHERE id = 2", "genres.parent_id = 5 names no row of genres(id)"),
        // Every key of the database is checked, not only the catalog's.
        (
            """
            INSERT INTO nav_scenes (user_id, scene, format, state, history_first, history_cursor, history_last,
                created_at, updated_at) VALUES (6, 'main', 1, '{}', 0, 0, 0, '', '')
            """, "nav_scenes.user_id = 6 names no row of users(id)"
        ),
    ])
    func aRowNamingNoParentIsReportedAndNothingIsWritten(breaking: String, message: String) throws {
        let db = try makeCatalog().db
        let thrown = #expect(throws: ForeignKeyViolation.self) { try writeWithKeysDeferred(db, then: breaking) }
        #expect(
            thrown?.description.hasPrefix(message + ": nothing was written") == true, "\(String(describing: thrown))")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM books") == 0)
        #expect(try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == true)
    }

    /// SQLite runs no `ON DELETE` action with the keys off; the catalog's triggers unlink a deleted parent all the same.
    @Test func aDeletedParentTakesItsLinksWithItWhileTheKeysAreOff() throws {
        let db = try makeCatalog().db
        try writeWithKeysDeferred(db, then: "DELETE FROM authors; DELETE FROM genres WHERE name = 'Music'")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM book_authors") == 0)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM genres WHERE parent_id IS NULL") == 1)
        #expect(try db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check").isEmpty)
    }

    /// On a connection whose keys are off already, nothing is checked and they stay off.
    @Test func keysOffAlreadyStayOff() throws {
        let db = try makeCatalog().db
        try db.execute("PRAGMA foreign_keys = OFF")
        try writeWithKeysDeferred(db, then: "UPDATE book_authors SET author_id = 7")
        #expect(try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == false)
    }
}
