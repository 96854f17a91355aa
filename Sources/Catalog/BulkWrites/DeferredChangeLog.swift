import Foundation
package import SQLiteDB

/// Keeps the change log out of the per-row path of a bulk write transaction, ending with the log the triggers
/// would have left.
///
/// Every write of an entity or a link fires a trigger (migration 0007) that moves the entity's one `change_log`
/// row to a new, higher `seq`, four or five times per imported book, each time in a table and an index as large as
/// the catalog. Inside the transaction those triggers are replaced by temporary ones made from their stored SQL with
/// `change_log` renamed `deferred_log`: a temporary copy of the table (made from its stored SQL too), in memory,
/// holding only the entities changed since the last flush, primed with the log's last row so the triggers' rules (the
/// next `seq`, an update keeping 'insert' while the entity's row is the last) decide exactly as on the log (it has no
/// `AUTOINCREMENT`, whose own `sqlite_sequence` in the temporary schema would hide the log's from later unqualified
/// reads on the connection). ``flush()`` moves those rows into `change_log` in one upsert and starts the copy again; ``finish()``
/// flushes and creates the triggers again from their stored SQL before the commit. Other connections never see the
/// triggers missing (DDL is transactional), and a rollback or a crash restores them with the rest.
///
/// A trigger that uses `change_log` otherwise than by inserting into it and reading its largest `seq` makes
/// ``init(db:)`` return `nil`: the caller keeps the triggers then.
package struct DeferredChangeLog {
    /// A trigger or table of `sqlite_schema`.
    private typealias StoredObject = (name: String, table: String, sql: String)

    /// The temporary copy, named as the temporary triggers must (unqualified) and as the rest does.
    private static let copy = "deferred_log"
    /// The only uses of `change_log` a trigger may make for its copy to decide as it does.
    private static let knownUses = ["INSERT INTO change_log (", "(SELECT max(seq) FROM change_log)"]

    private let db: Database
    private let triggers: [StoredObject]
    /// The temporary triggers standing in for them, as created.
    private let copies: [String]
    /// Every column of the log but its identity, which an upsert of a moved row sets.
    private let movedColumns: [String]

    /// Replaces the change log's triggers by ones writing the in-memory copy; call inside the transaction. `nil`
    /// (nothing changed) when a trigger uses the log in another way.
    package init?(db: Database) throws {
        let objects: [StoredObject] = try db.fetchAll(
            """
            SELECT name, tbl_name, sql FROM sqlite_schema
            WHERE (type = 'trigger' AND sql LIKE '%change_log%') OR (type = 'table' AND name = 'change_log')
            """, as: String.self, String.self, String.self)
        // The copy allocates seqs as its largest plus one; the log, by AUTOINCREMENT, past its sequence, which is
        // ahead of its largest seq only after rows were pruned from its end: defer nothing then.
        let ahead = try db.fetchOne(
            Bool.self,
            """
            SELECT coalesce((SELECT seq FROM main.sqlite_sequence WHERE name = 'change_log'), 0)
                > coalesce((SELECT max(seq) FROM main.change_log), 0)
            """)
        guard ahead == false, let table = objects.first(where: { $0.name == "change_log" }) else { return nil }
        let triggers = objects.filter { $0.name != "change_log" }
        let copies = triggers.map(Self.copyTrigger)
        guard !triggers.isEmpty, !copies.contains(nil),
            let create = table.sql.range(of: #"CREATE TABLE "change_log" ("#)
                ?? table.sql.range(of: "CREATE TABLE change_log (")
        else { return nil }
        self.db = db
        self.triggers = triggers
        self.copies = copies.map { $0 ?? "" }
        movedColumns = try db.fetchAll(String.self, "SELECT name FROM pragma_table_info('change_log')").filter {
            $0 != "entity_kind" && $0 != "uuid"
        }
        try db.execute(
            "DROP TABLE IF EXISTS temp.\(Self.copy);"
                + table.sql.replacingCharacters(in: create, with: "CREATE TEMP TABLE \(Self.copy) (")
                .replacingOccurrences(of: " AUTOINCREMENT", with: ""))
        for (trigger, sql) in zip(triggers, copies) {
            try db.execute("DROP TRIGGER main.\(trigger.name)")
            try db.execute(sql ?? "")
        }
        try prime()
    }

    /// The temporary trigger writing the copy what `trigger` writes the log, or `nil` when it uses the log otherwise.
    private static func copyTrigger(_ trigger: StoredObject) -> String? {
        let create = "CREATE TRIGGER \(trigger.name) "
        // A trigger on the log itself (0010's, which forgets a merge when its row moves) runs on the copy alike; the
        // copy's rows reach the log with every column, so the log gets what the trigger leaves.
        if trigger.table == "change_log", trigger.sql.hasPrefix(create) {
            return "CREATE TEMP TRIGGER \(trigger.name) "
                + trigger.sql[create.endIndex...].replacingOccurrences(of: "change_log", with: copy)
        }
        let uses = trigger.sql.components(separatedBy: "change_log").count - 1
        let known = knownUses.map { trigger.sql.components(separatedBy: $0).count - 1 }.reduce(0, +)
        guard trigger.sql.hasPrefix(create), uses == known, let on = trigger.sql.range(of: " ON \(trigger.table)\n")
        else { return nil }
        return "CREATE TEMP TRIGGER \(trigger.name) " + trigger.sql[create.endIndex..<on.lowerBound]
            + " ON main.\(trigger.table)\n"
            + trigger.sql[on.upperBound...].replacingOccurrences(of: "change_log", with: copy)
    }

    /// Starts the copy with the log's last row, so the copy's next `seq` (its largest plus one, as the log's
    /// `AUTOINCREMENT` gives while its sequence is its largest `seq`) and its last row are the log's.
    private func prime() throws {
        try db.execute(
            """
            DELETE FROM temp.\(Self.copy);
            INSERT INTO temp.\(Self.copy) SELECT * FROM main.change_log WHERE seq = (SELECT max(seq) FROM main.change_log);
            """)
    }

    /// Moves the rows changed since the last flush into `change_log`: call every few thousand rows to keep the copy
    /// (which lives in memory) small.
    package func flush() throws {
        let columns = (["entity_kind", "uuid"] + movedColumns).joined(separator: ", ")
        let logged = try db.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM main.change_log") ?? 0
        try db.execute(
            """
            INSERT INTO main.change_log (\(columns)) SELECT \(columns) FROM temp.\(Self.copy) WHERE seq > ? ORDER BY seq
            ON CONFLICT (entity_kind, uuid) DO UPDATE SET
            """ + movedColumns.map { " \($0) = excluded.\($0)" }.joined(separator: ","), [logged])
        // The log's sequence follows its largest seq, as its AUTOINCREMENT would have.
        try db.execute(
            """
            INSERT INTO main.sqlite_sequence (name, seq) SELECT 'change_log', 0
            WHERE NOT EXISTS (SELECT 1 FROM main.sqlite_sequence WHERE name = 'change_log');
            UPDATE main.sqlite_sequence SET seq = (SELECT coalesce(max(seq), 0) FROM main.change_log)
            WHERE name = 'change_log';
            """)
        try prime()
    }

    /// Runs `body` with the temporary triggers dropped: for a writer that logs its rows itself in the copy
    /// (``table``), in an order of its own. SQLite's `SQLITE_DBCONFIG_ENABLE_TRIGGER` cannot turn them off: it keeps
    /// temporary triggers firing.
    package func withoutTriggers(_ body: () throws -> Void) throws {
        for trigger in triggers { try db.execute("DROP TRIGGER temp.\(trigger.name)") }
        let result = Result { try body() }
        for copy in copies { try db.execute(copy) }
        try result.get()
    }

    /// The copy, for a writer that logs its own rows with the triggers off: it inserts rows of `seq`, `entity_kind`,
    /// `uuid` and `operation` numbered on from ``lastSeq()``, as the triggers would have.
    package static let table = "temp.\(copy)"

    /// The largest `seq` of the copy, which is the log's.
    package func lastSeq() throws -> Int64 {
        try db.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM temp.\(Self.copy)") ?? 0
    }

    /// Flushes the copy and restores the change log's triggers; call before the commit.
    package func finish() throws {
        try flush()
        for trigger in triggers {
            try db.execute("DROP TRIGGER temp.\(trigger.name)")
            try db.execute(trigger.sql)
        }
        try db.execute("DROP TABLE temp.\(Self.copy)")
    }
}
