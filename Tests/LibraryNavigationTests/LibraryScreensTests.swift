import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The one description of the screens, and the terminal browser's columns rendering it over the sample catalog.
@Suite struct LibraryScreensTests {
    let catalog: LibraryCatalog
    let columns: BrowserColumns

    init() throws {
        let db = try DatabaseSchema.open(path: ":memory:")
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
        catalog = LibraryCatalog(db)
        let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "default")
        columns = BrowserColumns(catalog: catalog, session: session)
    }

    @Test func everySidebarRouteListsWhatTheDescriptionStates() throws {
        let rock = try #require(try catalog.genres.find(named: "Rock"))
        let sidebars = LibraryScreens.sections + [.search("tolk"), .genre(rock.uuid)]
        for sidebar in sidebars {
            #expect(try columns.content(of: sidebar)?.lists == LibraryScreens.contentLists(of: sidebar), "\(sidebar)")
        }
        #expect(
            LibraryScreens.contentLists(of: .genre(rock.uuid)) == [
                .linked(.band, to: .genre, rock.uuid), .linked(.book, to: .genre, rock.uuid),
            ])
        #expect(LibraryScreens.contentLists(of: .settings) == nil)
        #expect(LibraryScreens.contentLists(of: .book(UUID())) == nil)
    }

    @Test func everyDetailShowsTheDescribedFactsAndRelatedLists() throws {
        let book = try #require(try catalog.books.page(after: nil, limit: 1).items.first)
        let author = try #require(try catalog.authors.find(named: "Mark Twain").first)
        let genre = try #require(try catalog.genres.find(named: "Heavy metal"))
        let band = try #require(try catalog.bands.find(named: "Motörhead").first)
        let parent = try genre.parentID.flatMap { try catalog.genres.find(id: $0) }
        // What a detail has always shown of each kind, in this order, those it has.
        let entities: [(LibraryRoute, [DetailField])] = [
            (
                .book(book.uuid),
                Self.facts([
                    ("year", "Year", book.year.map(String.init)), ("isbn13", "ISBN", book.isbn13),
                    ("pages", "Pages", book.pages.map(String.init)), ("language", "Language", book.language),
                    ("summary", "Summary", book.summary),
                ])
            ),
            (
                .author(author.uuid),
                Self.facts([
                    ("sortName", "Sort name", author.sortName), ("disambiguation", "Note", author.disambiguation),
                ])
            ),
            (.genre(genre.uuid), Self.facts([("parent", "Part of", parent?.name)])),
            (
                .band(band.uuid),
                Self.facts([
                    ("country", "Country", band.country), ("formedYear", "Years", "1975–2015"),
                    ("status", "Status", band.status?.rawValue), ("disambiguation", "Note", band.disambiguation),
                ])
            ),
        ]
        #expect(entities.allSatisfy { !$0.1.isEmpty })
        #expect(parent != nil)
        for (route, facts) in entities {
            let entity = try #require(route.entity)
            let related = LibraryScreens.relatedLists(of: entity.kind, entity.uuid)
            let detail = try columns.detail(of: route)
            #expect(detail.fields == facts, "\(route)")
            #expect(detail.sections.map(\.title) == related.map(\.heading), "\(route)")
            #expect(detail.sections.map(\.lists) == related.map { [$0.list] }, "\(route)")
            #expect(related.allSatisfy { $0.list.scope?.uuid == entity.uuid }, "\(route)")
        }
    }

    /// The fields of the triples (key, label, value) that have a value, in order.
    private static func facts(_ triples: [(String, String, String?)]) -> [DetailField] {
        triples.compactMap { field, label, value in value.map { DetailField(field: field, label: label, value: $0) } }
    }
}
