package import Catalog
import Foundation

/// One page of a browsing list with the list's total, typed by what it lists.
package enum ListPage {
    case books(Page<Book>, total: Int)
    case authors(Page<Author>, total: Int)
    case credits(Page<Credit>, total: Int)
    case genres(Page<Genre>, total: Int)
    case bands(Page<Band>, total: Int)

    /// The page of `kind` scoped by `filter`, starting after `after`, at most `limit` items. Call it inside one read
    /// transaction so the page and its total come from the same state; with `totals`, a total counted earlier in
    /// the same state of the catalog is taken from it instead of counted again.
    ///
    /// - Throws: ``CatalogAPIError/filterNotApplicable(kind:filter:)`` when `filter` does not scope `kind`;
    ///   `CatalogError.notFound` when the filter's entity is absent; `CatalogError.invalidCursor` for a cursor that
    ///   is not one of this list's.
    package static func load(
        _ kind: EntityKind, filter: ListFilter?, after: PageCursor?, limit: Int, in catalog: LibraryCatalog,
        totals: ListTotals? = nil
    ) throws -> ListPage {
        func total(_ count: () throws -> Int) throws -> Int {
            guard let totals else { return try count() }
            return try totals.total(of: kind, filter: filter, in: catalog, counting: count)
        }
        switch (kind, filter) {
        case (.book, nil):
            return .books(
                try catalog.books.page(after: after, limit: limit), total: try total { try catalog.books.count() })
        case (.book, .author(let uuid)?):
            let author = try catalog.authors.get(uuid: uuid)
            return .books(
                try catalog.books.page(byAuthor: author.id, after: after, limit: limit),
                total: try total { try catalog.books.count(byAuthor: author.id) })
        case (.book, .genre(let uuid)?):
            let genre = try catalog.genres.get(uuid: uuid)
            return .books(
                try catalog.books.page(inGenre: genre.id, after: after, limit: limit),
                total: try total { try catalog.books.count(inGenre: genre.id) })
        case (.author, nil):
            return .authors(
                try catalog.authors.page(after: after, limit: limit), total: try total { try catalog.authors.count() })
        case (.author, .book(let uuid)?):
            let book = try catalog.books.get(uuid: uuid)
            return .credits(
                try catalog.books.credits(of: book.id, after: after, limit: limit),
                total: try total { try catalog.books.creditCount(of: book.id) })
        case (.author, .author(let uuid)?):
            let author = try catalog.authors.get(uuid: uuid)
            return .authors(
                try catalog.authors.page(coauthorsOf: author.id, after: after, limit: limit),
                total: try total { try catalog.authors.count(coauthorsOf: author.id) })
        case (.genre, nil):
            return .genres(
                try catalog.genres.page(after: after, limit: limit), total: try total { try catalog.genres.count() })
        case (.genre, .band(let uuid)?):
            let band = try catalog.bands.get(uuid: uuid)
            return .genres(
                try catalog.genres.page(ofBand: band.id, after: after, limit: limit),
                total: try total { try catalog.genres.count(ofBand: band.id) })
        case (.band, nil):
            return .bands(
                try catalog.bands.page(after: after, limit: limit), total: try total { try catalog.bands.count() })
        case (.band, .genre(let uuid)?):
            let genre = try catalog.genres.get(uuid: uuid)
            return .bands(
                try catalog.bands.page(inGenre: genre.id, after: after, limit: limit),
                total: try total { try catalog.bands.count(inGenre: genre.id) })
        case (_, let filter?):
            throw CatalogAPIError.filterNotApplicable(kind: kind, filter: filter.name)
        }
    }

    /// The cursor of the next page, or `nil` on the last.
    package var next: PageCursor? {
        switch self {
        case .books(let page, _): page.next
        case .authors(let page, _): page.next
        case .credits(let page, _): page.next
        case .genres(let page, _): page.next
        case .bands(let page, _): page.next
        }
    }

    /// The number of items in the whole list.
    package var total: Int {
        switch self {
        case .books(_, let total), .authors(_, let total), .credits(_, let total), .genres(_, let total),
            .bands(_, let total):
            total
        }
    }

    /// `{"items": […], "next": cursor or null, "total": n}`.
    package var json: JSONValue {
        let items: [JSONValue] =
            switch self {
            case .books(let page, _): page.items.map(CatalogJSON.book)
            case .authors(let page, _): page.items.map(CatalogJSON.author)
            case .credits(let page, _): page.items.map(CatalogJSON.credit)
            case .genres(let page, _): page.items.map(CatalogJSON.genre)
            case .bands(let page, _): page.items.map(CatalogJSON.band)
            }
        return ["items": .array(items), "next": .string(next?.rawValue), "total": .int(total)]
    }
}
