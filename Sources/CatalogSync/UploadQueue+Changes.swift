public import Catalog
import Foundation
public import SQLiteDB

extension UploadQueue {
    /// One row of `upload_queue`.
    private struct Row: RowDecodable {
        let id: Int64
        let kind: EntityKind
        let uuid: String
        let operation: String
        let base: Int64
        let field: String?
        let old: String?
        let new: String?

        static let select = "SELECT id, entity_kind, uuid, operation, base_seq, field, old, new FROM upload_queue"

        init(row: SQLiteDB.Row) throws {
            id = try row.value(at: 0)
            kind = EntityKind(rawValue: try row.value(at: 1)) ?? .book
            uuid = try row.value(at: 2)
            operation = try row.value(at: 3)
            base = try row.value(at: 4)
            field = row[5]
            old = row[6]
            new = row[7]
        }
    }

    /// A list entry as the triggers record it.
    private struct QueuedEntry: Decodable {
        let uuid: String
        let role: String?
        let position: Int?

        var entry: ListEntry { ListEntry(uuid: uuid, role: role) }
    }

    /// The queued writes as the changes an upload sends, one per entity, in the order each was first written; their ids
    /// are given when they are frozen. Read in the caller's transaction.
    ///
    /// - Returns: the changes and the last queue row they cover.
    /// - Throws: `DatabaseError`.
    public static func pending(in db: Database) throws -> (changes: [UploadedChange], through: Int64) {
        let queue = try read(in: db)
        return (queue.changes, queue.through)
    }

    /// The queue as changes, and the entities whose writes cancel out (written and put back, created and deleted):
    /// nothing to send, but their `updated_at` moved.
    private static func read(in db: Database) throws -> (
        changes: [UploadedChange], through: Int64, cancelled: [(kind: EntityKind, uuid: String)]
    ) {
        let rows = try db.fetchAll(Row.self, Row.select + " ORDER BY id")
        var order: [String] = []
        var groups: [String: [Row]] = [:]
        for row in rows {
            let key = row.kind.rawValue + ":" + row.uuid
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(row)
        }
        var changes: [UploadedChange] = []
        var cancelled: [(kind: EntityKind, uuid: String)] = []
        for key in order {
            guard let group = groups[key], let first = group.first else { continue }
            if let change = try change(of: group, in: db) {
                changes.append(change)
            } else {
                cancelled.append((first.kind, first.uuid))
            }
        }
        return (ordered(changes), rows.last?.id ?? 0, cancelled)
    }

    /// The order the server can apply `changes` in, whatever order the writes came in: what is created first, genres,
    /// authors and bands before the books whose lists name them; then changes in the order they were made; deletes
    /// last, books before the authors they credited.
    private static func ordered(_ changes: [UploadedChange]) -> [UploadedChange] {
        let rank: [EntityKind: Int] = [.genre: 0, .author: 1, .band: 2, .book: 3]
        let key = { (change: UploadedChange) -> (Int, Int) in
            let kind = rank[change.kind] ?? 0
            switch change.operation {
            case .create: return (0, kind)
            case .update, .merge: return (1, 0)
            case .delete: return (2, 3 - kind)
            }
        }
        return changes.enumerated().sorted { first, second in
            let (a, b) = (key(first.element), key(second.element))
            return (a.0, a.1, first.offset) < (b.0, b.1, second.offset)
        }.map(\.element)
    }

    /// The change the writes `rows` of one entity amount to, or `nil` when they cancel out.
    private static func change(of rows: [Row], in db: Database) throws -> UploadedChange? {
        guard let first = rows.first else { return nil }
        let baseSequence = rows.map(\.base).min() ?? first.base
        var change = UploadedChange(
            id: "", kind: first.kind, uuid: first.uuid, operation: .update, baseSequence: baseSequence)
        if let merge = rows.last(where: { $0.operation == "merge" }) {
            change.operation = .merge
            change.mergedInto = merge.new
            return change
        }
        let created = rows.contains { $0.operation == "create" }
        if rows.last(where: { $0.operation == "create" || $0.operation == "delete" })?.operation == "delete" {
            guard !created else { return nil }
            change.operation = .delete
            return change
        }
        if created { change.operation = .create }
        let table = first.kind.table
        let lists = Set(table.links.map(\.key))
        for row in rows where row.field.map({ !lists.contains($0) }) ?? false {
            guard let field = row.field else { continue }
            // The value before the first write; the writes after it only move the new one.
            let before = change.fields[field].map(\.base) ?? (created ? nil : row.old)
            change.fields[field] = FieldChange(base: before, mine: row.new)
        }
        change.fields = change.fields.filter { created || $0.value.base != $0.value.mine }
        let payload = try EntityPayload.read(table, uuid: first.uuid, in: db)
        for link in table.links {
            let listRows = rows.filter { $0.field == link.key }
            guard !listRows.isEmpty, let payload else { continue }
            let mine = ListEntry.entries(payload.links(link.key) ?? [], of: link)
            let before = created ? [] : try base(of: mine, undoing: listRows)
            if before != mine { change.lists[link.key] = ListChange(base: before, mine: mine) }
        }
        guard change.operation == .create || !change.fields.isEmpty || !change.lists.isEmpty else { return nil }
        return change
    }

    /// The list before the queued adds and removes `rows`: each undone, newest first.
    private static func base(of list: [ListEntry], undoing rows: [Row]) throws -> [ListEntry] {
        var base = list
        let decoder = JSONDecoder()
        for row in rows.reversed() {
            if let added = try row.new.map({ try decoder.decode(QueuedEntry.self, from: Data($0.utf8)) }),
                let index = base.firstIndex(of: added.entry)
            {
                base.remove(at: index)
            }
            if let removed = try row.old.map({ try decoder.decode(QueuedEntry.self, from: Data($0.utf8)) }) {
                base.insert(removed.entry, at: min(max(removed.position ?? base.count, 0), base.count))
            }
        }
        return base
    }

    /// Freezes the queue into changes with ids, kept in `upload_sent` until answered, and empties it; in the caller's
    /// transaction. Entities whose writes cancel out are read again from the server at the next sync (their
    /// `updated_at` moved).
    ///
    /// - Returns: how many changes were frozen.
    @discardableResult
    static func freeze(in db: Database) throws -> Int {
        let (changes, through, cancelled) = try read(in: db)
        for entity in cancelled {
            try db.execute(
                "INSERT OR IGNORE INTO upload_refresh (entity_kind, uuid) VALUES (?, ?)",
                [entity.kind.rawValue, entity.uuid])
        }
        for var change in changes {
            change.id = UUID().uuidString.lowercased()
            try db.execute(
                "INSERT INTO upload_sent (change_id, change) VALUES (?, ?)",
                [change.id, try UploadJSON.text(change)])
        }
        try db.execute("DELETE FROM upload_queue WHERE id <= ?", [through])
        return changes.count
    }

    /// The frozen changes not answered yet, in the order they were frozen.
    public static func sent(in db: Database) throws -> [UploadedChange] {
        try db.fetchAll(String.self, "SELECT change FROM upload_sent ORDER BY rowid").map {
            try JSONDecoder().decode(UploadedChange.self, from: Data($0.utf8))
        }
    }

    /// The conflicts the server kept of this copy's uploads, as it answered them (settled or not: the server
    /// knows), oldest first.
    public static func conflicts(in db: Database) throws -> [UploadConflict] {
        let decoder = JSONDecoder()
        return try db.fetchAll(
            String.self,
            "SELECT answer FROM upload_answers WHERE answer ->> 'result' = 'conflict' ORDER BY answered_at, rowid"
        ).flatMap { try decoder.decode(UploadAnswer.self, from: Data($0.utf8)).conflicts }
    }

    /// Records the server's answers to frozen changes, which are then no longer sent. The entities of a change the
    /// server did not take as sent wait in `upload_refresh` to be read again at the next sync.
    static func record(_ answers: [UploadAnswer], in db: Database) throws {
        for answer in answers {
            if answer.result != .applied {
                try db.execute(
                    """
                    INSERT OR IGNORE INTO upload_refresh (entity_kind, uuid)
                    SELECT change ->> 'kind', value FROM upload_sent,
                        json_each(json_array(change ->> 'uuid', change ->> 'into', ?))
                    WHERE change_id = ? AND value IS NOT NULL
                    """, [answer.uuid, answer.id])
            }
            try db.execute(
                """
                INSERT OR REPLACE INTO upload_answers (change_id, change, answer)
                SELECT change_id, change, ? FROM upload_sent WHERE change_id = ?
                """, [try UploadJSON.text(answer), answer.id])
            try db.execute("DELETE FROM upload_sent WHERE change_id = ?", [answer.id])
        }
    }
}
