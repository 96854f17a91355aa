import Catalog
public import SQLiteDB

/// A genre as the change feed carries it: every stored column but the row id, the parent by uuid.
public struct GenrePayload: Sendable, Codable, Hashable {
    /// The uuid, lowercase.
    public var uuid: String
    /// The name.
    public var name: String
    /// The folded name, unique in a catalog.
    public var nameKey: String
    /// The broader genre's uuid.
    public var parent: String?
    /// When the row was created (ISO 8601 text).
    public var createdAt: String
    /// When the row last changed (ISO 8601 text).
    public var updatedAt: String
}

extension GenrePayload: RowDecodable {
    static let select = """
        SELECT g.uuid, g.name, g.name_key, p.uuid, g.created_at, g.updated_at
        FROM genres g LEFT JOIN genres p ON p.id = g.parent_id WHERE g.uuid = ?
        """

    /// Reads the columns of `select`.
    public init(row: Row) throws {
        uuid = try row.value(at: 0)
        name = try row.value(at: 1)
        nameKey = try row.value(at: 2)
        parent = row[3]
        createdAt = try row.value(at: 4)
        updatedAt = try row.value(at: 5)
    }
}
