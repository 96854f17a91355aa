package import Catalog
package import Foundation

/// The entity a browsing list is scoped to: books of an author or genre, authors of a book or co-authors of an
/// author, genres of a band, bands of a genre.
package enum ListFilter: Sendable, Hashable {
    case author(UUID)
    case genre(UUID)
    case book(UUID)
    case band(UUID)

    /// The filter names, as list parameters spell them.
    package static let names = ["author", "genre", "book", "band"]

    /// The filters each kind of list takes.
    package static let allowed: [EntityKind: [String]] = [
        .book: ["author", "genre"], .author: ["book", "author"], .genre: ["band"], .band: ["genre"],
    ]

    /// The filter called `name` on `uuid`, or `nil` for a name that is not one.
    package init?(name: String, uuid: UUID) {
        switch name {
        case "author": self = .author(uuid)
        case "genre": self = .genre(uuid)
        case "book": self = .book(uuid)
        case "band": self = .band(uuid)
        default: return nil
        }
    }

    /// The filter's name.
    package var name: String {
        switch self {
        case .author: "author"
        case .genre: "genre"
        case .book: "book"
        case .band: "band"
        }
    }

    /// Whether a list of `kind` can be scoped by this filter.
    package func applies(to kind: EntityKind) -> Bool {
        Self.allowed[kind]?.contains(name) == true
    }
}
