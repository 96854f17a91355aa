import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteDB
import Schema
import TestSupport
import Testing

@Suite struct LibraryBrowserTests {

    let path: String

    init() throws {
        path = try TestSupport.temporaryDirectory("browser").appending(path: "catalog.sqlite").path
        let db = try DatabaseSchema.open(path: path)
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
    }

    /// Opens the scene as a relaunched app would.
    func relaunch(user: String = "default", scene: String = "main") throws -> LibraryBrowser {
        try LibraryBrowser(database: try DatabaseSchema.open(path: path), user: user, scene: scene)
    }

    @Test func sidebarGenreListsItsBandsAndABandBecomesTheDetail() throws {
        let browser = try relaunch()
        let metal = try #require(try browser.catalog.genres.find(named: "Heavy metal"))
        let band = try #require(try browser.catalog.bands.page(inGenre: metal.id, after: nil, limit: 1).items.first)
        try browser.apply(.selectSidebar(.genre(metal.uuid)))
        try browser.apply(.selectContent(.band(band.uuid)))
        #expect(browser.state.detail == .band(band.uuid))
        #expect(try browser.title(of: .genre(metal.uuid)) == "Heavy metal")
        let reopened = try relaunch()
        #expect(reopened.state == browser.state)
        #expect(reopened.restoreReport.isEmpty)
    }

    @Test func intentsNamingMissingEntitiesAreRefused() throws {
        let browser = try relaunch()
        try browser.apply(.selectSidebar(.books))
        let ghost = UUID()
        #expect(throws: NavigationError.notFound(route: "book/\(ghost.uuidString.lowercased())")) {
            try browser.apply(.selectContent(.book(ghost)))
        }
        #expect(browser.state.content == nil)
        #expect(try relaunch().state == browser.state)
    }

    @Test func deletedGenreInTheSidebarClearsTheWholeState() throws {
        let browser = try relaunch()
        let folk = try #require(try browser.catalog.genres.find(named: "Folk"))
        try browser.apply(.selectSidebar(.genre(folk.uuid)))
        _ = try browser.catalog.genres.delete(id: folk.id)
        let reopened = try relaunch()
        #expect(reopened.state.sidebar == nil)
        #expect(reopened.restoreReport.repairs.first?.element == .sidebar)
        #expect(try reopened.title(of: .genre(folk.uuid)) == "Genre (deleted)")
    }

    @Test func sessionsBelongToTheirUser() throws {
        let ada = try relaunch(user: "ada")
        try ada.apply(.selectSidebar(.bands))
        try ada.saveSession(named: "music")
        let grace = try relaunch(user: "grace")
        #expect(try grace.sessions().isEmpty)
        #expect(throws: NavigationStoreError.sessionNotFound(name: "music")) {
            try grace.restoreSession(named: "music")
        }
        #expect(try ada.sessions().map(\.name) == ["music"])
    }
}

/// The catalog's routes checked through a `DatabasePool`, as a server keeping many users' scenes does.
@Suite struct CatalogRouteValidatorPoolTests {
    @Test func aStoreOnAPoolRefusesMissingEntitiesAndKeepsExistingOnes() throws {
        let path = try TemporaryFiles("validator-pool").path("catalog.sqlite")
        let db = try DatabaseSchema.openCatalog(path: path)
        _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: "music.json"))
        let pool = try DatabasePool(path: path)
        let store = try NavigationStore<LibraryRoute>(database: pool, validator: CatalogRouteValidator(pool))
        let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
        let metal = try #require(try pool.read { db in try LibraryCatalog(db).genres.find(named: "Heavy metal") })
        try session.apply(.selectSidebar(.genre(metal.uuid)))
        let ghost = LibraryRoute.band(UUID())
        #expect(throws: NavigationError.notFound(route: ghost.path)) { try session.apply(.selectContent(ghost)) }
        _ = try LibraryCatalog(db).genres.delete(id: metal.id)
        let reopened = try store.restore(scene: "main", for: try store.user(named: "ada"))
        #expect(reopened.state.sidebar == nil)
        #expect(reopened.report.repairs.first?.element == .sidebar)
    }
}
