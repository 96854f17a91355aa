import Catalog
public import SQLiteDB

/// One credit of a book in a change payload: the author by uuid, the role and the credited position.
public struct CreditLink: Sendable, Codable, Hashable {
    /// The author's uuid, lowercase.
    public var author: String
    /// The role: "author", "translator" …
    public var role: String
    /// The place in the book's credits, from 0.
    public var position: Int

    /// Creates a credit link.
    public init(author: String, role: String, position: Int) {
        self.author = author
        self.role = role
        self.position = position
    }
}

extension CreditLink: RowDecodable {
    /// Reads the author's uuid, the role and the position.
    public init(row: Row) throws {
        author = try row.value(at: 0)
        role = try row.value(at: 1)
        position = try row.value(at: 2)
    }
}
