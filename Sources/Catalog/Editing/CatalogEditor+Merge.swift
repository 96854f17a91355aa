public import Foundation
import SQLInterface

extension CatalogEditor {
    /// Merges the entry `uuid` into the entry `survivor` of the same kind: the survivor keeps its fields (but those
    /// in `keeping`, taken from the merged entry), takes over the merged entry's links (a credit or genre both had
    /// is kept once, lists in order: the survivor's first), its import identities (so importing its file again
    /// updates the survivor) and the entries merged into it before; the merged entry is deleted and recorded as
    /// merged, so saved navigation, deep links and clients that name it are sent to the survivor.
    ///
    /// - Parameters:
    ///   - kind: the kind of both entries.
    ///   - uuid: the entry merged away.
    ///   - survivor: the entry that stays.
    ///   - keeping: field keys (``EntityEdit``'s) whose value comes from the merged entry.
    ///   - revision: the revision of the merged entry the merge was based on, or `nil`.
    ///   - survivorRevision: the revision of the survivor the merge was based on, or `nil`.
    /// - Throws: ``EditError/differentKinds(_:into:)`` when `survivor` is an entry of another kind;
    ///   ``EditError/mergeIntoItself(_:uuid:)``; ``EditError/staleRevision(_:uuid:expected:current:)``;
    ///   ``CatalogError/notFound(_:uuid:)``; what an update of the survivor throws.
    @discardableResult
    public func merge(
        _ kind: EntityKind, uuid: UUID, into survivor: UUID, keeping: Set<String> = [],
        ifRevision revision: Int64? = nil, ifSurvivorRevision survivorRevision: Int64? = nil
    ) throws -> EditResult {
        guard uuid != survivor else { throw EditError.mergeIntoItself(kind, uuid: uuid) }
        try checkSameKind(kind, survivor)
        let candidates = [(kind, uuid.lowercased), (kind, survivor.lowercased)] + (try referrers(of: kind, uuid: uuid))
        return try recording(.merge, kind, merged: uuid, candidates: candidates) {
            let id = try existing(kind, uuid: uuid, revision: revision)
            let survivorID = try existing(kind, uuid: survivor, revision: survivorRevision)
            let kept = try keptFields(kind, keeping, of: uuid)
            try moveLinks(kind, from: id, to: survivorID)
            let (kindValue, merged, into) = (SQLValue.text(kind.rawValue), uuid.lowercased, survivor.lowercased)
            try execute(
                "UPDATE source_records SET entity_id = ? WHERE entity_kind = ? AND entity_id = ?",
                [.integer(survivorID), kindValue, .integer(id)])
            try execute("DELETE FROM \(kind.table.name) WHERE id = ?", [.integer(id)])
            if !kept.isEmpty { try writeFields(kind, id: survivorID, FieldPatch(kind: kind, fields: kept)) }
            try execute(
                "UPDATE entity_merges SET merged_into = ? WHERE entity_kind = ? AND merged_into = ?",
                [.text(into), kindValue, .text(merged)])
            // An upsert on both databases, where SQLite alone has INSERT OR REPLACE: a merge undone and made again
            // rewrites the row.
            try execute(
                """
                INSERT INTO entity_merges (entity_kind, uuid, merged_into, merged_at) VALUES (?, ?, ?, \(now))
                ON CONFLICT (entity_kind, uuid) DO UPDATE
                SET merged_into = excluded.merged_into, merged_at = excluded.merged_at
                """, [kindValue, .text(merged), .text(into)])
            try execute(
                "UPDATE change_log SET merged_into = ? WHERE entity_kind = ? AND uuid = ?",
                [.text(into), kindValue, .text(merged)])
            return survivor
        }
    }

    /// Refuses a survivor that is an entry of another kind.
    private func checkSameKind(_ kind: EntityKind, _ survivor: UUID) throws {
        guard try rowID(kind, uuid: survivor.lowercased) == nil else { return }
        for other in EntityKind.allCases where other != kind {
            if try rowID(other, uuid: survivor.lowercased) != nil { throw EditError.differentKinds(kind, into: other) }
        }
    }

    /// The merged entry's values of the fields in `keys`, as an edit of the survivor gives them.
    private func keptFields(_ kind: EntityKind, _ keys: Set<String>, of uuid: UUID) throws -> [String: String?] {
        guard !keys.isEmpty else { return [:] }
        _ = try FieldPatch(kind: kind, fields: Dictionary(uniqueKeysWithValues: keys.map { ($0, nil) }))
        guard let payload = try EntityPayload.read(kind.table, uuid: uuid.lowercased, on: connection) else {
            throw CatalogError.notFound(kind, uuid: uuid)
        }
        return Dictionary(
            uniqueKeysWithValues: keys.map { key in
                switch payload[key] {
                case .text(let text): (key, text)
                case .integer(let number): (key, String(number))
                default: (key, nil)
                }
            })
    }

    /// Moves the links of entry `id` to `survivorID`: a book's or a band's own lists appended to the survivor's, and
    /// every list that names an author or a genre pointed at the survivor; a genre's children follow it.
    private func moveLinks(_ kind: EntityKind, from id: Int64, to survivorID: Int64) throws {
        for link in kind.table.links {
            try write(try linkRows(link, of: survivorID) + linkRows(link, of: id), to: link, of: survivorID)
        }
        for link in CatalogTables.links where link.references.contains(where: { $0.table == kind.table.name }) {
            let owners = try fetch(
                "SELECT DISTINCT \(link.owner.name) FROM \(link.name) WHERE \(link.columns[0].name) = ?", [.integer(id)]
            ) { try $0.requiredInt64(at: 0) }
            for owner in owners {
                let rows = try linkRows(link, of: owner).map { row in
                    row[0] == .integer(id) ? [.integer(survivorID)] + row.dropFirst() : row
                }
                try write(rows, to: link, of: owner)
            }
        }
        if kind == .genre {
            // A survivor below the merged genre takes its parent, so the merged genre's children cannot make a cycle.
            if try ancestors(ofGenre: survivorID, including: false).contains(id) {
                try execute(
                    "UPDATE genres SET parent_id = nullif((SELECT parent_id FROM genres WHERE id = ?), ?) WHERE id = ?",
                    [.integer(id), .integer(survivorID), .integer(survivorID)])
            }
            try execute(
                "UPDATE genres SET parent_id = ? WHERE parent_id = ? AND id <> ?",
                [.integer(survivorID), .integer(id), .integer(survivorID)])
        }
    }
}
