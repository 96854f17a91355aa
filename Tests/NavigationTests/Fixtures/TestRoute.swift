import Foundation
import Navigation

/// A split-view app's vocabulary in miniature: library sections and entities, plus two-column sidebar
/// rows (zodiac symbols) and a detail that no list shows, only a toolbar button (cats).
enum TestRoute: NavigationRoute {
    case books, authors, genres, bands, settings, about
    case book(Int)
    case author(Int)
    case genre(Int)
    case band(Int)
    case symbol(String)
    case cats

    init?(path: String) {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count) {
        case ("books", 1): self = .books
        case ("authors", 1): self = .authors
        case ("genres", 1): self = .genres
        case ("bands", 1): self = .bands
        case ("settings", 1): self = .settings
        case ("about", 1): self = .about
        case ("cats", 1): self = .cats
        case ("symbol", 2): self = .symbol(parts[1])
        case (let kind?, 2):
            guard let id = Int(parts[1]) else { return nil }
            switch kind {
            case "book": self = .book(id)
            case "author": self = .author(id)
            case "genre": self = .genre(id)
            case "band": self = .band(id)
            default: return nil
            }
        default: return nil
        }
    }

    var path: String {
        switch self {
        case .books: "books"
        case .authors: "authors"
        case .genres: "genres"
        case .bands: "bands"
        case .settings: "settings"
        case .about: "about"
        case .cats: "cats"
        case .symbol(let name): "symbol/\(name)"
        case .book(let id): "book/\(id)"
        case .author(let id): "author/\(id)"
        case .genre(let id): "genre/\(id)"
        case .band(let id): "band/\(id)"
        }
    }

    var layout: SplitViewLayout {
        switch self {
        case .settings, .about, .symbol, .cats: .twoColumns
        default: .threeColumns
        }
    }

    var displayName: String { path.split(separator: "/").first.map { $0.capitalized } ?? path }
    var iconName: String { "circle" }

    var isSidebarItem: Bool {
        switch self {
        case .books, .authors, .genres, .bands, .settings, .about, .genre, .symbol: true
        case .book, .author, .band, .cats: false
        }
    }

    var isDetail: Bool {
        switch self {
        case .books, .authors, .genres, .bands: false
        default: true
        }
    }

    func allowsContent(_ child: TestRoute) -> Bool {
        switch (self, child) {
        case (.books, .book), (.authors, .author), (.genres, .genre), (.bands, .band), (.genre, .band): true
        default: false
        }
    }

    func allowsPush(_ next: TestRoute) -> Bool {
        switch (self, next) {
        case (.book, .author), (.book, .genre), (.author, .book), (.band, .genre), (.genre, .band), (.genre, .book):
            true
        default: false
        }
    }

    /// The entity id, for the deleted-entity validator.
    var entity: String? {
        switch self {
        case .book, .author, .genre, .band: path
        default: nil
        }
    }
}

/// A catalog of entities that tests delete from: routes to deleted entities no longer exist.
/// Its links are every pair but the ones in `unlinked` (origin first).
final class FakeCatalog: RouteValidator {
    var deleted: Set<String> = []
    var unlinked: Set<[TestRoute]> = []
    var checks = 0

    func exists(_ route: TestRoute) throws -> Bool {
        checks += 1
        return route.entity.map { !deleted.contains($0) } ?? true
    }

    func isLinked(_ route: TestRoute, from origin: TestRoute) throws -> Bool {
        checks += 1
        return !unlinked.contains([origin, route])
    }
}
