package import SQLiteDB

/// Foreign keys checked once, set-based, before a bulk write commits, instead of as each row is written.
///
/// Row by row, every link row written reads its parent (the author a credit names) at a random place of the
/// parent's table; once that table outgrows the page cache, that is a page miss a row. The check at the end reads
/// each foreign key column's distinct values in their order (through the index the column leads, which the table
/// has once its dropped indexes are built again) and looks their parents up in that order: one pass over each.
///
/// SQLite turns foreign keys on and off only outside a transaction: make this before `BEGIN`, call ``check()``
/// before `COMMIT`, and ``restore()`` after the transaction ends either way. With the keys off SQLite runs no
/// `ON DELETE` action, but the catalog's triggers unlink a deleted book, author, genre or band whatever the setting
/// (migration 0008), so the write may delete those; a row left naming a deleted parent otherwise fails ``check()``.
package struct DeferredForeignKeys {
    /// A foreign key column, `table.column` → `parent.key`.
    private typealias Key = (table: String, column: String, parent: String, key: String)

    private let db: Database
    /// Every foreign key of the database, when this turned them off; else none.
    private let keys: [Key]

    /// Turns the connection's foreign keys off, when they are on; call outside a transaction.
    package init(db: Database) throws {
        self.db = db
        guard try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == true else {
            keys = []
            return
        }
        keys = try db.fetchAll(
            #"""
            SELECT m.name, f."from", f."table", coalesce(f."to", 'rowid')
            FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table'
            """#, as: String.self, String.self, String.self, String.self
        ).map { ($0.0, $0.1, $0.2, $0.3) }
        try db.execute("PRAGMA foreign_keys = OFF")
    }

    /// Checks every foreign key of the database, set-based; call inside the transaction, before it commits.
    ///
    /// - Throws: ``ForeignKeyViolation`` for the first value that names no parent row.
    package func check() throws {
        for key in keys {
            let missing = try db.fetchOne(
                String.self,
                """
                SELECT CAST(c.value AS TEXT) FROM (SELECT DISTINCT \(key.column) AS value FROM \(key.table) \
                WHERE \(key.column) IS NOT NULL) AS c \
                WHERE NOT EXISTS (SELECT 1 FROM \(key.parent) WHERE \(key.key) = c.value) LIMIT 1
                """)
            if let missing {
                throw ForeignKeyViolation(
                    table: key.table, column: key.column, value: missing, parent: "\(key.parent)(\(key.key))")
            }
        }
    }

    /// Turns the foreign keys back on when ``init(db:)`` turned them off; call after the transaction ended.
    package func restore() throws {
        if !keys.isEmpty { try db.execute("PRAGMA foreign_keys = ON") }
    }
}

/// A row a bulk write left naming a parent row that does not exist (``DeferredForeignKeys/check()``): the write's
/// own fault, never its input's, so its transaction is rolled back whole.
package struct ForeignKeyViolation: Error, CustomStringConvertible {
    package let table: String
    package let column: String
    package let value: String
    package let parent: String

    package var description: String {
        "\(table).\(column) = \(value) names no row of \(parent): nothing was written (a fault of the writer; "
            + "please report it with the command that failed)"
    }
}
