package import SQLiteDB

/// Triggers taken out of a write transaction and created again from their stored SQL before it commits.
///
/// DDL is transactional: other connections see the triggers throughout, and a rollback or a crash restores them with
/// everything else.
package struct DroppedTriggers {
    private let db: Database
    private let stored: [String]

    /// Drops those of the triggers `names` that exist; call inside the transaction.
    package init(db: Database, named names: [String]) throws {
        self.db = db
        var stored: [String] = []
        for name in names {
            guard
                let sql = try db.fetchOne(
                    String.self, "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [name])
            else { continue }
            stored.append(sql)
            try db.execute("DROP TRIGGER main.\(name)")
        }
        self.stored = stored
    }

    /// Creates the dropped triggers again; call before the commit.
    package func restore() throws {
        for sql in stored { try db.execute(sql) }
    }
}
