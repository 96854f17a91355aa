public import Catalog

/// One row of the change feed: which entity changed, how, and its current payload.
///
/// As JSON (one line of `catalog changes`):
/// `{"seq":42,"kind":"book","uuid":"…","op":"update","at":"2026-11-29T22:19:38.123Z","entity":{…}}`;
/// `entity` is `null` when the entity no longer exists (a tombstone, or a row whose entity was deleted since). A merge
/// adds where the entity went: `{"seq":43,"kind":"author","uuid":"…","op":"merge","into":"…","entity":null,…}`.
public struct Change: Sendable, Hashable, Codable {
    /// The position in the change log: strictly increasing, never reused.
    public var sequence: Int64
    /// The kind of entity.
    public var kind: EntityKind
    /// The entity's uuid, lowercase.
    public var uuid: String
    /// What the log row records.
    public var operation: ChangeOperation
    /// When the row was logged (ISO 8601 text).
    public var changedAt: String
    /// The entity as it is when the feed is read, or `nil` when it no longer exists.
    public var entity: EntityPayload?
    /// For a ``ChangeOperation/merge``, the uuid (lowercase) of the entity it was merged into.
    public var mergedInto: String?

    /// Creates a change.
    public init(
        sequence: Int64, kind: EntityKind, uuid: String, operation: ChangeOperation, changedAt: String,
        entity: EntityPayload?, mergedInto: String? = nil
    ) {
        self.sequence = sequence
        self.kind = kind
        self.uuid = uuid
        self.operation = operation
        self.changedAt = changedAt
        self.entity = entity
        self.mergedInto = mergedInto
    }

    enum CodingKeys: String, CodingKey {
        case sequence = "seq"
        case kind
        case uuid
        case operation = "op"
        case changedAt = "at"
        case entity
        case mergedInto = "into"
    }

    /// Decodes the JSON line form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int64.self, forKey: .sequence)
        kind = try container.decode(EntityKind.self, forKey: .kind)
        uuid = try container.decode(String.self, forKey: .uuid)
        operation = try container.decode(ChangeOperation.self, forKey: .operation)
        changedAt = try container.decode(String.self, forKey: .changedAt)
        mergedInto = try container.decodeIfPresent(String.self, forKey: .mergedInto)
        if try container.decodeNil(forKey: .entity) {
            entity = nil
        } else {
            entity = try EntityPayload(table: kind.table, from: container.superDecoder(forKey: .entity))
        }
    }

    /// Encodes the JSON line form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(kind, forKey: .kind)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(operation, forKey: .operation)
        try container.encode(changedAt, forKey: .changedAt)
        try container.encodeIfPresent(mergedInto, forKey: .mergedInto)
        if let entity {
            try entity.encode(to: container.superEncoder(forKey: .entity))
        } else {
            try container.encodeNil(forKey: .entity)
        }
    }
}
