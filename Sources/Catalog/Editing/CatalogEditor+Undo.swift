public import Foundation
import SQLInterface

extension CatalogEditor {
    /// Undoes the last edit, delete or merge of the entry (named by its uuid, or by the uuid of the entry merged
    /// away), while nothing has changed what it changed since: every entity it changed is put back as it was, a merged
    /// or deleted entry comes back with its links and import identities (with their hand-edit marks, so the next
    /// import keeps what it kept before), and the undo is recorded in the history.
    ///
    /// - Throws: ``EditError/nothingToUndo(_:uuid:)``; ``EditError/changedSince(_:uuid:name:)`` when an entity the
    ///   edit changed has changed again.
    @discardableResult
    public func undo(_ kind: EntityKind, uuid: UUID) throws -> EditResult {
        try transaction {
            try lockChangeLog()
            guard
                let entry = try fetchOne(
                    Self.lastUndoable, [.text(kind.rawValue), .text(uuid.lowercased), .text(uuid.lowercased)],
                    UndoableEntry.init)
            else { throw EditError.nothingToUndo(kind, uuid: uuid) }
            let decoder = JSONDecoder()
            let touched = try decoder.decode([String: Int64].self, from: Data(entry.touched.utf8))
            let before = try decoder.decode([EntityState].self, from: Data(entry.before.utf8))
            let moved = before.compactMap(\.moved).first
            let changed = before.map { ($0.kind, $0.uuid) } + (moved?.ownerKeys ?? [])
            for (changedKind, changedUUID) in changed {
                let current = try revision(of: changedKind, uuid: changedUUID)
                if current != touched[EntityState.key(changedKind, changedUUID)] {
                    let entity = UUID(uuidString: changedUUID) ?? uuid
                    throw EditError.changedSince(kind, uuid: uuid, name: try name(of: changedKind, uuid: entity))
                }
            }
            // Recorded on the same entry (and merged entry) as the edit it undoes, so both histories show it.
            let result = try recording(
                .undo, kind, merged: entry.merged.flatMap(UUID.init(uuidString:)),
                candidates: before.map { ($0.kind, $0.uuid) }
            ) {
                try restore(before)
                for state in before {
                    guard let moved = state.moved else { continue }
                    try pointBack(moved, to: state)
                }
                return (UUID(uuidString: entry.uuid) ?? uuid, moved)
            }
            try execute(
                "UPDATE edit_history SET undone_by = ? WHERE id = ?", [.integer(result.historyID), .integer(entry.id)])
            return result
        }
    }

    /// Puts the entities back as `states` hold them: entities that exist first (freeing unique values), then those
    /// to bring back, each group genres, authors, bands, books; then references, lists, import identities and
    /// redirects; entities that did not exist are deleted last.
    private func restore(_ states: [EntityState]) throws {
        let order: [EntityKind] = [.genre, .author, .band, .book]
        let present = try states.filter { $0.entity != nil }.sorted { lhs, rhs in
            let (left, right) = (try exists(lhs), try exists(rhs))
            if left != right { return left }
            return order.firstIndex(of: lhs.kind) ?? 0 < order.firstIndex(of: rhs.kind) ?? 0
        }
        for state in present {
            guard let payload = state.entity else { continue }
            try execute(
                payload.table.upsert(connection.dialect), payload.table.upsertPositions.map { payload.values[$0] })
        }
        for state in present {
            guard let payload = state.entity else { continue }
            try restoreReferences(payload)
            try restoreLinks(payload)
            try restoreIdentities(state)
        }
        for state in states where state.entity == nil {
            try execute("DELETE FROM \(state.kind.table.name) WHERE uuid = ?", [.text(state.uuid)])
        }
    }

    /// Points the list rows a merge pointed at `moved.into` in place back at the entity of `state`, a few hundred
    /// owners per statement.
    private func pointBack(_ moved: MovedReferences, to state: EntityState) throws {
        let table = state.kind.table.name
        for (name, owners) in moved.owners.sorted(by: { $0.key < $1.key }) {
            guard let link = CatalogTables.links.first(where: { $0.name == name }),
                let column = Self.column(of: link, naming: state.kind),
                let ownerTable = link.ownerKind?.table.name
            else { continue }
            for start in stride(from: 0, to: owners.count, by: Self.ownersPerStatement) {
                let chunk = owners[start..<min(start + Self.ownersPerStatement, owners.count)]
                try execute(
                    """
                    UPDATE \(name) SET \(column) = (SELECT id FROM \(table) WHERE uuid = ?)
                    WHERE \(column) = (SELECT id FROM \(table) WHERE uuid = ?) AND \(link.owner.name) IN (
                        SELECT id FROM \(ownerTable) WHERE uuid IN (\(EntityTable.parameters(chunk.count))))
                    """, [.text(state.uuid), .text(moved.into)] + chunk.map(SQLValue.text))
            }
        }
    }

    /// Owners named by one statement of ``pointBack(_:to:)``: well under the parameters either database allows.
    private static let ownersPerStatement = 500

    private func exists(_ state: EntityState) throws -> Bool {
        try rowID(state.kind, uuid: state.uuid) != nil
    }

    private func restoreReferences(_ payload: EntityPayload) throws {
        for reference in payload.table.references {
            try execute(
                """
                UPDATE \(payload.table.name) SET \(reference.column) = (SELECT id FROM \(reference.table) WHERE uuid = ?)
                WHERE uuid = ?
                """, [payload.values[reference.position], .text(payload.uuid)])
        }
    }

    private func restoreLinks(_ payload: EntityPayload) throws {
        guard let ownerID = try rowID(payload.kind, uuid: payload.uuid) else { return }
        for (link, rows) in zip(payload.table.links, payload.links) {
            var resolved: [LinkRow] = []
            for row in rows {
                var values = Array(row.dropLast())
                guard let reference = link.references.first,
                    let id = try fetchOne(
                        "SELECT id FROM \(reference.table) WHERE uuid = ?", [values[reference.position]],
                        { try $0.requiredInt64(at: 0) })
                else { continue }
                values[reference.position] = .integer(id)
                resolved.append(values)
            }
            try write(resolved, to: link, of: ownerID)
        }
    }

    private func restoreIdentities(_ state: EntityState) throws {
        let table = state.kind.table.name
        for record in state.sources {
            // An upsert on both databases, where SQLite alone has INSERT OR REPLACE. The hand-edit mark comes back as
            // it was, so the next import keeps (or overwrites) what it would have; a history recorded before marks
            // were kept leaves an existing row's mark alone.
            let seen = record.editsSeen.map(SQLValue.integer) ?? .null
            try execute(
                """
                INSERT INTO source_records
                    (source, source_key, entity_kind, entity_id, fingerprint, imported_at, edits_seen)
                VALUES (?, ?, ?, (SELECT id FROM \(table) WHERE uuid = ?), ?, ?, coalesce(?, 0))
                ON CONFLICT (source, source_key) DO UPDATE SET entity_kind = excluded.entity_kind,
                    entity_id = excluded.entity_id, fingerprint = excluded.fingerprint,
                    imported_at = excluded.imported_at, edits_seen = coalesce(?, source_records.edits_seen)
                """,
                [
                    .text(record.source), .text(record.key), .text(state.kind.rawValue), .text(state.uuid),
                    record.fingerprint.map(SQLValue.text) ?? .null, .text(record.importedAt), seen, seen,
                ])
        }
        try execute(
            "DELETE FROM entity_merges WHERE entity_kind = ? AND uuid = ?",
            [.text(state.kind.rawValue), .text(state.uuid)])
        for redirect in state.redirects {
            try execute(
                "UPDATE entity_merges SET merged_into = ? WHERE entity_kind = ? AND uuid = ?",
                [.text(state.uuid), .text(state.kind.rawValue), .text(redirect)])
        }
    }

    /// The newest edit of the entry (or of one merged into it) that is not an undo and was not undone.
    private static let lastUndoable = """
        SELECT id, uuid, merged_uuid, before, touched FROM edit_history
        WHERE entity_kind = ? AND (uuid = ? OR merged_uuid = ?) AND action <> 'undo' AND undone_by IS NULL
        ORDER BY id DESC LIMIT 1
        """
}

/// An edit that may be undone, as the history holds it.
private struct UndoableEntry {
    let id: Int64
    let uuid: String
    let merged: String?
    let before: String
    let touched: String

    init(columns row: any SQLColumns) throws {
        id = try row.requiredInt64(at: 0)
        uuid = try row.requiredString(at: 1)
        merged = row.string(at: 2)
        before = try row.requiredString(at: 3)
        touched = try row.requiredString(at: 4)
    }
}
