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
        _ kind: EntityKind, filter: ListFilter?, after: PageCursor?, limit: Int, in catalog: any CatalogReader,
        totals: ListTotals? = nil
    ) throws -> ListPage {
        func total<Item>(_ list: BrowsingList<Item>) throws -> Int {
            guard let totals else { return try catalog.count(list) }
            return try totals.total(of: kind, filter: filter, in: catalog) { try catalog.count(list) }
        }
        func books(_ list: BrowsingList<Book>) throws -> ListPage {
            .books(try catalog.page(list, after: after, limit: limit), total: try total(list))
        }
        func authors(_ list: BrowsingList<Author>) throws -> ListPage {
            .authors(try catalog.page(list, after: after, limit: limit), total: try total(list))
        }
        func genres(_ list: BrowsingList<Genre>) throws -> ListPage {
            .genres(try catalog.page(list, after: after, limit: limit), total: try total(list))
        }
        func bands(_ list: BrowsingList<Band>) throws -> ListPage {
            .bands(try catalog.page(list, after: after, limit: limit), total: try total(list))
        }
        switch (kind, filter) {
        case (.book, nil):
            return try books(.books)
        case (.book, .author(let uuid)?):
            return try books(.books(byAuthor: try catalog.existing(.author, uuid, catalog.author).id))
        case (.book, .genre(let uuid)?):
            return try books(.books(inGenre: try catalog.existing(.genre, uuid, catalog.genre).id))
        case (.author, nil):
            return try authors(.authors)
        case (.author, .book(let uuid)?):
            let list = BrowsingList.credits(ofBook: try catalog.existing(.book, uuid, catalog.book).id)
            return .credits(try catalog.page(list, after: after, limit: limit), total: try total(list))
        case (.author, .author(let uuid)?):
            return try authors(.coauthors(of: try catalog.existing(.author, uuid, catalog.author).id))
        case (.genre, nil):
            return try genres(.genres)
        case (.genre, .band(let uuid)?):
            return try genres(.genres(ofBand: try catalog.existing(.band, uuid, catalog.band).id))
        case (.band, nil):
            return try bands(.bands)
        case (.band, .genre(let uuid)?):
            return try bands(.bands(inGenre: try catalog.existing(.genre, uuid, catalog.genre).id))
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
