import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// A scene over the catalog as the CLI and the terminal browser drive it: a `NavigationSession` of a store made with
/// `NavigationStore(catalog:)`, titles from `LibraryCatalog.title(of:)`.
@Suite struct NavigationStoreCatalogTests {

    let path: String

    init() throws {
        path = try TestSupport.temporaryDirectory("browser").appending(path: "catalog.sqlite").path
        let db = try DatabaseSchema.open(path: path)
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
    }

    /// The catalog, opened as a relaunched app opens it.
    func catalog() throws -> LibraryCatalog {
        LibraryCatalog(try DatabaseSchema.open(path: path))
    }

    /// Opens the scene as a relaunched app would.
    func relaunch(user: String = "default", scene: String = "main") throws -> NavigationSession<LibraryRoute> {
        try NavigationStore(catalog: try DatabaseSchema.open(path: path)).openSession(scene: scene, forUserNamed: user)
    }

    @Test func sidebarGenreListsItsBandsAndABandBecomesTheDetail() throws {
        let session = try relaunch()
        let catalog = try catalog()
        let metal = try #require(try catalog.genres.find(named: "Heavy metal"))
        let band = try #require(try catalog.bands.page(inGenre: metal.id, after: nil, limit: 1).items.first)
        try session.apply(.selectSidebar(.genre(metal.uuid)))
        try session.apply(.selectContent(.band(band.uuid)))
        #expect(session.state.detail == .band(band.uuid))
        #expect(try catalog.title(of: .genre(metal.uuid)) == "Heavy metal")
        let reopened = try relaunch()
        #expect(reopened.state == session.state)
        #expect(reopened.restoreReport.isEmpty)
        #expect(try reopened.historyEntries().last == session.state)
    }

    @Test func intentsNamingMissingEntitiesAreRefused() throws {
        let session = try relaunch()
        try session.apply(.selectSidebar(.books))
        let ghost = UUID()
        #expect(throws: NavigationError.notFound(route: "book/\(ghost.uuidString.lowercased())")) {
            try session.apply(.selectContent(.book(ghost)))
        }
        #expect(session.state.content == nil)
        #expect(try relaunch().state == session.state)
    }

    @Test func deletedGenreInTheSidebarClearsTheWholeState() throws {
        let session = try relaunch()
        let catalog = try catalog()
        let folk = try #require(try catalog.genres.find(named: "Folk"))
        try session.apply(.selectSidebar(.genre(folk.uuid)))
        _ = try catalog.genres.delete(id: folk.id)
        let reopened = try relaunch()
        #expect(reopened.state.sidebar == nil)
        #expect(reopened.restoreReport.repairs.first?.element == .sidebar)
        #expect(try catalog.title(of: .genre(folk.uuid)) == "Genre (deleted)")
    }

    /// Two records of one author made one: every saved view, history entry and named session, of every user, that
    /// names the merged record shows the one that stays and says so (never "no longer available"), and an intent or
    /// deep link naming the merged record opens the one that stays.
    @Test func savedViewsOfEveryUserFollowAMerge() throws {
        let catalog = try catalog()
        let twain = try #require(try catalog.authors.find(named: "Mark Twain").first)
        let duplicate = try catalog.authors.create(AuthorDraft(name: "Twain, Mark"))
        let book = try catalog.books.create(BookDraft(title: "Life on the Mississippi", year: 1883))
        try catalog.books.setCredits([BookCredit(authorID: duplicate.id)], of: book.id)
        let ada = try relaunch(user: "ada")
        try ada.apply(.selectSidebar(.authors))
        try ada.apply(.selectContent(.author(duplicate.uuid)))
        try ada.apply(.push(.book(book.uuid)))
        try ada.saveSession(named: "twain")
        try ada.apply(.selectSidebar(.books))  // the duplicate now only in history and the session
        let grace = try relaunch(user: "grace", scene: "side")
        try grace.apply(.selectSidebar(.authors))
        try grace.apply(.selectContent(.author(duplicate.uuid)))

        try CatalogEditor(catalog.db, actor: "test").merge(.author, uuid: duplicate.uuid, into: twain.uuid)

        let merged = Repair.Reason.mergedInto(successor: LibraryRoute.author(twain.uuid).path)
        let graceAgain = try relaunch(user: "grace", scene: "side")
        #expect(graceAgain.state.content == .author(twain.uuid))
        #expect(graceAgain.state.detail == .author(twain.uuid))
        #expect(graceAgain.restoreReport.repairs.map(\.reason) == [merged])
        #expect(graceAgain.restoreReport.repairs.first?.removed == [])
        let adaAgain = try relaunch(user: "ada")
        let back = try adaAgain.apply(.back)
        #expect(adaAgain.state.content == .author(twain.uuid))
        #expect(adaAgain.state.stack == [.book(book.uuid)])
        #expect(back.repairs.map(\.reason) == [merged])
        try adaAgain.apply(.selectSidebar(.genres))
        let restored = try adaAgain.restoreSession(named: "twain")
        #expect(adaAgain.state.detail == .author(twain.uuid))
        #expect(adaAgain.state.stack == [.book(book.uuid)])
        #expect(restored.repairs.map(\.reason) == [merged])
        // A deep link to the merged record.
        try adaAgain.apply(.selectSidebar(.authors))
        let opened = try adaAgain.apply(.selectContent(.author(duplicate.uuid)))
        #expect(adaAgain.state.content == .author(twain.uuid))
        #expect(opened.repairs.map(\.reason) == [merged])
        #expect(opened.repairs.first?.storedValue == LibraryRoute.author(duplicate.uuid).path)
    }

    /// A restore that only follows a merge writes nothing (a lookup on the read path): the saved state keeps naming
    /// the merged record, each restore shows the survivor and says so, until the scene is saved again.
    @Test func aRestoreFollowingAMergeWritesNothingAndReportsItUntilTheSceneIsSaved() throws {
        let catalog = try catalog()
        let twain = try #require(try catalog.authors.find(named: "Mark Twain").first)
        let duplicate = try catalog.authors.create(AuthorDraft(name: "Twain, Mark"))
        let grace = try relaunch(user: "grace")
        try grace.apply(.selectSidebar(.authors))
        try grace.apply(.selectContent(.author(duplicate.uuid)))
        try CatalogEditor(catalog.db, actor: "test").merge(.author, uuid: duplicate.uuid, into: twain.uuid)

        let merged = Repair.Reason.mergedInto(successor: LibraryRoute.author(twain.uuid).path)
        let first = try relaunch(user: "grace")
        let second = try relaunch(user: "grace")
        for restored in [first, second] {
            #expect(restored.state.content == .author(twain.uuid))
            #expect(restored.restoreReport.repairs.map(\.reason) == [merged])
        }
        #expect(second.revision == first.revision)
        try second.apply(.selectSidebar(.books))
        #expect(try relaunch(user: "grace").restoreReport.isEmpty)
    }

    @Test func sessionsBelongToTheirUser() throws {
        let ada = try relaunch(user: "ada")
        try ada.apply(.selectSidebar(.bands))
        try ada.saveSession(named: "music")
        let grace = try relaunch(user: "grace")
        #expect(try grace.store.sessions(for: grace.user).isEmpty)
        #expect(throws: NavigationStoreError.sessionNotFound(name: "music")) {
            try grace.restoreSession(named: "music")
        }
        #expect(try ada.store.sessions(for: ada.user).map(\.name) == ["music"])
    }
}

/// The catalog's routes checked through a `DatabasePool`, as a server keeping many users' scenes does.
@Suite struct CatalogRouteValidatorPoolTests {
    @Test func aStoreOnAPoolRefusesMissingEntitiesAndKeepsExistingOnes() throws {
        let path = try TemporaryFiles("validator-pool").path("catalog.sqlite")
        let db = try DatabaseSchema.openCatalog(path: path)
        _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: "music.json"))
        // As the server keeps them: the users' file, with the catalog attached to each of the pool's connections.
        let pool = try DatabaseSchema.openUserStatePool(catalogPath: path)
        let store = try NavigationStore<LibraryRoute>(database: pool, validator: CatalogRouteValidator(pool))
        let session = try store.openSession(scene: "main", forUserNamed: "ada")
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
