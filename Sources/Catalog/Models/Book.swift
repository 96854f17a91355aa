public import Foundation
package import SQLInterface
public import SQLiteDB

/// A book of the catalog.
public struct Book: Sendable, Codable, Hashable, Identifiable {
    /// The row id: stable in this database only. Refer to a book from outside by ``uuid``.
    public var id: Int64
    /// The public identity of the book, the same in every copy of the database.
    public var uuid: UUID
    /// The title as printed: "The Hobbit".
    public var title: String
    /// The title as sorted: "Hobbit, The".
    public var sortTitle: String
    /// The 13-digit ISBN, when the book has one.
    public var isbn13: String?
    /// The year of first publication; negative for BCE.
    public var year: Int?
    /// The page count.
    public var pages: Int?
    /// A BCP 47 language tag, such as "en".
    public var language: String?
    /// A short description.
    public var summary: String?
    /// When the row was created.
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date
}

extension Book: TableRecord {
    static var table: EntityTable { CatalogTables.books }

    /// Reads a row of the books table's model columns, at the positions its description gives them, on either
    /// database.
    package init(columns: some SQLColumns) throws {
        let row = EntityRow(columns, of: Self.table)
        self.init(
            id: try row.id, uuid: try row.uuid, title: try row.requiredString("title"),
            sortTitle: try row.requiredString("sort_title"), isbn13: row.string("isbn13"), year: row.int("year"),
            pages: row.int("pages"), language: row.string("language"), summary: row.string("summary"),
            createdAt: try row.createdAt, updatedAt: try row.updatedAt)
    }

    /// Reads a row of the table's model columns, by index.
    public init(row: Row) throws {
        try self.init(columns: row)
    }
}

/// What a caller gives to create or change a ``Book``.
public struct BookDraft: Sendable, Codable, Hashable {
    /// The title as printed; must not be empty.
    public var title: String
    /// The sort title, or `nil` to derive it from the title ("The Hobbit" → "Hobbit, The").
    public var sortTitle: String?
    /// The ISBN-13 (hyphens and spaces are removed), or `nil`.
    public var isbn13: String?
    /// The year of first publication, -9999…9999; negative for BCE.
    public var year: Int?
    /// The page count, more than 0.
    public var pages: Int?
    /// A BCP 47 language tag.
    public var language: String?
    /// A short description.
    public var summary: String?
    /// The uuid to give a new book, or `nil` for a random one. Ignored by updates: a uuid never changes.
    public var uuid: UUID?

    /// Creates a draft.
    public init(
        title: String, sortTitle: String? = nil, isbn13: String? = nil, year: Int? = nil, pages: Int? = nil,
        language: String? = nil, summary: String? = nil, uuid: UUID? = nil
    ) {
        self.title = title
        self.sortTitle = sortTitle
        self.isbn13 = isbn13
        self.year = year
        self.pages = pages
        self.language = language
        self.summary = summary
        self.uuid = uuid
    }
}
