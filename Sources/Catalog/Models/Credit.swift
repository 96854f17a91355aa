package import SQLInterface
public import SQLiteDB

/// An author credited on a book, with the role and the credited position (0 first).
public struct Credit: Sendable, Codable, Hashable {
    /// The person.
    public var author: Author
    /// What they did on the book.
    public var role: ContributorRole
    /// The place in the book's credits, from 0.
    public var position: Int
}

extension Credit: SelectableRecord {
    /// An author's columns, then the credit's role and position (`book_authors`, alias `ba`).
    static let selection = "\(CatalogTables.authors.selection), ba.role, ba.position"
    package static let columnCount = Author.columnCount + 2

    /// Reads the columns of `selection`: an ``Author``'s, then the role and the position.
    public init(row: Row) throws {
        try self.init(columns: row)
    }

    /// Reads the columns of `selection` from a row of either database.
    package init(columns row: some SQLColumns) throws {
        let role = Author.columnCount
        self.init(
            author: try Author(columns: row), role: ContributorRole(rawValue: try row.requiredString(at: role)),
            position: try row.required(row.int(at: role + 1), at: role + 1))
    }
}

/// A credit to set on a book: which author, in which role. Position comes from the order of the list.
public struct BookCredit: Sendable, Codable, Hashable {
    /// The row id of the author.
    public var authorID: Int64
    /// What they did on the book.
    public var role: ContributorRole

    /// Creates a credit to set.
    public init(authorID: Int64, role: ContributorRole = .author) {
        self.authorID = authorID
        self.role = role
    }
}
