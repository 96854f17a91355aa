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

    /// Every built-in profile.
    static let all: [CSVProfile] = [.goodbooks]

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
