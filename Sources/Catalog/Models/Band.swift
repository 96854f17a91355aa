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
}

extension Band: TableRecord {
    static var table: EntityTable { CatalogTables.bands }

    /// Reads a row of the bands table's model columns, at the positions its description gives them, on either
    /// database.
    package init(columns: some SQLColumns) throws {
        let row = EntityRow(columns, of: Self.table)
        self.init(
            id: try row.id, uuid: try row.uuid, name: try row.requiredString("name"),
            sortName: try row.requiredString("sort_name"), country: row.string("country"),
            formedYear: row.int("formed_year"), endedYear: row.int("ended_year"),
            status: row.string("status").flatMap(Status.init(rawValue:)),
            disambiguation: row.string("disambiguation"), createdAt: try row.createdAt, updatedAt: try row.updatedAt)
    }

    /// Reads a row of the table's model columns, by index.
    public init(row: Row) throws {
        try self.init(columns: row)
    }
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
