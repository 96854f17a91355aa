package import Catalog
package import Foundation
package import LibraryNavigation

/// One entity with its facts and the first entries of its related lists and their counts, as `show` presents it.
package struct EntityDetail {
    /// The entity and its related lists.
    package enum Entity {
        case book(Book, credits: [Credit], genres: [Genre])
        case author(Author, books: [Book], bookCount: Int, coauthors: [Author], coauthorCount: Int)
        case genre(Genre, parent: Genre?, books: [Book], bookCount: Int, bands: [Band], bandCount: Int)
        case band(Band, genres: [Genre])
    }

    /// The entity and its related lists.
    package let entity: Entity
    /// The facts a detail shows of it, as its table's description presents them.
    package let facts: [DetailField]

    /// Entries a related list holds at most; a browsing list pages through all of them.
    package static let relatedLimit = 100

    /// The `kind` entity `uuid` with its related entities. Call it inside one read transaction so the lists and
    /// counts come from the same state.
    ///
    /// - Throws: `CatalogError.notFound` when there is no such entity.
    package static func load(_ kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws -> EntityDetail {
        EntityDetail(
            entity: try loadEntity(kind, uuid: uuid, in: catalog),
            facts: LibraryScreens.details(of: try catalog.facts(of: kind, uuid: uuid)))
    }

    private static func loadEntity(_ kind: EntityKind, uuid: UUID, in catalog: any CatalogReader) throws -> Entity {
        let limit = relatedLimit
        switch kind {
        case .book:
            let book = try catalog.existing(.book, uuid, catalog.book)
            return .book(
                book, credits: try catalog.page(.credits(ofBook: book.id), after: nil, limit: limit).items,
                genres: try catalog.genres(ofBook: book.id))
        case .author:
            let author = try catalog.existing(.author, uuid, catalog.author)
            let (books, coauthors) = (BrowsingList.books(byAuthor: author.id), BrowsingList.coauthors(of: author.id))
            return .author(
                author, books: try catalog.page(books, after: nil, limit: limit).items,
                bookCount: try catalog.count(books),
                coauthors: try catalog.page(coauthors, after: nil, limit: limit).items,
                coauthorCount: try catalog.count(coauthors))
        case .genre:
            let genre = try catalog.existing(.genre, uuid, catalog.genre)
            let (books, bands) = (BrowsingList.books(inGenre: genre.id), BrowsingList.bands(inGenre: genre.id))
            return .genre(
                genre, parent: try genre.parentID.flatMap { try catalog.genre(id: $0) },
                books: try catalog.page(books, after: nil, limit: limit).items, bookCount: try catalog.count(books),
                bands: try catalog.page(bands, after: nil, limit: limit).items, bandCount: try catalog.count(bands))
        case .band:
            let band = try catalog.existing(.band, uuid, catalog.band)
            return .band(band, genres: try catalog.page(.genres(ofBand: band.id), after: nil, limit: limit).items)
        }
    }

    /// The entity's fields, its timestamps and its related lists, with what a detail shows of it as
    /// ``LibraryScreens`` states it: `facts` (`[{"field", "label", "value"}]`: the key of the column shown, its
    /// label and the value as text) and `related` (`[{"name", "heading", "kind",
    /// "count", "path"}]`: the member holding the list's first entries, its heading, the kind it lists, how many it
    /// has, and the API path that pages through it, `null` for a book's genres, which have no list of their own).
    package var json: JSONValue {
        members.merging([
            "facts": .array(facts.map(Self.json)),
            "related": .array(
                LibraryScreens.relatedLists(of: shown.kind, shown.uuid).map { related in
                    [
                        "name": .string(related.name), "heading": .string(related.heading),
                        "kind": .string(related.list.kind?.rawValue), "count": .int(counts[related.name]),
                        "path": .string(CatalogAPI.path(of: related.list)),
                    ]
                }),
        ])
    }

    /// A fact as JSON.
    private static func json(_ fact: DetailField) -> JSONValue {
        ["field": .string(fact.field), "label": .string(fact.label), "value": .string(fact.value)]
    }

    /// The kind and uuid of the entity shown.
    private var shown: (kind: EntityKind, uuid: UUID) {
        switch entity {
        case .book(let book, _, _): (.book, book.uuid)
        case .author(let author, _, _, _, _): (.author, author.uuid)
        case .genre(let genre, _, _, _, _, _): (.genre, genre.uuid)
        case .band(let band, _): (.band, band.uuid)
        }
    }

    /// How many entries each related list has, by the relation's name; a book's lists are loaded whole.
    private var counts: [String: Int] {
        switch entity {
        case .book(_, let credits, let genres): ["authors": credits.count, "genres": genres.count]
        case .author(_, _, let bookCount, _, let coauthorCount): ["books": bookCount, "coauthors": coauthorCount]
        case .genre(_, _, _, let bookCount, _, let bandCount): ["books": bookCount, "bands": bandCount]
        case .band(_, let genres): ["genres": genres.count]
        }
    }

    /// The members `catalog show --json` has printed from the start.
    private var members: JSONValue {
        switch entity {
        case .book(let book, let credits, let genres):
            CatalogJSON.book(book).merging(
                CatalogJSON.timestamps(created: book.createdAt, updated: book.updatedAt).merging([
                    "isbn13": .string(book.isbn13), "pages": .int(book.pages), "summary": .string(book.summary),
                    "authors": .array(credits.map(CatalogJSON.credit)),
                    "genres": .array(genres.map(CatalogJSON.genre)),
                ]) { _, new in new })
        case .author(let author, let books, let bookCount, let coauthors, let coauthorCount):
            CatalogJSON.author(author).merging(
                CatalogJSON.timestamps(created: author.createdAt, updated: author.updatedAt).merging([
                    "books": .array(books.map(CatalogJSON.book)), "bookCount": .int(bookCount),
                    "coauthors": .array(coauthors.map(CatalogJSON.author)), "coauthorCount": .int(coauthorCount),
                ]) { _, new in new })
        case .genre(let genre, let parent, let books, let bookCount, let bands, let bandCount):
            CatalogJSON.genre(genre).merging(
                CatalogJSON.timestamps(created: genre.createdAt, updated: genre.updatedAt).merging([
                    "parent": parent.map(CatalogJSON.genre) ?? .null,
                    "books": .array(books.map(CatalogJSON.book)), "bookCount": .int(bookCount),
                    "bands": .array(bands.map(CatalogJSON.band)), "bandCount": .int(bandCount),
                ]) { _, new in new })
        case .band(let band, let genres):
            CatalogJSON.band(band).merging(
                CatalogJSON.timestamps(created: band.createdAt, updated: band.updatedAt).merging([
                    "genres": .array(genres.map(CatalogJSON.genre))
                ]) { _, new in new })
        }
    }
}
