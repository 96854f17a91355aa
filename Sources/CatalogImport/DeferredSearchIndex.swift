import Catalog
import SQLiteDB

/// Keeps the search index out of the per-row path of an import batch.
///
/// The `*_index_insert` triggers add each new row to the FTS5 index as it is inserted; inside a long
/// transaction FTS5 then flushes its pending terms at every statement (each statement opens a savepoint), which
/// made a row cost ~5× more. So, inside the batch's own transaction, the triggers are dropped, the new rows are
/// indexed in one statement per table at the end of the batch, and the triggers are created again from their
/// stored SQL before the commit. Other connections never see the triggers missing (DDL is transactional), and a
/// rollback or a crash restores them with everything else.
struct DeferredSearchIndex {
    private struct Trigger: RowDecodable {
        let sql: String
        init(row: Row) throws {
            sql = try row.value(at: 0)
        }
    }

    /// Each table's insert trigger, and the search entry of a row (`search_index` rowid = id * 4 + kind).
    private static let tables: [(table: String, trigger: String, kind: Int, name: String)] = [
        ("books", "books_index_insert", 0, "title"), ("authors", "authors_index_insert", 1, "name"),
        ("genres", "genres_index_insert", 2, "name"), ("bands", "bands_index_insert", 3, "name"),
    ]

    private let db: Database
    private let triggers: [String]
    private let lastIDs: [Int64]

    /// Drops the insert triggers; call inside the batch's transaction.
    init(db: Database) throws {
        self.db = db
        var triggers: [String] = []
        var lastIDs: [Int64] = []
        for table in Self.tables {
            if let trigger = try db.fetchOne(
                Trigger.self, "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [table.trigger])
            {
                triggers.append(trigger.sql)
                try db.execute("DROP TRIGGER \(table.trigger)")
            }
            lastIDs.append(try db.fetchOne(Int64.self, "SELECT max(id) FROM \(table.table)") ?? 0)
        }
        self.triggers = triggers
        self.lastIDs = lastIDs
    }

    /// Rows indexed per statement: a statement's journal (kept in memory during an import) holds every page
    /// the statement changes, so one statement over a million rows would grow the process by tens of MB.
    private static let chunk: Int64 = 5_000

    /// Indexes the rows inserted since ``init(db:)`` and restores the triggers; call before the commit.
    func finish() throws {
        for (table, lastID) in zip(Self.tables, lastIDs) {
            let insert = try db.cachedStatement(
                """
                INSERT INTO search_index (rowid, name) SELECT id * 4 + \(table.kind), \(table.name) FROM \(table.table)
                WHERE id > ? AND id <= ?
                """)
            let maxID = try db.fetchOne(Int64.self, "SELECT max(id) FROM \(table.table)") ?? 0
            var from = lastID
            while from < maxID {
                try insert.run(from, from + Self.chunk)
                from += Self.chunk
            }
        }
        for sql in triggers { try db.execute(sql) }
    }
}
