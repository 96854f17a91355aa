import Catalog

/// The book-specific choices a CSV profile makes beyond its column mapping.
struct BookRules: Sendable, Hashable {
    /// How the `authors` cell is credited.
    var authors: AuthorsColumnRule = .allAuthors
    /// What an invalid ISBN does to its row.
    var invalidISBN: InvalidValuePolicy = .rejectRow
    /// Cells may be written as spreadsheet text, `="0439023483"`, which keeps a spreadsheet from reading digits as
    /// a number; the text between the quotes is the value.
    var readsSpreadsheetText = false
    /// The ISBN column also holds other identifiers (an ASIN): a value with letters other than a final `X` is not
    /// an ISBN and is skipped without a warning.
    var isbnMayBeOtherIdentifier = false
    /// Contributors are written `Name (Role)`: the role is read from the parentheses.
    var rolesInParentheses = false
    /// Genre values that are not genres (compared ignoring case), left out.
    var ignoredGenres: Set<String> = []

    /// Generic CSV: all authors, invalid ISBNs reject the row.
    static let generic = BookRules()
}
