import Catalog
import SQLiteDB

/// The `source_records` table: which entity a `(source, source_key)` of an import names, and the
/// fingerprint of the record last imported under it, and the hand edits that import had seen.
struct SourceRecords {
    let db: Database

    /// What `source_records` holds for one `(source, source_key)`.
    struct Entry {
        let kind: String
        let entityID: Int64
        let fingerprint: String?
        /// When the record was last written: an import run stamps every record it writes with its start time,
        /// which tells a repeated row of the same run (a duplicate) from a row imported by an earlier run.
        let importedAt: String
        /// The newest `edit_history` id when the record was last written with no hand edit kept: the hand edits of
        /// its entity after it are "since the last import of the record".
        let editsSeen: Int64
    }

    /// The entry for `(source, key)`, or `nil`.
    func entry(source: String, key: String) throws -> Entry? {
        let statement = try db.cachedStatement(
            """
            SELECT entity_kind, entity_id, fingerprint, imported_at, edits_seen FROM source_records
            WHERE source = ? AND source_key = ?
            """)
        defer { statement.reset() }
        guard try statement.first(source, key) else { return nil }
        let row = statement.row
        return Entry(
            kind: try row.value(at: 0), entityID: try row.value(at: 1), fingerprint: row[2],
            importedAt: try row.value(at: 3), editsSeen: try row.value(at: 4))
    }

    /// Records that `(source, key)` names `entityID`, last imported as `fingerprint` at `importedAt` (now when
    /// `nil`) having seen the hand edits up to `editsSeen`.
    func save(
        source: String, key: String, kind: EntityKind, entityID: Int64, fingerprint: String, importedAt: String? = nil,
        editsSeen: Int64
    ) throws {
        try db.cachedStatement(
            """
            INSERT INTO source_records (source, source_key, entity_kind, entity_id, fingerprint, imported_at, edits_seen)
            VALUES (?, ?, ?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ?)
            ON CONFLICT (source, source_key) DO UPDATE SET entity_kind = excluded.entity_kind,
                entity_id = excluded.entity_id, fingerprint = excluded.fingerprint, imported_at = excluded.imported_at,
                edits_seen = excluded.edits_seen
            """
        ).run(source, key, kind.rawValue, entityID, fingerprint, importedAt, editsSeen)
    }
}
