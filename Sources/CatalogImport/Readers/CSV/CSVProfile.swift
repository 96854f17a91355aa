import Catalog

/// A built-in column mapping for a well-known CSV file (`--profile NAME`).
///
/// A profile supplies defaults; `--map` and `--split` given by the user still win.
struct CSVProfile: Sendable, Hashable {
    /// The name given to `--profile`.
    let name: String
    /// What the file holds.
    let entity: ImportEntity
    /// Field → column header.
    let columns: [String: String]
    /// Field → separator of multi-valued cells.
    let separators: [String: String]
    /// Field → the column read where the cell of the field's column is missing.
    var fallbackColumns: [String: String] = [:]
    /// Book rules (ignored for bands).
    let bookRules: BookRules

    /// goodbooks-10k `books.csv` (github.com/zygmuntz/goodbooks-10k).
    ///
    /// - `goodreads_book_id` is the source key.
    /// - `authors` is comma-separated; the first name is the author, the rest are contributors.
    /// - `isbn` is an ISBN-10 that lost its leading zeros: padded, checksum-verified, converted to
    ///   ISBN-13. The `isbn13` column (scientific notation, digits lost) is ignored. The file has 23
    ///   ISBNs whose checksum fails; those books import without an ISBN and with a warning, since the
    ///   rest of the row is good and the data set is meant to load whole.
    /// - `original_publication_year` (a float string, negative for BCE) is the year.
    /// - `language_code` is the language.
    /// - A "(Series, #n)" title suffix stays part of the title, as Goodreads prints it: the catalog has no
    ///   series field, so cutting it off would lose the series and the volume number, and it keeps volumes
    ///   apart in lists and search ("The Hunger Games (The Hunger Games, #1)").
    static let goodbooks = CSVProfile(
        name: "goodbooks",
        entity: .books,
        columns: [
            "title": "title", "authors": "authors", "isbn": "isbn", "year": "original_publication_year",
            "language": "language_code", "source_key": "goodreads_book_id",
        ],
        separators: ["authors": ","],
        bookRules: BookRules(
            authors: .firstAuthorThenContributors, invalidISBN: .dropWithWarning)
    )

    /// Goodreads' "Export Library" CSV (My Books → Import and export).
    ///
    /// - `Book Id` is the source key.
    /// - `Author` is the author, `Additional Authors` (`, `-separated, roles not given) are contributors.
    /// - `ISBN13`, else `ISBN` (both written as spreadsheet text, `="0439023483"`), checksum verified; a failing
    ///   one is left out with a warning.
    /// - `Original Publication Year`, else `Year Published` (the edition's), is the year.
    /// - `Number of Pages` is the page count.
    /// - `Bookshelves` (`, `-separated) are genres, without the reading-status shelves `to-read`,
    ///   `currently-reading` and `read`.
    /// - The reader's own columns (ratings, dates, review, notes, read count, owned copies, `Exclusive Shelf`) and
    ///   `Author l-f`, `Publisher`, `Binding`, `Average Rating` are not read. A "(Series, #n)" title suffix stays.
    static let goodreadsExport = CSVProfile(
        name: "goodreads-export",
        entity: .books,
        columns: [
            "title": "Title", "authors": "Author", "contributors": "Additional Authors", "isbn": "ISBN13",
            "year": "Original Publication Year", "pages": "Number of Pages", "genres": "Bookshelves",
            "source_key": "Book Id",
        ],
        separators: ["authors": "", "contributors": ",", "genres": ","],
        fallbackColumns: ["isbn": "ISBN", "year": "Year Published"],
        bookRules: BookRules(
            invalidISBN: .dropWithWarning, readsSpreadsheetText: true, ignoredGenres: Self.readingStatusShelves)
    )

    /// The StoryGraph export CSV (Manage Account → Export StoryGraph Library).
    ///
    /// - `ISBN/UID` is the source key, and the ISBN when it is one (checksum verified, a failing one left out with
    ///   a warning); a UID that is not an ISBN (an ASIN such as `B08ZYQT962`) is a key only.
    /// - `Authors` (`, `-separated) are authors; `Contributors` (`, `-separated, `Name (Role)`) are credited in
    ///   their role (`narrator`, `translator`, …), `contributor` when none is given.
    /// - `Tags` (`, `-separated) are genres.
    /// - `Format`, `Read Status`, dates, `Read Count`, `Moods`, `Pace`, the character questions, `Star Rating`,
    ///   `Review`, content warnings and `Owned?` are the reader's own and are not read. The export has no year,
    ///   page count or language.
    static let storygraph = CSVProfile(
        name: "storygraph",
        entity: .books,
        columns: [
            "title": "Title", "authors": "Authors", "contributors": "Contributors", "isbn": "ISBN/UID",
            "genres": "Tags", "source_key": "ISBN/UID",
        ],
        separators: ["authors": ",", "contributors": ",", "genres": ","],
        bookRules: BookRules(invalidISBN: .dropWithWarning, isbnMayBeOtherIdentifier: true, rolesInParentheses: true)
    )

    /// Goodreads' exclusive shelves, which say where the reader is with a book rather than what it is.
    static let readingStatusShelves: Set<String> = ["to-read", "currently-reading", "read"]

    /// Every built-in profile.
    static let all: [CSVProfile] = [.goodbooks, .goodreadsExport, .storygraph]

    /// Looks a profile up by name (case-insensitive).
    ///
    /// - Parameter name: The `--profile` argument.
    /// - Returns: The profile.
    /// - Throws: ``ReaderError/unknownProfile(name:profiles:)``.
    static func named(_ name: String) throws(ReaderError) -> CSVProfile {
        guard let profile = all.first(where: { $0.name == name.lowercased() }) else {
            throw .unknownProfile(name: name, profiles: all.map(\.name))
        }
        return profile
    }
}
