/// The book-specific choices a CSV profile makes beyond its column mapping.
struct BookRules: Sendable, Hashable {
    /// How the `authors` cell is credited.
    var authors: AuthorsColumnRule = .allAuthors
    /// Whether a "(Series, #n)" title suffix moves to ``ImportedBook/series``.
    var extractsSeriesSuffix = false
    /// What an invalid ISBN does to its row.
    var invalidISBN: InvalidValuePolicy = .rejectRow

    /// Generic CSV: all authors, titles as written, invalid ISBNs reject the row.
    static let generic = BookRules()
}
