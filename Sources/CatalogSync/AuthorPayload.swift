import Catalog
public import SQLiteDB

/// An author as the change feed carries it: every stored column but the row id.
public struct AuthorPayload: Sendable, Codable, Hashable {
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
    /// Tells apart people who share a name.
    public var disambiguation: String?
    /// When the row was created (ISO 8601 text).
    public var createdAt: String
    /// When the row last changed (ISO 8601 text).
    public var updatedAt: String
}

extension AuthorPayload: RowDecodable {
    static let select = """
        SELECT uuid, name, sort_name, name_key, sort_key, disambiguation, created_at, updated_at
        FROM authors WHERE uuid = ?
        """

    /// Reads the columns of `select`.
    public init(row: Row) throws {
        uuid = try row.value(at: 0)
        name = try row.value(at: 1)
        sortName = try row.value(at: 2)
        nameKey = try row.value(at: 3)
        sortKey = try row.value(at: 4)
        disambiguation = row[5]
        createdAt = try row.value(at: 6)
        updatedAt = try row.value(at: 7)
    }
}
