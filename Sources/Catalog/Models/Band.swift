public import Foundation
package import SQLInterface
public import SQLiteDB

/// A band. Names are not unique: many real bands share one, and ``disambiguation`` tells them apart.
public struct Band: Sendable, Codable, Hashable, Identifiable {
    /// Whether a band still plays.
    public enum Status: String, Sendable, Codable, Hashable, CaseIterable {
        case active
        case hiatus
        case disbanded
    }

    /// The row id: stable in this database only. Refer to a band from outside by ``uuid``.
    public var id: Int64
    /// The public identity of the band.
    public var uuid: UUID
    /// The name as written: "The Beatles".
    public var name: String
    /// The name as sorted: "Beatles, The".
    public var sortName: String
    /// ISO 3166-1 alpha-2 country code: "GB".
    public var country: String?
    /// The year the band formed.
    public var formedYear: Int?
    /// The year the band split up.
    public var endedYear: Int?
    /// Whether the band still plays.
    public var status: Status?
    /// Tells apart bands that share a name: "Swedish death metal band".
    public var disambiguation: String?
    /// When the row was created.
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date

    /// Creates a band value; rows come from ``BandRepository``.
    public init(
        id: Int64, uuid: UUID, name: String, sortName: String, country: String? = nil, formedYear: Int? = nil,
        endedYear: Int? = nil, status: Status? = nil, disambiguation: String? = nil, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.uuid = uuid
        self.name = name
        self.sortName = sortName
        self.country = country
        self.formedYear = formedYear
        self.endedYear = endedYear
        self.status = status
        self.disambiguation = disambiguation
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Band: TableRecord {
    static var table: EntityTable { CatalogTables.bands }

    /// Reads a row of the bands table's model columns, by index.
    public init(row: Row) throws {
        try self.init(columns: row)
    }

    /// Reads a row of the bands table's model columns, by index, on either database.
    package init(columns row: some SQLColumns) throws {
        let at = Self.positions
        self.init(
            id: try row.requiredInt64(at: at.id), uuid: try row.uuid(at: at.uuid),
            name: try row.requiredString(at: at.name), sortName: try row.requiredString(at: at.sortName),
            country: row.string(at: at.country), formedYear: row.int(at: at.formedYear),
            endedYear: row.int(at: at.endedYear), status: row.string(at: at.status).flatMap(Status.init(rawValue:)),
            disambiguation: row.string(at: at.disambiguation), createdAt: try row.time(at: at.createdAt),
            updatedAt: try row.time(at: at.updatedAt))
    }

    /// Where each field is in a row, looked up in the table's description once.
    private static let positions = (
        id: table.position(of: "id"), uuid: table.position(of: "uuid"), name: table.position(of: "name"),
        sortName: table.position(of: "sort_name"), country: table.position(of: "country"),
        formedYear: table.position(of: "formed_year"), endedYear: table.position(of: "ended_year"),
        status: table.position(of: "status"), disambiguation: table.position(of: "disambiguation"),
        createdAt: table.position(of: "created_at"), updatedAt: table.position(of: "updated_at")
    )
}

/// What a caller gives to create or change a ``Band``.
public struct BandDraft: Sendable, Codable, Hashable {
    /// The name as written; must not be empty.
    public var name: String
    /// The sort name, or `nil` to derive it ("The Beatles" → "Beatles, The").
    public var sortName: String?
    /// ISO 3166-1 alpha-2 country code (upper-cased on save).
    public var country: String?
    /// The year the band formed.
    public var formedYear: Int?
    /// The year the band split up; not before ``formedYear``.
    public var endedYear: Int?
    /// Whether the band still plays.
    public var status: Band.Status?
    /// Tells apart bands that share a name.
    public var disambiguation: String?
    /// The uuid to give a new band, or `nil` for a random one. Ignored by updates.
    public var uuid: UUID?

    /// Creates a draft.
    public init(
        name: String, sortName: String? = nil, country: String? = nil, formedYear: Int? = nil,
        endedYear: Int? = nil, status: Band.Status? = nil, disambiguation: String? = nil, uuid: UUID? = nil
    ) {
        self.name = name
        self.sortName = sortName
        self.country = country
        self.formedYear = formedYear
        self.endedYear = endedYear
        self.status = status
        self.disambiguation = disambiguation
        self.uuid = uuid
    }
}
