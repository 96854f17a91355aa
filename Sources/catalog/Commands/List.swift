import Catalog
import CommandLineKit
import Foundation
import SQLiteDB

/// `catalog list KIND [--author|--genre|--book|--band UUID]`: one page of a browsing list.
enum ListCommand {
    static let command = Command(
        name: "list",
        abstract: "List books, authors, genres or bands, one page at a time.",
        discussion: """
            Lists: books (by title), books --author (by year, then title), books --genre, authors (by sort \
            name), authors --book (credits in order, with roles), authors --author (co-authors), genres (by \
            name), genres --band, bands (by sort name), bands --genre. Pass the printed cursor to --after for \
            the next page.
            """,
        options: [
            .value("author", valueName: "UUID", help: "Books of this author, or (with authors) their co-authors."),
            .value("genre", valueName: "UUID", help: "Books or bands of this genre."),
            .value("book", valueName: "UUID", help: "Authors credited on this book."),
            .value("band", valueName: "UUID", help: "Genres of this band."),
            .value("limit", valueName: "N", help: "Items per page, 1–1000 (default 50)."),
            .value("after", valueName: "CURSOR", help: "Continue after this cursor from a previous page."),
            .flag("json", help: "Print the page as JSON."),
        ],
        arguments: [Argument("KIND", help: "books, authors, genres or bands.")],
        run: run
    )

    /// One page, rendered both ways.
    struct Listing {
        var items: [JSONValue]
        var lines: [String]
        var next: PageCursor?
        var total: Int
    }

    /// The entity a list is scoped to.
    enum Filter {
        case author(UUID)
        case genre(UUID)
        case book(UUID)
        case band(UUID)

        static let names = ["author", "genre", "book", "band"]

        var name: String {
            switch self {
            case .author: "author"
            case .genre: "genre"
            case .book: "book"
            case .band: "band"
            }
        }

        static func from(_ invocation: Invocation) throws -> Filter? {
            let given = names.filter { invocation.value($0) != nil }
            guard given.count <= 1 else {
                throw UsageError(
                    "give at most one of --author, --genre, --book, --band", commandPath: invocation.commandPath)
            }
            guard let name = given.first, let text = invocation.value(name) else { return nil }
            let uuid = try EntityArguments.uuid(text, for: "--\(name)", invocation: invocation)
            switch name {
            case "author": return .author(uuid)
            case "genre": return .genre(uuid)
            case "book": return .book(uuid)
            default: return .band(uuid)
            }
        }
    }

    static let allowedFilters: [EntityKind: Set<String>] = [
        .book: ["author", "genre"], .author: ["book", "author"], .genre: ["band"], .band: ["genre"],
    ]

    /// Where a page starts and how long it is.
    struct Paging {
        let after: PageCursor?
        let limit: Int
    }

    static func run(_ invocation: Invocation) throws {
        let kind = try EntityArguments.kind(invocation.positional(0) ?? "", invocation: invocation)
        let filter = try Filter.from(invocation)
        if let filter, allowedFilters[kind]?.contains(filter.name) != true {
            throw UsageError(
                "'list \(kind.rawValue)s' does not take --\(filter.name)",
                hint: "books take --author or --genre; authors --book or --author; genres --band; bands --genre",
                commandPath: invocation.commandPath)
        }
        let limit = try invocation.integer("limit", in: 1...Page<Book>.maximumLimit) ?? 50
        let page = Paging(after: invocation.value("after").map(PageCursor.init), limit: limit)
        let catalog = LibraryCatalog(try GlobalOptions.openDatabase(invocation))
        // One read transaction: the page and its total from the same state, while other processes write.
        let listed: Listing?
        do {
            listed = try catalog.db.transaction { try list(kind, filter: filter, page: page, in: catalog) }
        } catch CatalogError.invalidCursor(let reason) {
            // A cursor only comes from the command line: one mistyped, cut or from another list is a usage error.
            throw UsageError(
                "--after: invalid cursor: \(reason)",
                hint: "pass the 'next:' cursor that 'catalog list' printed for the same list, or leave --after out "
                    + "to start at the beginning", commandPath: invocation.commandPath)
        }
        guard let listing = listed else { return }
        if invocation.flag("json") {
            try Output.writeJSON(
                ["items": .array(listing.items), "next": .string(listing.next?.rawValue), "total": .int(listing.total)]
                    as JSONValue)
        } else {
            Output.write(text(listing, kind: kind))
        }
    }

    /// The page `kind` and `filter` name, or `nil` when the filter does not apply to the kind.
    static func list(_ kind: EntityKind, filter: Filter?, page: Paging, in catalog: LibraryCatalog) throws
        -> Listing?
    {
        let (after, limit) = (page.after, page.limit)
        switch (kind, filter) {
        case (.book, nil):
            return books(try catalog.books.page(after: after, limit: limit), try catalog.books.count())
        case (.book, .author(let uuid)?):
            let author = try catalog.authors.get(uuid: uuid)
            return books(
                try catalog.books.page(byAuthor: author.id, after: after, limit: limit),
                try catalog.books.count(byAuthor: author.id))
        case (.book, .genre(let uuid)?):
            let genre = try catalog.genres.get(uuid: uuid)
            return books(
                try catalog.books.page(inGenre: genre.id, after: after, limit: limit),
                try catalog.books.count(inGenre: genre.id))
        case (.author, nil):
            return authors(try catalog.authors.page(after: after, limit: limit), try catalog.authors.count())
        case (.author, .book(let uuid)?):
            let book = try catalog.books.get(uuid: uuid)
            let credits = try catalog.books.credits(of: book.id, after: after, limit: limit)
            return Listing(
                items: credits.items.map(CatalogJSON.credit),
                lines: credits.items.map { line($0.author.uuid, "\($0.author.name) (\($0.role.rawValue))") },
                next: credits.next, total: try catalog.books.creditCount(of: book.id))
        case (.author, .author(let uuid)?):
            let author = try catalog.authors.get(uuid: uuid)
            return authors(
                try catalog.authors.page(coauthorsOf: author.id, after: after, limit: limit),
                try catalog.authors.count(coauthorsOf: author.id))
        case (.genre, nil):
            return genres(try catalog.genres.page(after: after, limit: limit), try catalog.genres.count())
        case (.genre, .band(let uuid)?):
            let band = try catalog.bands.get(uuid: uuid)
            return genres(
                try catalog.genres.page(ofBand: band.id, after: after, limit: limit),
                try catalog.genres.count(ofBand: band.id))
        case (.band, nil):
            return bands(try catalog.bands.page(after: after, limit: limit), try catalog.bands.count())
        case (.band, .genre(let uuid)?):
            let genre = try catalog.genres.get(uuid: uuid)
            return bands(
                try catalog.bands.page(inGenre: genre.id, after: after, limit: limit),
                try catalog.bands.count(inGenre: genre.id))
        default:
            return nil
        }
    }

    static func books(_ page: Page<Book>, _ total: Int) -> Listing {
        Listing(
            items: page.items.map(CatalogJSON.book),
            lines: page.items.map { line($0.uuid, $0.title + ($0.year.map { " (\($0))" } ?? "")) },
            next: page.next, total: total)
    }

    static func authors(_ page: Page<Author>, _ total: Int) -> Listing {
        Listing(
            items: page.items.map(CatalogJSON.author), lines: page.items.map { line($0.uuid, $0.sortName) },
            next: page.next, total: total)
    }

    static func genres(_ page: Page<Genre>, _ total: Int) -> Listing {
        Listing(
            items: page.items.map(CatalogJSON.genre), lines: page.items.map { line($0.uuid, $0.name) },
            next: page.next, total: total)
    }

    static func bands(_ page: Page<Band>, _ total: Int) -> Listing {
        Listing(
            items: page.items.map(CatalogJSON.band),
            lines: page.items.map { band in
                let details = [band.disambiguation, band.country].compactMap { $0 }.joined(separator: ", ")
                return line(band.uuid, band.sortName + (details.isEmpty ? "" : " (\(details))"))
            },
            next: page.next, total: total)
    }

    static func line(_ uuid: UUID, _ text: String) -> String {
        "\(uuid.uuidString.lowercased())  \(text)"
    }

    static func text(_ listing: Listing, kind: EntityKind) -> String {
        var text = "\(listing.total) \(kind.rawValue)\(listing.total == 1 ? "" : "s")\n"
        text += listing.lines.map { $0 + "\n" }.joined()
        if let next = listing.next {
            text += "next: \(next.rawValue)\n"
        }
        return text
    }
}
