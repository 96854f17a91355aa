import Foundation
import SQLInterface

/// Settling the conflicts an upload kept (``UploadConflict``): list them, take the client's value or the server's.
extension CatalogEditor {
    /// Which side of a conflict stands.
    public enum ConflictSide: String, Sendable, Hashable, CaseIterable {
        /// The client's value: written now through an edit of the entry as it is.
        case mine
        /// The server's value: already there; the conflict is closed.
        case theirs
    }

    /// The conflicts not settled yet (every one, with `includingResolved`), oldest first.
    ///
    /// - Throws: the database's error.
    public func conflicts(includingResolved: Bool = false) throws -> [UploadConflict] {
        try fetch(
            """
            SELECT id, entity_kind, uuid, field, base, mine, theirs, reason FROM edit_conflicts
            \(includingResolved ? "" : "WHERE resolved_at IS NULL ") ORDER BY id
            """, []
        ) { row in
            UploadConflict(
                id: try row.requiredInt64(at: 0), kind: EntityKind(rawValue: try row.requiredString(at: 1)) ?? .book,
                uuid: try row.requiredString(at: 2), field: row.string(at: 3), base: row.string(at: 4),
                mine: row.string(at: 5), theirs: row.string(at: 6),
                reason: UploadConflict.Reason(rawValue: try row.requiredString(at: 7)) ?? .bothChanged)
        }
    }

    /// Settles conflict `id` by `side`, recorded with the editor's actor: `mine` writes the client's value (a field
    /// set, an entry deleted on the server created again with the fields the client set, an entry the client deleted
    /// deleted) through the edit any user would make, on the entry as it is now; `theirs` leaves the server's.
    ///
    /// - Returns: the edit `mine` made, or `nil`.
    /// - Throws: ``EditError/unknownConflict(id:)``, ``EditError/conflictResolved(id:how:)``; what the edit throws.
    @discardableResult
    public func resolveConflict(_ id: Int64, taking side: ConflictSide) throws -> EditResult? {
        try transaction {
            let open = try fetchOne(
                "SELECT resolution FROM edit_conflicts WHERE id = ?", [.integer(id)]
            ) { row in row.string(at: 0) }
            guard let open else { throw EditError.unknownConflict(id: id) }
            if let how = open { throw EditError.conflictResolved(id: id, how: how) }
            guard let conflict = try conflicts(includingResolved: true).first(where: { $0.id == id }),
                let uuid = UUID(uuidString: conflict.uuid)
            else { throw EditError.unknownConflict(id: id) }
            let edit = side == .mine ? try takeMine(conflict, uuid) : nil
            try execute(
                "UPDATE edit_conflicts SET resolved_at = \(now), resolved_by = ?, resolution = ? WHERE id = ?",
                [.text(actor), .text(side.rawValue), .integer(id)])
            return edit
        }
    }

    private func takeMine(_ conflict: UploadConflict, _ uuid: UUID) throws -> EditResult? {
        let current = try survivor(of: conflict.kind, uuid: uuid) ?? uuid
        switch conflict.reason {
        case .bothChanged:
            guard let field = conflict.field else { return nil }
            return try update(conflict.kind, uuid: current, EntityEdit(fields: [field: conflict.mine]))
        case .deletedOnServer:
            // The fields the client set, written on an entry made again with its uuid; a merge into an entry that is
            // gone, or list entries naming authors or genres that are gone, have nothing to write again.
            guard conflict.field == nil, let mine = conflict.mine,
                let fields = try? JSONDecoder().decode([String: String?].self, from: Data(mine.utf8))
            else { return nil }
            return try create(conflict.kind, EntityEdit(fields: fields), uuid: current)
        case .changedOnServer:
            return try delete(conflict.kind, uuid: current)
        }
    }
}
