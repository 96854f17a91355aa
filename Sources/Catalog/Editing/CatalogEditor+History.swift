public import Foundation
import SQLInterface

extension CatalogEditor {
    /// The entry's history, oldest first: every hand edit, delete, merge (into it, or of it) and undo, with who made
    /// it, when, and each field and list before and after.
    ///
    /// - Throws: `DatabaseError` when the history cannot be read.
    public func history(_ kind: EntityKind, uuid: UUID) throws -> [EditRecord] {
        let rows = try fetch(
            """
            SELECT id, action, uuid, merged_uuid, actor, edited_at, before, after,
                CASE WHEN undone_by IS NULL THEN 0 ELSE 1 END
            FROM edit_history WHERE entity_kind = ? AND (uuid = ? OR merged_uuid = ?) ORDER BY id
            """, [.text(kind.rawValue), .text(uuid.lowercased), .text(uuid.lowercased)], HistoryRow.init)
        let decoder = JSONDecoder()
        return try rows.map { row in
            let before = try decoder.decode([EntityState].self, from: Data(row.before.utf8))
            let after = try decoder.decode([EntityState].self, from: Data(row.after.utf8))
            let key = EntityState.key(kind, row.uuid)
            var changes = try fieldChanges(
                before.first { $0.key == key }?.entity, after.first { $0.key == key }?.entity)
            if let merged = row.merged, row.action == .merge {
                let name = before.first { $0.key == EntityState.key(kind, merged) }?.entity.flatMap(Self.displayName)
                let survivor = try displayName(of: kind, uuid: UUID(uuidString: row.uuid) ?? uuid)
                changes.insert(
                    EditRecord.FieldChange(field: "merged", before: name ?? merged, after: survivor ?? row.uuid),
                    at: 0)
            }
            return EditRecord(
                id: row.id, action: row.action, kind: kind, uuid: UUID(uuidString: row.uuid) ?? uuid,
                merged: row.merged.flatMap(UUID.init(uuidString:)), actor: row.actor, editedAt: row.editedAt,
                changes: changes, undone: row.undone)
        }
    }

    /// The fields and lists that differ between two states of one entity, as text.
    private func fieldChanges(_ before: EntityPayload?, _ after: EntityPayload?) throws -> [EditRecord.FieldChange] {
        guard let table = before?.table ?? after?.table else { return [] }
        let shown = Set(FieldPatch.keys(of: table.kind))
        var changes: [EditRecord.FieldChange] = []
        for (position, column) in table.payloadColumns.enumerated() where shown.contains(column.key) {
            let old = before.map { Self.text($0.values[position]) } ?? nil
            let new = after.map { Self.text($0.values[position]) } ?? nil
            if old != new { changes.append(EditRecord.FieldChange(field: column.key, before: old, after: new)) }
        }
        for (index, link) in table.links.enumerated() {
            let old = try before.map { try listText(link, $0.links[index]) } ?? nil
            let new = try after.map { try listText(link, $0.links[index]) } ?? nil
            if old != new { changes.append(EditRecord.FieldChange(field: link.key, before: old, after: new)) }
        }
        return changes
    }

    /// A list as the names it links, with each credit's role: "Mark Twain (author), E. W. Kemble (illustrator)".
    private func listText(_ link: LinkTable, _ rows: [EntityPayload.Values]) throws -> String? {
        guard let reference = link.references.first,
            let kind = CatalogTables.entities.first(where: { $0.name == reference.table })?.kind
        else { return nil }
        let names = try rows.map { row -> String in
            guard case .text(let text) = row[reference.position], let uuid = UUID(uuidString: text) else { return "?" }
            let name = try displayName(of: kind, uuid: uuid) ?? text
            let role = row.count > 2 ? Self.text(row[1]).map { " (\($0))" } ?? "" : ""
            return name + role
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    static func text(_ value: SQLValue) -> String? {
        switch value {
        case .text(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }

    static func displayName(_ payload: EntityPayload) -> String? {
        text(payload[payload.kind == .book ? "title" : "name"] ?? .null)
    }
}

/// One row of `edit_history` as ``CatalogEditor/history(_:uuid:)`` reads it.
private struct HistoryRow {
    let id: Int64
    let action: EditAction
    let uuid: String
    let merged: String?
    let actor: String
    let editedAt: String
    let before: String
    let after: String
    let undone: Bool

    init(columns row: any SQLColumns) throws {
        id = try row.requiredInt64(at: 0)
        let action = try row.requiredString(at: 1)
        guard let known = EditAction(rawValue: action) else {
            throw CatalogError.invalidValue(field: "edit_history.action", value: action, reason: "unknown action")
        }
        self.action = known
        uuid = try row.requiredString(at: 2)
        merged = row.string(at: 3)
        actor = try row.requiredString(at: 4)
        editedAt = try row.requiredString(at: 5)
        before = try row.requiredString(at: 6)
        after = try row.requiredString(at: 7)
        undone = try row.requiredInt64(at: 8) != 0
    }
}
