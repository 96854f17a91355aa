import Catalog
public import SQLiteDB

/// A band as the change feed carries it: every stored column but the row id, and its genres by uuid.
public struct BandPayload: Sendable, Codable, Hashable {
    /// The uuid, lowercase.
    public var uuid: String
    /// The name as written.
    public var name: String
    /// The name as sorted.
    public var sortName: String
    /// The folded name, for matching.
    public var nameKey: String
    /// The folded sort name the lists order by.
    public var sortKey: String
    /// ISO 3166-1 alpha-2 country code.
    public var country: String?
    /// The year the band formed.
    public var formedYear: Int?
    /// The year the band split up.
    public var endedYear: Int?
    /// "active", "hiatus" or "disbanded".
    public var status: String?
    /// Tells apart bands that share a name.
    public var disambiguation: String?
    /// When the row was created (ISO 8601 text).
    public var createdAt: String
    /// When the row last changed (ISO 8601 text).
    public var updatedAt: String
    /// The genres in position order.
    public var genres: [GenreLink]
}

extension BandPayload: RowDecodable {
    static let select = """
        SELECT uuid, name, sort_name, name_key, sort_key, country, formed_year, ended_year, status, disambiguation,
            created_at, updated_at
        FROM bands WHERE uuid = ?
        """

    /// Reads the columns of `select`; the genres are read apart.
    public init(row: Row) throws {
        uuid = try row.value(at: 0)
        name = try row.value(at: 1)
        sortName = try row.value(at: 2)
        nameKey = try row.value(at: 3)
        sortKey = try row.value(at: 4)
        country = row[5]
        formedYear = row[6]
        endedYear = row[7]
        status = row[8]
        disambiguation = row[9]
        createdAt = try row.value(at: 10)
        updatedAt = try row.value(at: 11)
        genres = []
    }
}
