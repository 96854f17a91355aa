package import SQLiteDB

/// Keeps the search index out of the per-row path of a long write transaction: an import batch, a sync batch.
///
/// Once a transaction has written the FTS5 index, SQLite opens a savepoint on it at every later statement that may
/// abort, and FTS5 writes its pending terms to a new segment each time (merging them as they pile up): a row
/// written with the index's triggers firing cost an import ~5× more, and a sync spent a fifth of its
/// instructions there. So, inside the transaction, the index's insert and update triggers are dropped; before the
/// commit the index is brought up to date in a few statements per table, and the triggers are created again from
/// their stored SQL. Other connections never see the triggers missing (DDL is transactional), and a rollback or a
/// crash restores them with everything else.
///
/// Bringing the index up to date: rows inserted since the start (ids past the largest then) are indexed; rows
/// the change log names since the start (every write of an entity is logged) whose entry is missing or holds
/// another name are indexed again. The delete triggers stay (they also forget a deleted row's import
/// identities): delete many rows in one statement, not one statement a row.
package struct DeferredSearchIndex {
    private let db: Database
    private let triggers: DroppedTriggers
    private let lastIDs: [Int64]
    private let lastLogged: Int64

    /// Drops the index's insert and update triggers; call inside the transaction.
    package init(db: Database) throws {
        self.db = db
        triggers = try DroppedTriggers(
            db: db,
            named: CatalogTables.entities.flatMap { ["\($0.name)_index_insert", "\($0.name)_index_update"] })
        lastIDs = try CatalogTables.entities.map { try db.fetchOne(Int64.self, "SELECT max(id) FROM \($0.name)") ?? 0 }
        lastLogged = try db.fetchOne(Int64.self, "SELECT max(seq) FROM change_log") ?? 0
    }

    /// Rows indexed per statement: a statement's journal (kept in memory during an import) holds every page
    /// the statement changes, so one statement over a million rows would grow the process by tens of MB.
    private static let chunk: Int64 = 5_000

    /// Indexes the rows written since ``init(db:)`` and restores the triggers; call before the commit.
    package func finish() throws {
        for (table, lastID) in zip(CatalogTables.entities, lastIDs) {
            let (code, kind, name) = (table.kind.searchCode, table.kind.rawValue, table.kind.searchedColumn)
            let insertNew = try db.cachedStatement(
                """
                INSERT INTO search_index (rowid, name) SELECT id * 4 + \(code), \(name) FROM \(table.name)
                WHERE id > ? AND id <= ?
                """)
            let maxID = try db.fetchOne(Int64.self, "SELECT max(id) FROM \(table.name)") ?? 0
            var from = lastID
            while from < maxID {
                try insertNew.run(from, from + Self.chunk)
                from += Self.chunk
            }
            // The rows that were there at the start and were written since: their entry goes when it holds another
            // name, and an entry is made for each row left without one. The unary + keeps SQLite on the range of new
            // log rows instead of every row of the kind in its (entity_kind, uuid) index. A table empty at the start
            // has none, and its new log rows (a million after a large import) need not be read.
            guard lastID > 0 else { continue }
            let changed = """
                FROM change_log c JOIN \(table.name) t ON t.uuid = c.uuid
                WHERE c.seq > ?1 AND +c.entity_kind = '\(kind)' AND t.id <= ?2
                """
            try db.execute(
                """
                DELETE FROM search_index WHERE rowid IN (
                    SELECT t.id * 4 + \(code) \(changed)
                    AND (SELECT name FROM search_index WHERE rowid = t.id * 4 + \(code)) IS NOT t.\(name))
                """, [lastLogged, lastID])
            try db.execute(
                """
                INSERT INTO search_index (rowid, name) SELECT t.id * 4 + \(code), t.\(name) \(changed)
                AND NOT EXISTS (SELECT 1 FROM search_index WHERE rowid = t.id * 4 + \(code))
                """, [lastLogged, lastID])
        }
        try triggers.restore()
    }
}
