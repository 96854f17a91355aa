import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The catalog's links as the validator answers them: exactly what the lists and detail views show.
@Suite struct CatalogRouteValidatorTests {
    let db: Database
    let validator: CatalogRouteValidator

    init() throws {
        db = try makeCatalog().db
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
        validator = CatalogRouteValidator(db)
    }

    private var catalog: LibraryCatalog { LibraryCatalog(db) }

    private func genre(_ name: String) throws -> LibraryRoute {
        .genre(try #require(try catalog.genres.find(named: name)).uuid)
    }

    private func band(_ name: String) throws -> LibraryRoute {
        .band(try #require(try catalog.bands.find(named: name).first).uuid)
    }

    private func author(_ name: String) throws -> LibraryRoute {
        .author(try #require(try catalog.authors.find(named: name).first).uuid)
    }

    private func book(_ title: String) throws -> LibraryRoute {
        let hit = try #require(try catalog.search(title, limit: 5).first { $0.kind == .book && $0.name == title })
        return .book(hit.uuid)
    }

    @Test func aSidebarRouteListsOnlyItsItems() throws {
        let electronic = try genre("Electronic")
        #expect(try validator.isLinked(try band("Daft Punk"), from: electronic))
        #expect(try !validator.isLinked(try band("Motörhead"), from: electronic))
        #expect(try !validator.isLinked(try book("Adventures of Huckleberry Finn"), from: electronic))
        #expect(try validator.isLinked(try book("Adventures of Huckleberry Finn"), from: try genre("Satire")))
        #expect(try validator.isLinked(try band("Daft Punk"), from: .search("daft")))
        #expect(try !validator.isLinked(try band("Motörhead"), from: .search("daft")))
        #expect(try validator.isLinked(try book("Adventures of Huckleberry Finn"), from: .books))
    }

    @Test func aDetailLinksWhatItShows() throws {
        let finn = try book("Adventures of Huckleberry Finn")
        let twain = try author("Mark Twain")
        let kemble = try author("E. W. Kemble")
        let tolkien = try author("J. R. R. Tolkien")
        let motorhead = try band("Motörhead")
        let metal = try genre("Heavy metal")
        let pairs: [(LibraryRoute, LibraryRoute, Bool)] = [
            (finn, twain, true), (twain, finn, true), (finn, tolkien, false), (tolkien, finn, false),
            (finn, try genre("Satire"), true), (try genre("Satire"), finn, true), (finn, metal, false),
            (twain, kemble, true), (kemble, twain, true), (twain, tolkien, false), (twain, twain, false),
            (motorhead, metal, true), (metal, motorhead, true), (motorhead, try genre("Electronic"), false),
        ]
        for (origin, route, linked) in pairs {
            #expect(try validator.isLinked(route, from: origin) == linked, "\(origin.path) → \(route.path)")
        }
    }

    @Test func aSessionRefusesAndRepairsThroughTheLinks() throws {
        let path = try TemporaryFiles("validator-links").path("catalog.sqlite")
        let file = try DatabaseSchema.openCatalog(path: path)
        _ = try LibraryCatalog(file).importer.importJSON(
            contentsOf: TestSupport.sampleData.appending(path: "music.json"))
        let session = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path))
            .openSession(scene: "main", forUserNamed: "default")
        let catalog = LibraryCatalog(file)
        let electronic = try #require(try catalog.genres.find(named: "Electronic"))
        let daftPunk = try #require(try catalog.bands.find(named: "Daft Punk").first)
        let motorhead = try #require(try catalog.bands.find(named: "Motörhead").first)
        try session.apply(.selectSidebar(.genre(electronic.uuid)))
        #expect(
            throws: NavigationError.notInSection(
                route: LibraryRoute.band(motorhead.uuid).path, sidebar: LibraryRoute.genre(electronic.uuid).path)
        ) {
            try session.apply(.selectContent(.band(motorhead.uuid)))
        }
        try session.apply(.selectContent(.band(daftPunk.uuid)))
        try file.execute("DELETE FROM band_genres WHERE band_id = ? AND genre_id = ?", [daftPunk.id, electronic.id])

        let reopened = try NavigationStore(catalog: try DatabaseSchema.openUserState(catalogPath: path)).openSession(
            scene: "main", forUserNamed: "default")
        #expect(reopened.state.sidebar == .genre(electronic.uuid) && reopened.state.content == nil)
        #expect(
            reopened.restoreReport.repairs.map(\.reason) == [.notLinked(from: LibraryRoute.genre(electronic.uuid).path)]
        )
    }
}
