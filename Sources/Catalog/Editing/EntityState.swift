import Foundation
import SQLInterface

/// An entity as an edit found it or left it, for its history and its undo: its payload (the change feed's form,
/// links by uuid), its import identities and the uuids merged into it; no payload when it did not exist. The state of an
/// entry merged away also says which lists naming it the merge pointed at the survivor (``MovedReferences``).
struct EntityState: Codable {
    /// One row of `source_records` naming the entity.
    struct SourceRecord: Codable, Hashable {
        var source: String
        var key: String
        var fingerprint: String?
        var importedAt: String
        /// The record's hand-edit mark (`edits_seen`), so an undo puts back what the next import keeps; `nil` in a
        /// history recorded before edits had one.
        var editsSeen: Int64?

        init(columns row: any SQLColumns) throws {
            source = try row.requiredString(at: 0)
            key = try row.requiredString(at: 1)
            fingerprint = row.string(at: 2)
            importedAt = try row.requiredString(at: 3)
            editsSeen = try row.requiredInt64(at: 4)
        }
    }

    var kind: EntityKind
    var uuid: String
    var entity: EntityPayload?
    var sources: [SourceRecord]
    var redirects: [String]
    /// The rows naming the entity that the edit pointed at another entry in place, or `nil`.
    var moved: MovedReferences?

    /// The key a state goes by in an edit's record: `author:<uuid>`.
    var key: String { Self.key(kind, uuid) }

    static func key(_ kind: EntityKind, _ uuid: String) -> String { "\(kind.rawValue):\(uuid)" }

    /// The entity of `kind` with `uuid` as it is on `connection` now.
    static func read(_ kind: EntityKind, uuid: String, on connection: some SQLConnection) throws -> EntityState {
        // Text in byte order on both databases, so a state lists its records alike whichever wrote it.
        let order = connection.dialect.inByteOrder
        let sources = try connection.fetch(
            """
            SELECT source, source_key, fingerprint, imported_at, edits_seen FROM source_records
            WHERE entity_kind = ? AND entity_id = (SELECT id FROM \(kind.table.name) WHERE uuid = ?)
            ORDER BY source\(order), source_key\(order)
            """, with: [.text(kind.rawValue), .text(uuid)], SourceRecord.init)
        let redirects = try connection.fetch(
            "SELECT uuid FROM entity_merges WHERE entity_kind = ? AND merged_into = ? ORDER BY uuid\(order)",
            with: [.text(kind.rawValue), .text(uuid)]
        ) { try $0.requiredString(at: 0) }
        return EntityState(
            kind: kind, uuid: uuid, entity: try EntityPayload.read(kind.table, uuid: uuid, on: connection),
            sources: sources, redirects: redirects)
    }

    /// The state with `moved` recorded on it.
    func with(_ moved: MovedReferences) -> EntityState {
        var state = self
        state.moved = moved
        return state
    }
}

// The coding in an extension, so the memberwise initializer stays.
extension EntityState {
    enum CodingKeys: String, CodingKey {
        case kind, uuid, entity, sources, redirects, moved
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(EntityKind.self, forKey: .kind)
        uuid = try container.decode(String.self, forKey: .uuid)
        entity =
            try container.decodeNil(forKey: .entity)
            ? nil : try EntityPayload(table: kind.table, from: container.superDecoder(forKey: .entity))
        sources = try container.decode([SourceRecord].self, forKey: .sources)
        redirects = try container.decode([String].self, forKey: .redirects)
        moved = try container.decodeIfPresent(MovedReferences.self, forKey: .moved)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(uuid, forKey: .uuid)
        if let entity {
            try entity.encode(to: container.superEncoder(forKey: .entity))
        } else {
            try container.encodeNil(forKey: .entity)
        }
        try container.encode(sources, forKey: .sources)
        try container.encode(redirects, forKey: .redirects)
        // Left out when absent, so the states of every other edit read as they always have.
        try container.encodeIfPresent(moved, forKey: .moved)
    }
}

extension EntityState.SourceRecord {
    enum CodingKeys: String, CodingKey {
        case source, key, fingerprint, importedAt, editsSeen
    }
}
