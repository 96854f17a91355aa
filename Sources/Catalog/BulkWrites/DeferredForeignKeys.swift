package import SQLiteDB

/// Foreign keys checked once, set-based, before a bulk write commits, instead of as each row is written.
///
/// Row by row, every link row written reads its parent (the author a credit names) at a random place of the
/// parent's table; once that table outgrows the page cache, that is a page miss a row. The check at the end reads
/// each foreign key column's distinct values in their order (through the index the column leads, which the table
/// has once its dropped indexes are built again) and looks their parents up in that order: one pass over each.
///
/// SQLite turns foreign keys on and off only outside a transaction: make this before `BEGIN`, call ``check()``
/// before `COMMIT`, and ``restore()`` after the transaction ends either way. With the keys off no `ON DELETE` action
/// runs, so only for writes that delete no parent row.
package struct DeferredForeignKeys {
    /// A foreign key column, `table.column` → `parent.key`.
    private typealias Key = (table: String, column: String, parent: String, key: String)

    private let db: Database
    private let keys: [Key]

    /// Turns the connection's foreign keys off, when they are on, for writes to `tables`; call outside a transaction.
    package init(db: Database, tables: [String]) throws {
        self.db = db
        guard try db.fetchOne(Bool.self, "PRAGMA foreign_keys") == true else {
            keys = []
            return
        }
        keys = try tables.flatMap { table in
            try db.fetchAll(
                #"SELECT "from", "table", coalesce("to", 'rowid') FROM pragma_foreign_key_list(?)"#, [table],
                as: String.self, String.self, String.self
            ).map { (table, $0.0, $0.1, $0.2) }
        }
        try db.execute("PRAGMA foreign_keys = OFF")
    }

    /// Checks every foreign key of the tables, set-based; call inside the transaction, before it commits.
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

    /// Turns the foreign keys back on when ``init(db:tables:)`` turned them off; call after the transaction ended.
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
