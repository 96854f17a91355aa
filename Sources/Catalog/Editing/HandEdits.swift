import Foundation
package import SQLiteDB

/// What `edit_history` says about the fields an import must not take back: the hand updates and merges of an entity
/// that no undo reverted. A create is no edit of an imported value (an import that later matches the entry fills it
/// in), a delete leaves nothing to keep, and an undo puts back what was there before the edit it reverts.
package struct HandEdits {
    /// The catalog's database.
    package let db: Database

    /// Reads the hand edits of the catalog in `db` (which must have migration 0010).
    package init(_ db: Database) {
        self.db = db
    }

    /// The `edit_history` rows that count, as a condition on the table.
    private static let counted = "action IN ('update', 'merge') AND undone_by IS NULL"

    /// The id of the newest `edit_history` row, or 0: what an import has seen when it writes a record now.
    package func newestID() throws -> Int64 {
        try db.fetchOne(Int64.self, "SELECT coalesce(max(id), 0) FROM edit_history") ?? 0
    }

    /// The entities of `kind` edited by hand, each row id with the id of its newest counted edit. Hand edits are few
    /// beside the rows of an import, so an import reads them once and looks each record up in memory.
    package func newestEdits(of kind: EntityKind) throws -> [Int64: Int64] {
        let rows = try db.fetchAll(
            """
            SELECT t.id, max(h.id) FROM edit_history h JOIN \(kind.table.name) t ON t.uuid = h.uuid
            WHERE h.entity_kind = ? AND \(Self.counted) GROUP BY t.id
            """, [kind.rawValue], as: Int64.self, Int64.self)
        return Dictionary(rows) { max($0, $1) }
    }

    /// The fields and lists of the entity of `kind` with row id `id` that counted edits after the `edit_history` row
    /// `historyID` changed, as an edit names them (`title`, `authors`).
    package func fields(of kind: EntityKind, id: Int64, after historyID: Int64) throws -> Set<String> {
        guard let uuid = try db.fetchOne(String.self, "SELECT uuid FROM \(kind.table.name) WHERE id = ?", [id]) else {
            return []
        }
        let rows = try db.fetchAll(
            "SELECT before, after FROM edit_history WHERE entity_kind = ? AND uuid = ? AND id > ? AND \(Self.counted)",
            [kind.rawValue, uuid, historyID], as: String.self, String.self)
        let key = EntityState.key(kind, uuid)
        let decoder = JSONDecoder()
        var fields = Set<String>()
        for (before, after) in rows {
            let before = try decoder.decode([EntityState].self, from: Data(before.utf8))
            let after = try decoder.decode([EntityState].self, from: Data(after.utf8))
            guard let old = before.first(where: { $0.key == key })?.entity,
                let new = after.first(where: { $0.key == key })?.entity
            else { continue }
            fields.formUnion(Self.changes(from: old, to: new))
        }
        return fields
    }

    /// The fields an edit may name, and the lists, whose values differ between two states of one entity.
    private static func changes(from old: EntityPayload, to new: EntityPayload) -> [String] {
        let editable = Set(FieldPatch.keys(of: old.kind))
        let fields = old.table.payloadColumns.enumerated().compactMap { position, column in
            editable.contains(column.key) && old.values[position] != new.values[position] ? column.key : nil
        }
        let lists = old.table.links.enumerated().compactMap { index, link in
            old.links[index] != new.links[index] ? link.key : nil
        }
        return fields + lists
    }
}
