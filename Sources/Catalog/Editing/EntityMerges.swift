package import Foundation
package import SQLInterface

/// The `entity_merges` table (0010_catalog_edits.sql, and PostgreSQL's 0006): where an entity merged away went.
package enum EntityMerges {
    /// The entry that the entry of `kind` with `uuid` was merged into, or `nil` when it was never merged (it exists,
    /// was deleted, or was never here). A merge of the survivor in turn repoints the record, so one lookup suffices;
    /// older files are followed a few steps.
    ///
    /// - Throws: the driver's error when the query fails.
    package static func survivor(of kind: EntityKind, uuid: UUID, on connection: some SQLConnection) throws -> UUID? {
        var current = uuid.uuidString.lowercased()
        var survivor: UUID?
        // A chain longer than a handful means a cycle written by hand; the last step found is as good as any.
        for _ in 0..<8 {
            guard
                let next = try connection.fetch(
                    "SELECT merged_into FROM entity_merges WHERE entity_kind = ? AND uuid = ?",
                    with: [.text(kind.rawValue), .text(current)], { row in row.string(at: 0) }
                ).first.flatMap({ $0 })
            else { break }
            current = next
            survivor = UUID(uuidString: next)
        }
        return survivor
    }

    /// What the entry of `kind` with `uuid` was called (a book's title, another entry's name) when it was merged away,
    /// from its merge's history record; `nil` when no merge of it is recorded.
    ///
    /// - Throws: the driver's error when the query fails, `DecodingError` for a record that does not decode.
    package static func formerName(of kind: EntityKind, uuid: UUID, on connection: some SQLConnection) throws -> String?
    {
        let uuid = uuid.uuidString.lowercased()
        guard
            let before = try connection.fetch(
                """
                SELECT before FROM edit_history WHERE entity_kind = ? AND merged_uuid = ? AND action = 'merge'
                ORDER BY id DESC LIMIT 1
                """, with: [.text(kind.rawValue), .text(uuid)], { try $0.requiredString(at: 0) }
            ).first
        else { return nil }
        let states = try JSONDecoder().decode([EntityState].self, from: Data(before.utf8))
        guard case .text(let name) = states.first(where: { $0.uuid == uuid })?.entity?[kind == .book ? "title" : "name"]
        else { return nil }
        return name
    }
}
