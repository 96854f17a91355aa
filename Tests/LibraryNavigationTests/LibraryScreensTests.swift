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
        let entities: [(LibraryRoute, [DetailField])] = [
            (.book(book.uuid), LibraryScreens.facts(of: book)),
            (.author(author.uuid), LibraryScreens.facts(of: author)),
            (.genre(genre.uuid), LibraryScreens.facts(of: genre, parent: parent)),
            (.band(band.uuid), LibraryScreens.facts(of: band)),
        ]
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
}
