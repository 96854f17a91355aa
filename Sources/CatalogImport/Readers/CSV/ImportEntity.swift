import Catalog

/// What a CSV file holds, and the fields its columns can map to (`--entity books|bands`).
public enum ImportEntity: String, Sendable, CaseIterable, Hashable, Codable {
    /// Books: one row per book.
    case books
    /// Bands: one row per band.
    case bands

    /// The field names, in documentation order.
    public var fields: [String] {
        switch self {
        case .books:
            return [
                "title", "authors", "contributors", "genres", "isbn", "year", "pages", "language", "summary",
                "source_key",
            ]
        case .bands:
            return ["name", "country", "formed_year", "ended_year", "status", "genres", "aliases", "source_key"]
        }
    }

    /// The field every row needs; its column must exist.
    var requiredField: String {
        switch self {
        case .books: return "title"
        case .bands: return "name"
        }
    }

    /// The fields whose cells hold several values.
    var multiValuedFields: Set<String> {
        switch self {
        case .books: return ["authors", "contributors", "genres"]
        case .bands: return ["genres", "aliases"]
        }
    }

    /// The separator of multi-valued cells when `--split` does not give one: `|`.
    ///
    /// A vertical bar almost never occurs in a name or a genre, unlike `,` ("Tolkien, J. R. R.",
    /// "Crosby, Stills & Nash") or `;`. One default for every field keeps it easy to remember.
    static let defaultSeparator = "|"
}
