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
        return try recording(
            .merge, kind, merged: uuid, candidates: mergeCandidates(kind, uuid: uuid, into: survivor)
        ) {
            let id = try existing(kind, uuid: uuid, revision: revision)
            let survivorID = try existing(kind, uuid: survivor, revision: survivorRevision)
            let kept = try keptFields(kind, keeping, of: uuid)
            let moved = try moveLinks(kind, from: id, to: survivorID, survivor: survivor)
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
            return (survivor, moved.isEmpty ? nil : moved)
        }
    }

    /// The entries a merge records in full: both entries, the owners of lists naming both (their lists are
    /// rewritten) and a merged genre's children. The owners of lists naming only the merged entry are recorded as
    /// ``MovedReferences``.
    private func mergeCandidates(_ kind: EntityKind, uuid: UUID, into survivor: UUID) throws -> [(EntityKind, String)] {
        var candidates = [(kind, uuid.lowercased), (kind, survivor.lowercased)]
        guard let id = try rowID(kind, uuid: uuid.lowercased),
            let survivorID = try rowID(kind, uuid: survivor.lowercased)
        else { return candidates }
        for link in Self.links(naming: kind) {
            guard let ownerKind = link.ownerKind else { continue }
            candidates += try owners(of: link, naming: kind, id, alsoNaming: survivorID, both: true).map {
                (ownerKind, $0.uuid)
            }
        }
        if kind == .genre {
            let children = try fetch("SELECT uuid FROM genres WHERE parent_id = ?", [.integer(id)]) {
                try $0.requiredString(at: 0)
            }
            candidates += children.map { (.genre, $0) }
        }
        return candidates
    }

    /// The link tables whose rows name entries of `kind`.
    static func links(naming kind: EntityKind) -> [LinkTable] {
        CatalogTables.links.filter { column(of: $0, naming: kind) != nil }
    }

    /// The column of `link` that names an entry of `kind` (`author_id`), or `nil`.
    static func column(of link: LinkTable, naming kind: EntityKind) -> String? {
        position(in: link, naming: kind).map { link.columns[$0].name }
    }

    /// The position among `link`'s columns (and its rows' values) of the column that names an entry of `kind`.
    static func position(in link: LinkTable, naming kind: EntityKind) -> Int? {
        link.references.first { $0.table == kind.table.name }?.position
    }

    /// The owners (row id and uuid) of lists in `link` that name the entry `id`, and the survivor too (`both`) or
    /// not.
    private func owners(
        of link: LinkTable, naming kind: EntityKind, _ id: Int64, alsoNaming survivorID: Int64, both: Bool
    ) throws
        -> [(id: Int64, uuid: String)]
    {
        guard let ownerTable = link.ownerKind?.table.name, let column = Self.column(of: link, naming: kind) else {
            return []
        }
        let owner = link.owner.name
        return try fetch(
            """
            SELECT DISTINCT o.id, o.uuid FROM \(link.name) l JOIN \(ownerTable) o ON o.id = l.\(owner)
            WHERE l.\(column) = ? AND \(both ? "" : "NOT ")EXISTS (
                SELECT 1 FROM \(link.name) s WHERE s.\(owner) = l.\(owner) AND s.\(column) = ?)
            ORDER BY o.id
            """, [.integer(id), .integer(survivorID)]
        ) { (try $0.requiredInt64(at: 0), try $0.requiredString(at: 1)) }
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
    /// every list that names an author or a genre pointed at the survivor; a genre's children follow it. A list that
    /// names only the merged entry has its rows pointed at the survivor in one statement per table, positions kept;
    /// a list naming both is rewritten, a row both had kept once where it first appears.
    ///
    /// - Returns: the owners of the lists pointed in place, as the merge's history records them.
    private func moveLinks(_ kind: EntityKind, from id: Int64, to survivorID: Int64, survivor: UUID) throws
        -> MovedReferences
    {
        for link in kind.table.links {
            try write(try linkRows(link, of: survivorID) + linkRows(link, of: id), to: link, of: survivorID)
        }
        var moved = MovedReferences(into: survivor.lowercased, owners: [:])
        for link in Self.links(naming: kind) {
            guard let position = Self.position(in: link, naming: kind) else { continue }
            let column = link.columns[position].name
            let owner = link.owner.name
            moved.owners[link.name] = try owners(of: link, naming: kind, id, alsoNaming: survivorID, both: false)
                .map(\.uuid)
            let both = try owners(of: link, naming: kind, id, alsoNaming: survivorID, both: true)
            try execute(
                """
                UPDATE \(link.name) SET \(column) = ? WHERE \(column) = ?
                AND \(owner) NOT IN (SELECT \(owner) FROM \(link.name) WHERE \(column) = ?)
                """, [.integer(survivorID), .integer(id), .integer(survivorID)])
            for owner in both {
                let rows = try linkRows(link, of: owner.id).map { row in
                    var row = row
                    if row[position] == .integer(id) { row[position] = .integer(survivorID) }
                    return row
                }
                try write(rows, to: link, of: owner.id)
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
        return moved
    }
}
