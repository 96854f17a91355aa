import Catalog
import Foundation

/// Where the rows of a paged list come from: one keyset-paginated catalog list, or the search.
enum ColumnSource: Hashable {
    case books
    case authors
    case genres
    case bands
    case bandsInGenre(Int64)
    case booksInGenre(Int64)
    case booksByAuthor(Int64)
    case coauthors(Int64)
    case genresOfBand(Int64)
    case credits(bookID: Int64)
    case genresOfBook(Int64)
    case search(String)

    /// The source of `list`, whose scope entity (if any) has the row id `scopeID`; `nil` for a list no catalog list
    /// reads.
    init?(_ list: ScreenList, scopeID: Int64?) {
        switch (list, scopeID) {
        case (.all(.book), _): self = .books
        case (.all(.author), _): self = .authors
        case (.all(.genre), _): self = .genres
        case (.all(.band), _): self = .bands
        case (.search(let text), _): self = .search(text)
        case (.linked(.band, .genre, _), let id?): self = .bandsInGenre(id)
        case (.linked(.book, .genre, _), let id?): self = .booksInGenre(id)
        case (.linked(.book, .author, _), let id?): self = .booksByAuthor(id)
        case (.linked(.author, .author, _), let id?): self = .coauthors(id)
        case (.linked(.author, .book, _), let id?): self = .credits(bookID: id)
        case (.linked(.genre, .book, _), let id?): self = .genresOfBook(id)
        case (.linked(.genre, .band, _), let id?): self = .genresOfBand(id)
        case (.linked, _): return nil
        }
    }

    /// How many rows the whole list has, or `nil` when it is not counted: a search's hits, a book's few genres.
    func count(in catalog: any BrowsableCatalog) throws -> Int? {
        switch self {
        case .books: try catalog.count(BrowsingList<Book>.books)
        case .authors: try catalog.count(BrowsingList<Author>.authors)
        case .genres: try catalog.count(BrowsingList<Genre>.genres)
        case .bands: try catalog.count(BrowsingList<Band>.bands)
        case .bandsInGenre(let id): try catalog.count(.bands(inGenre: id))
        case .booksInGenre(let id): try catalog.count(.books(inGenre: id))
        case .booksByAuthor(let id): try catalog.count(.books(byAuthor: id))
        case .coauthors(let id): try catalog.count(.coauthors(of: id))
        case .genresOfBand(let id): try catalog.count(.genres(ofBand: id))
        case .credits(let id): try catalog.count(.credits(ofBook: id))
        case .genresOfBook, .search: nil
        }
    }

    /// One page of rows.
    struct Rows {
        var rows: [ColumnRow]
        /// Where the next page starts; `nil` with `isLast` false only for the search, which pages by count.
        var next: PageCursor?
        var isLast: Bool
    }

    /// The rows after `cursor` (keyset lists) or after the first `loaded` rows (the search, whose results
    /// are capped at ``Page/maximumLimit``).
    func rows(in catalog: any BrowsableCatalog, after cursor: PageCursor?, loaded: Int, limit: Int) throws -> Rows {
        switch self {
        case .books: try Self.rows(catalog.page(.books, after: cursor, limit: limit), ColumnSource.bookRow)
        case .authors: try Self.rows(catalog.page(.authors, after: cursor, limit: limit), ColumnSource.authorRow)
        case .genres: try Self.rows(catalog.page(.genres, after: cursor, limit: limit), ColumnSource.genreRow)
        case .bands: try Self.rows(catalog.page(.bands, after: cursor, limit: limit), ColumnSource.bandRow)
        case .bandsInGenre(let id):
            try Self.rows(catalog.page(.bands(inGenre: id), after: cursor, limit: limit), ColumnSource.bandRow)
        case .booksInGenre(let id):
            try Self.rows(catalog.page(.books(inGenre: id), after: cursor, limit: limit), ColumnSource.bookRow)
        case .booksByAuthor(let id):
            try Self.rows(catalog.page(.books(byAuthor: id), after: cursor, limit: limit), ColumnSource.bookRow)
        case .coauthors(let id):
            try Self.rows(catalog.page(.coauthors(of: id), after: cursor, limit: limit), ColumnSource.authorRow)
        case .genresOfBand(let id):
            try Self.rows(catalog.page(.genres(ofBand: id), after: cursor, limit: limit), ColumnSource.genreRow)
        case .credits(let id):
            try Self.rows(catalog.page(.credits(ofBook: id), after: cursor, limit: limit)) {
                ColumnRow(route: .author($0.author.uuid), title: $0.author.name, subtitle: $0.role.rawValue)
            }
        case .genresOfBook(let id):
            // A book has a handful of genres: one query, no paging.
            Rows(rows: try catalog.genres(ofBook: id).map(Self.genreRow), next: nil, isLast: true)
        case .search(let text):
            try searchRows(text, in: catalog, loaded: loaded, limit: limit)
        }
    }

    /// The search has no cursor: each page asks for the first `loaded + limit` hits (capped) and keeps the tail.
    private func searchRows(_ text: String, in catalog: any BrowsableCatalog, loaded: Int, limit: Int) throws -> Rows {
        let wanted = min(loaded + limit, Page<EntitySummary>.maximumLimit)
        guard wanted > loaded else { return Rows(rows: [], next: nil, isLast: true) }
        let hits = try catalog.search(text, limit: wanted)
        let rows = hits.dropFirst(loaded).map {
            ColumnRow(route: LibraryRoute(kind: $0.kind, uuid: $0.uuid), title: $0.name, subtitle: $0.kind.rawValue)
        }
        return Rows(rows: rows, next: nil, isLast: hits.count < wanted || wanted == Page<EntitySummary>.maximumLimit)
    }

    private static func rows<Item>(_ page: Page<Item>, _ row: (Item) -> ColumnRow) -> Rows {
        Rows(rows: page.items.map(row), next: page.next, isLast: page.next == nil)
    }

    static func bookRow(_ book: Book) -> ColumnRow {
        ColumnRow(route: .book(book.uuid), title: book.title, subtitle: book.year.map(String.init))
    }

    static func authorRow(_ author: Author) -> ColumnRow {
        ColumnRow(route: .author(author.uuid), title: author.name, subtitle: author.disambiguation)
    }

    static func genreRow(_ genre: Genre) -> ColumnRow {
        ColumnRow(route: .genre(genre.uuid), title: genre.name)
    }

    static func bandRow(_ band: Band) -> ColumnRow {
        let parts = [band.country, BandYears.text(formed: band.formedYear, ended: band.endedYear)].compactMap { $0 }
        return ColumnRow(
            route: .band(band.uuid), title: band.name, subtitle: parts.isEmpty ? nil : parts.joined(separator: " · "))
    }
}
