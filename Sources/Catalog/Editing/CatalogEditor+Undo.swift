public import Foundation
import SQLiteDB

extension CatalogEditor {
    /// Undoes the last edit, delete or merge of the entry (named by its uuid, or by the uuid of the entry merged
    /// away), while nothing has changed what it changed since: every entity it changed is put back as it was, a merged
    /// entry comes back with its links and import identities, and the undo is recorded in the history.
    ///
    /// - Throws: ``EditError/nothingToUndo(_:uuid:)``; ``EditError/changedSince(_:uuid:name:)`` when an entity the
    ///   edit changed has changed again.
    @discardableResult
    public func undo(_ kind: EntityKind, uuid: UUID) throws -> EditResult {
        try db.transaction(.immediate) {
            guard let entry = try db.fetchOne(UndoableEntry.self, Self.lastUndoable, [kind.rawValue, uuid.lowercased])
            else { throw EditError.nothingToUndo(kind, uuid: uuid) }
            let decoder = JSONDecoder()
            let touched = try decoder.decode([String: Int64].self, from: Data(entry.touched.utf8))
            let before = try decoder.decode([EntityState].self, from: Data(entry.before.utf8))
            for state in before {
                let current = try Self.revision(of: state.kind, uuid: state.uuid, in: db)
                if current != touched[state.key] {
                    let changed = UUID(uuidString: state.uuid) ?? uuid
                    throw EditError.changedSince(kind, uuid: uuid, name: try name(of: state.kind, uuid: changed))
                }
            }
            // Recorded on the same entry (and merged entry) as the edit it undoes, so both histories show it.
            let result = try recording(
                .undo, kind, merged: entry.merged.flatMap(UUID.init(uuidString:)),
                candidates: before.map { ($0.kind, $0.uuid) }
            ) {
                try restore(before)
                return UUID(uuidString: entry.uuid) ?? uuid
            }
            try db.execute("UPDATE edit_history SET undone_by = ? WHERE id = ?", [result.historyID, entry.id])
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
            try db.execute(payload.table.upsert, payload.table.upsertPositions.map { payload.values[$0] })
        }
        for state in present {
            guard let payload = state.entity else { continue }
            try restoreReferences(payload)
            try restoreLinks(payload)
            try restoreIdentities(state)
        }
        for state in states where state.entity == nil {
            try db.execute("DELETE FROM \(state.kind.table.name) WHERE uuid = ?", [state.uuid])
        }
    }

    private func exists(_ state: EntityState) throws -> Bool {
        try db.fetchOne(Int.self, "SELECT 1 FROM \(state.kind.table.name) WHERE uuid = ?", [state.uuid]) != nil
    }

    private func restoreReferences(_ payload: EntityPayload) throws {
        for reference in payload.table.references {
            try db.execute(
                """
                UPDATE \(payload.table.name) SET \(reference.column) = (SELECT id FROM \(reference.table) WHERE uuid = ?)
                WHERE uuid = ?
                """, [payload.values[reference.position], payload.uuid])
        }
    }

    private func restoreLinks(_ payload: EntityPayload) throws {
        guard
            let ownerID = try db.fetchOne(
                Int64.self, "SELECT id FROM \(payload.table.name) WHERE uuid = ?", [payload.uuid])
        else { return }
        for (link, rows) in zip(payload.table.links, payload.links) {
            var resolved: [LinkRow] = []
            for row in rows {
                var values = Array(row.dropLast())
                guard let reference = link.references.first,
                    let id = try db.fetchOne(
                        Int64.self, "SELECT id FROM \(reference.table) WHERE uuid = ?", [values[reference.position]])
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
            try db.execute(
                """
                INSERT OR REPLACE INTO source_records (source, source_key, entity_kind, entity_id, fingerprint, imported_at)
                VALUES (?, ?, ?, (SELECT id FROM \(table) WHERE uuid = ?), ?, ?)
                """,
                [record.source, record.key, state.kind.rawValue, state.uuid, record.fingerprint, record.importedAt])
        }
        try db.execute(
            "DELETE FROM entity_merges WHERE entity_kind = ? AND uuid = ?", [state.kind.rawValue, state.uuid])
        for redirect in state.redirects {
            try db.execute(
                "UPDATE entity_merges SET merged_into = ? WHERE entity_kind = ? AND uuid = ?",
                [state.uuid, state.kind.rawValue, redirect])
        }
    }

    /// The newest edit of the entry (or of one merged into it) that is not an undo and was not undone.
    private static let lastUndoable = """
        SELECT id, uuid, merged_uuid, before, touched FROM edit_history
        WHERE entity_kind = ?1 AND (uuid = ?2 OR merged_uuid = ?2) AND action <> 'undo' AND undone_by IS NULL
        ORDER BY id DESC LIMIT 1
        """
}

/// An edit that may be undone, as the history holds it.
private struct UndoableEntry: RowDecodable {
    let id: Int64
    let uuid: String
    let merged: String?
    let before: String
    let touched: String

    init(row: Row) throws {
        id = try row.value(at: 0)
        uuid = try row.value(at: 1)
        merged = row[2]
        before = try row.value(at: 3)
        touched = try row.value(at: 4)
    }
}
