public import Catalog
public import Foundation
public import Navigation

/// The catalog's navigation vocabulary: every place the library's split view can show.
///
/// Sections are sidebar rows; entities are referenced by their public uuid, never a rowid, so saved
/// state survives export and sync to another database. The string form is stable:
///
/// | route | string form | columns |
/// |---|---|---|
/// | `.books`, `.authors`, `.genres`, `.bands` | `books`, `authors`, `genres`, `bands` | 3 |
/// | `.search(text)` | `search/<text>` | 3 |
/// | `.settings`, `.about` | `settings`, `about` | 2 |
/// | `.book(id)` … `.band(id)` | `book/<uuid>`, `author/<uuid>`, `genre/<uuid>`, `band/<uuid>` | 3 (a genre in the sidebar) |
///
/// What may appear under what: a section lists its kind in the content column (authors → author …); a
/// search lists any entity; a genre in the sidebar (a sidebar that lists genres) lists its bands and
/// books. From a book's detail you can push its authors and genres, from an author their books and
/// co-authors, from a band its genres, from a genre its bands and books.
public enum LibraryRoute: NavigationRoute, Codable {
    case books
    case authors
    case genres
    case bands
    case search(String)
    case settings
    case about
    case book(UUID)
    case author(UUID)
    case genre(UUID)
    case band(UUID)

    /// The sidebar sections, in display order.
    public static let sections: [LibraryRoute] = [.books, .authors, .genres, .bands, .settings, .about]

    public init?(path: String) {
        let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard parts.count == 2 else {
            switch name {
            case "books": self = .books
            case "authors": self = .authors
            case "genres": self = .genres
            case "bands": self = .bands
            case "settings": self = .settings
            case "about": self = .about
            default: return nil
            }
            return
        }
        let argument = String(parts[1])
        if name == "search" {
            self = .search(argument)
            return
        }
        guard let kind = EntityKind(rawValue: name), let uuid = UUID(uuidString: argument) else { return nil }
        self.init(kind: kind, uuid: uuid)
    }

    /// The route of a catalog entity.
    public init(kind: EntityKind, uuid: UUID) {
        switch kind {
        case .book: self = .book(uuid)
        case .author: self = .author(uuid)
        case .genre: self = .genre(uuid)
        case .band: self = .band(uuid)
        }
    }

    public var path: String {
        switch self {
        case .books: "books"
        case .authors: "authors"
        case .genres: "genres"
        case .bands: "bands"
        case .search(let text): "search/\(text)"
        case .settings: "settings"
        case .about: "about"
        case .book(let uuid): "book/\(uuid.uuidString.lowercased())"
        case .author(let uuid): "author/\(uuid.uuidString.lowercased())"
        case .genre(let uuid): "genre/\(uuid.uuidString.lowercased())"
        case .band(let uuid): "band/\(uuid.uuidString.lowercased())"
        }
    }

    /// The catalog entity the route shows, or `nil` for a section.
    public var entity: (kind: EntityKind, uuid: UUID)? {
        switch self {
        case .book(let uuid): (.book, uuid)
        case .author(let uuid): (.author, uuid)
        case .genre(let uuid): (.genre, uuid)
        case .band(let uuid): (.band, uuid)
        default: nil
        }
    }

    public var layout: SplitViewLayout {
        switch self {
        case .settings, .about: .twoColumns
        default: .threeColumns
        }
    }

    public var isSidebarItem: Bool {
        switch self {
        case .books, .authors, .genres, .bands, .search, .settings, .about, .genre: true
        case .book, .author, .band: false
        }
    }

    /// The sections and a search are lists, which only the content column shows.
    public var isDetail: Bool {
        switch self {
        case .books, .authors, .genres, .bands, .search: false
        case .settings, .about, .book, .author, .genre, .band: true
        }
    }

    public func allowsContent(_ child: LibraryRoute) -> Bool {
        switch (self, child) {
        case (.books, .book), (.authors, .author), (.genres, .genre), (.bands, .band): true
        case (.search, _): child.entity != nil
        case (.genre, .band), (.genre, .book): true
        default: false
        }
    }

    public func allowsPush(_ next: LibraryRoute) -> Bool {
        switch (self, next) {
        case (.book, .author), (.book, .genre): true
        case (.author, .book), (.author, .author): true
        case (.band, .genre): true
        case (.genre, .band), (.genre, .book): true
        default: false
        }
    }

    public var displayName: String {
        switch self {
        case .books: "Books"
        case .authors: "Authors"
        case .genres: "Genres"
        case .bands: "Bands"
        case .search(let text): "Search “\(text)”"
        case .settings: "Settings"
        case .about: "About"
        case .book: "Book"
        case .author: "Author"
        case .genre: "Genre"
        case .band: "Band"
        }
    }

    public var iconName: String {
        switch self {
        case .books: "books.vertical"
        case .authors: "person.2"
        case .genres: "tag"
        case .bands: "music.mic"
        case .search: "magnifyingglass"
        case .settings: "gear"
        case .about: "info.circle"
        case .book: "book"
        case .author: "person"
        case .genre: "tag"
        case .band: "music.note"
        }
    }

    public init(from decoder: any Decoder) throws {
        let path = try decoder.singleValueContainer().decode(String.self)
        guard let route = LibraryRoute(path: path) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(path)' names no library route"))
        }
        self = route
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }
}
