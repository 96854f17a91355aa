import Catalog
import CatalogViews
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The three presenters of a screen — the terminal browser's columns, the scene's JSON and the web page — list the
/// same catalog lists under every kind of sidebar route, since all three read `LibraryScreens`: a section, a search,
/// a genre in the sidebar (its bands, then its books) and the two-column pages (none).
@Suite(.serialized) struct ScreenPresenterTests {
    @Test func theTerminalTheSceneAndThePageListTheSameUnderEveryKindOfSidebarRoute() throws {
        let fixture = try WebBrowserTests.Fixture()
        defer { fixture.stop() }
        let terminal = try Self.terminalColumns(database: fixture.served.cli.database)
        let page = try fixture.browser()
        try page.open(signingInWith: fixture.token)
        let sidebars = [
            "books", "authors", "genres", "bands", "search/the", "genre/\(fixture.genre)", "settings", "about",
        ]
        for sidebar in sidebars {
            try page.forgetRequests()
            let before = try page.shown().etag
            // Chosen in a terminal, followed by the open page: every kind of sidebar route, a genre included, which
            // the page has no row for.
            let nav = try fixture.served.cli.run("nav", "--user", ServedCatalog.user, "select-sidebar", sidebar)
            try #require(nav.status == 0, "\(nav.standardError)")
            // The page marks a state rendered once the first page of every list it shows has been answered.
            try page.waitUntil("\(sidebar) rendered") { $0.address == "/app/\(sidebar)" && $0.etag != before }

            let route = try #require(LibraryRoute(path: sidebar))
            let terminalLists = try terminal.content(of: route)?.lists.map { CatalogAPI.path(of: $0) ?? "-" } ?? []
            let scene = try #require(try fixture.scene()["contentLists"] as? [[String: Any]])
            let sceneLists = scene.map { $0["path"] as? String ?? "-" }
            #expect(terminalLists == sceneLists, "\(sidebar)")
            // A moment more lets the browser record the last answer's timing, and a late extra request show up.
            Thread.sleep(forTimeInterval: 0.3)
            let requested = try page.requestedLists()
            #expect(requested == sceneLists, "\(sidebar)")
            if case .genre = route {
                #expect(sceneLists == ["/v1/bands?genre=\(fixture.genre)", "/v1/books?genre=\(fixture.genre)"])
            }
        }
    }

    /// The terminal browser's columns over the catalog file `database`, read as `catalog browse` reads it.
    static func terminalColumns(database: String) throws -> BrowserColumns {
        let catalog = LibraryCatalog(try Database(path: database))
        // The columns' lists need no scene; one of a catalog of its own keeps the served users' file untouched.
        let session = try NavigationStore(catalog: try DatabaseSchema.open(path: ":memory:"))
            .openSession(scene: "main", forUserNamed: "default")
        return BrowserColumns(catalog: catalog, session: session)
    }
}
