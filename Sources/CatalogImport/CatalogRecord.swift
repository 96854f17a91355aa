import Catalog

/// One record of an import source, whatever the file format.
public enum CatalogRecord: Sendable, Hashable {
    /// A person, credited on books or not.
    case author(AuthorRecord)
    /// A genre.
    case genre(GenreRecord)
    /// A book with its credits and genres.
    case book(BookRecord)
    /// A band with its genres.
    case band(BandRecord)

    /// How a report names the record: `book 'hobbit' (The Hobbit)`.
    public var label: String {
        switch self {
        case .author(let author): Self.label("author", author.key, author.name)
        case .genre(let genre): Self.label("genre", genre.key, genre.name)
        case .book(let book): Self.label("book", book.key, book.title)
        case .band(let band): Self.label("band", band.key, band.name)
        }
    }

    private static func label(_ kind: String, _ key: String?, _ name: String) -> String {
        guard let key else { return "\(kind) '\(name)'" }
        return "\(kind) '\(key)' (\(name))"
    }
}
