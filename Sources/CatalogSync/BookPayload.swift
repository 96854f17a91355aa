import Catalog
public import SQLiteDB

/// A book as the change feed carries it: every stored column but the row id, and its links by uuid.
///
/// Timestamps and sort keys are the stored text, so a client copy holds exactly what the server holds.
public struct BookPayload: Sendable, Codable, Hashable {
    /// The uuid, lowercase.
    public var uuid: String
    /// The title as printed.
    public var title: String
    /// The title as sorted.
    public var sortTitle: String
    /// The folded sort title the lists order by.
    public var sortKey: String
    /// The 13-digit ISBN.
    public var isbn13: String?
    /// The year of first publication.
    public var year: Int?
    /// The page count.
    public var pages: Int?
    /// A BCP 47 language tag.
    public var language: String?
    /// A short description.
    public var summary: String?
    /// When the row was created (ISO 8601 text).
    public var createdAt: String
    /// When the row last changed (ISO 8601 text).
    public var updatedAt: String
    /// The credits in credited order.
    public var authors: [CreditLink]
    /// The genres in order.
    public var genres: [GenreLink]
}

extension BookPayload: RowDecodable {
    static let select = """
        SELECT uuid, title, sort_title, sort_key, isbn13, year, pages, language, summary, created_at, updated_at
        FROM books WHERE uuid = ?
        """

    /// Reads the columns of `select`; the links are read apart.
    public init(row: Row) throws {
        uuid = try row.value(at: 0)
        title = try row.value(at: 1)
        sortTitle = try row.value(at: 2)
        sortKey = try row.value(at: 3)
        isbn13 = row[4]
        year = row[5]
        pages = row[6]
        language = row[7]
        summary = row[8]
        createdAt = try row.value(at: 9)
        updatedAt = try row.value(at: 10)
        authors = []
        genres = []
    }
}
