import Foundation
package import SQLiteDB

/// Keeps the change log out of the per-row path of a bulk write transaction, ending with the log the triggers
/// would have left.
///
/// Every write of an entity or a link fires a trigger (migration 0007) that moves the entity's one `change_log`
/// row to a new, higher `seq`: a lookup, a delete and an insert in the table and in its `(entity_kind, uuid)` index,
/// four or five times per imported book. Inside the transaction those triggers are replaced by temporary ones
/// derived from their stored SQL, which only append what the trigger would have logged (kind, uuid, operation) to
/// an in-memory table; ``flush()`` folds that table into `change_log` set-based, one upsert per entity, and
/// ``finish()`` flushes and creates the triggers again from their stored SQL before the commit. Other connections
/// never see the triggers missing (DDL is transactional), and a rollback or a crash restores them with the rest.
///
/// The fold gives each entity the row the triggers would have: every logged change took the next `seq`, so an
/// entity's row is at the `seq` of its last change; its operation is that change's when it is an insert or a delete;
/// an update keeps 'insert' only while the entity's row is the log's last, that is when the change just before it
/// (in this table, or the log's last row for the first one) was the same entity's and left 'insert'. So within the
/// run of consecutive changes to one entity that ends with its last change, the last insert or delete decides.
/// `changed_at` is the time of the fold. A trigger whose stored SQL is not of the shape the derivation knows (an
/// `INSERT INTO change_log … ON CONFLICT … ;` per logged change) makes ``init(db:)`` return `nil`: the caller keeps
/// the triggers then.
package struct DeferredChangeLog {
    private struct StoredTrigger: RowDecodable {
        let name: String
        let table: String
        let sql: String
        init(row: Row) throws {
            name = try row.value(at: 0)
            table = try row.value(at: 1)
            sql = try row.value(at: 2)
        }
    }

    /// The record, named as the temporary triggers must (unqualified) and as the rest does.
    private static let changes = "deferred_changes"
    private static let upsert = "ON CONFLICT (entity_kind, uuid) DO UPDATE SET"

    private let db: Database
    private let triggers: [StoredTrigger]

    /// Replaces the change log's triggers by recording ones; call inside the transaction. `nil` (nothing changed)
    /// when a trigger is not of the shape this can defer.
    package init?(db: Database) throws {
        let triggers = try db.fetchAll(
            StoredTrigger.self,
            "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%change_log%'")
        let recording = triggers.map(Self.recording)
        guard !triggers.isEmpty, !recording.contains(nil) else { return nil }
        self.db = db
        self.triggers = triggers
        try db.execute(
            """
            DROP TABLE IF EXISTS temp.\(Self.changes);
            CREATE TEMP TABLE \(Self.changes) (
                id INTEGER PRIMARY KEY, entity_kind TEXT NOT NULL, uuid TEXT NOT NULL, operation TEXT NOT NULL)
            """)
        for (trigger, sql) in zip(triggers, recording) {
            try db.execute("DROP TRIGGER main.\(trigger.name)")
            try db.execute(sql ?? "")
        }
    }

    /// The temporary trigger that records what `trigger` logs, or `nil` when its SQL is not of the known shape.
    private static func recording(_ trigger: StoredTrigger) -> String? {
        let create = "CREATE TRIGGER \(trigger.name) "
        guard trigger.sql.hasPrefix(create), let on = trigger.sql.range(of: " ON \(trigger.table)\n") else {
            return nil
        }
        var sql = "CREATE TEMP TRIGGER \(trigger.name) " + trigger.sql[create.endIndex..<on.lowerBound]
        sql += " ON main.\(trigger.table)\n"
        var rest = trigger.sql[on.upperBound...]
        while let insert = rest.range(of: "INSERT INTO change_log (") {
            guard let conflict = rest.range(of: upsert, range: insert.upperBound..<rest.endIndex),
                let end = rest.range(of: ";", range: conflict.upperBound..<rest.endIndex)
            else { return nil }
            sql += rest[..<insert.lowerBound] + "INSERT INTO \(changes) ("
            sql += rest[insert.upperBound..<conflict.lowerBound].trimmingSuffixWhitespace() + ";"
            rest = rest[end.upperBound...]
        }
        sql += rest
        return sql.contains("change_log") ? nil : sql
    }

    /// Folds the changes recorded so far into `change_log` and empties the record: call every few thousand rows
    /// to keep the record (which lives in memory) small.
    package func flush() throws {
        let base =
            try db.fetchOne(
                Int64.self,
                """
                SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'change_log'), 0),
                    coalesce((SELECT max(seq) FROM change_log), 0))
                """) ?? 0
        guard let recorded = try db.fetchOne(Int64.self, "SELECT max(id) FROM \(Self.changes)") else { return }
        try db.execute(
            """
            WITH events AS (
                SELECT id, entity_kind, uuid, operation,
                    lag(entity_kind) OVER w IS NOT entity_kind OR lag(uuid) OVER w IS NOT uuid AS starts_run
                FROM \(Self.changes) WINDOW w AS (ORDER BY id)),
            runs AS (SELECT *, sum(starts_run) OVER (ORDER BY id) AS run FROM events),
            marked AS (
                SELECT *,
                    max(CASE WHEN operation <> 'update' THEN id * 2 + (operation = 'insert') END)
                        OVER (PARTITION BY run) AS last_set,
                    row_number() OVER (PARTITION BY entity_kind, uuid ORDER BY id DESC) AS from_last
                FROM runs),
            last_logged AS (SELECT entity_kind, uuid, operation FROM change_log ORDER BY seq DESC LIMIT 1)
            INSERT INTO change_log (seq, entity_kind, uuid, operation)
            SELECT ?1 + m.id, m.entity_kind, m.uuid, CASE
                WHEN m.operation <> 'update' THEN m.operation
                WHEN m.last_set IS NOT NULL THEN CASE m.last_set % 2 WHEN 1 THEN 'insert' ELSE 'update' END
                WHEN m.run = 1 AND EXISTS (
                    SELECT 1 FROM last_logged l
                    WHERE l.entity_kind = m.entity_kind AND l.uuid = m.uuid AND l.operation = 'insert')
                THEN 'insert'
                ELSE 'update' END
            FROM marked m WHERE m.from_last = 1 ORDER BY m.id
            \(Self.upsert) seq = excluded.seq, operation = excluded.operation, changed_at = excluded.changed_at
            """, [base])
        // Every logged change took a seq, as the trigger's insert would have, whether it kept its row or not.
        try db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'change_log'", [base + recorded])
        try db.execute("DELETE FROM \(Self.changes)")
    }

    /// Flushes the recorded changes and restores the change log's triggers; call before the commit.
    package func finish() throws {
        try flush()
        for trigger in triggers {
            try db.execute("DROP TRIGGER temp.\(trigger.name)")
            try db.execute(trigger.sql)
        }
        try db.execute("DROP TABLE temp.\(Self.changes)")
    }
}

extension Substring {
    fileprivate func trimmingSuffixWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
