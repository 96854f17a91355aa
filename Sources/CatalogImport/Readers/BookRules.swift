import Catalog

/// The book-specific choices a CSV profile makes beyond its column mapping.
struct BookRules: Sendable, Hashable {
    /// How the `authors` cell is credited.
    var authors: AuthorsColumnRule = .allAuthors
    /// What an invalid ISBN does to its row.
    var invalidISBN: InvalidValuePolicy = .rejectRow

    /// Generic CSV: all authors, invalid ISBNs reject the row.
    static let generic = BookRules()
}
