import Catalog
import CatalogServer
import CatalogStore
import Foundation
import HTTPServer
import LibraryNavigation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TerminalKit
import TestSupport
import Testing
import WebDriver

@testable import catalog

/// A book field added as the table descriptions promise (a migration plus a line in `CatalogTables`) shows in every
/// detail: the JSON answer's `facts`, the terminal browser's detail and the web page's, none of which names it.
@Suite struct AddedFieldTests {
    /// The books table with an `edition` column shown as "Edition": the one line a new field takes.
    static let books = CatalogTables.books.adding(.text("edition", key: "edition", inDraft: false).shown("Edition"))
    static let edition = "Second, revised"

    /// The sample catalog with the column added (the migration, in the test's own database) and set on the first
    /// book by title, and the store reading it by the extended description.
    final class EditionCatalog {
        let cli: CatalogCLI
        let store: SQLiteCatalogStore
        let book: Book

        init() throws {
            cli = try CatalogCLI("added-field")
            try #require(try cli.importSamples().status == 0)
            let db = try Database(path: cli.database)
            try db.execute("ALTER TABLE books ADD COLUMN edition TEXT")
            book = try #require(try LibraryCatalog(db).books.page(after: nil, limit: 1).items.first)
            try db.execute("UPDATE books SET edition = ? WHERE id = ?", [AddedFieldTests.edition, book.id])
            try db.close()
            // The users' file, its user and a token, made by the command as a user makes them.
            _ = try ServedCatalog.createToken(cli, user: ServedCatalog.user, scope: "nav")
            store = try SQLiteCatalogStore(
                catalog: try DatabasePool(path: cli.database),
                userState: try DatabaseSchema.openUserStatePool(catalogPath: cli.database)
            ).describing(AddedFieldTests.books)
        }
    }

    @Test func aBookFieldAddedToTheDescriptionShowsInTheJSONAndTheTerminalDetail() throws {
        let catalog = try EditionCatalog()
        let uuid = catalog.book.uuid.uuidString.lowercased()
        let served = try InProcessCatalog(cli: catalog.cli, storage: { _, _ in catalog.store })
        defer { served.stop() }
        let answer = try served.request("GET", "/v1/books/\(uuid)")
        #expect(answer.status == 200)
        let shown = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let facts = try #require(shown["facts"] as? [[String: String]])
        #expect(facts.last == ["field": "edition", "label": "Edition", "value": Self.edition])
        #expect(facts.first?["label"] == "Year", "the facts shown before stay first")

        let frame = try catalog.store.browsing { navigation, browsable in
            let session = try navigation.openSession(scene: "main", forUserNamed: ServedCatalog.user)
            try session.apply(.selectSidebar(.books))
            try session.apply(.selectContent(.book(catalog.book.uuid)))
            let browser = try BrowseController(catalog: browsable, named: "test", session: session)
            return BrowseRenderer(size: TerminalSize(columns: 140, rows: 40), style: .plain).render(browser.screen())
        }
        #expect(frame.contains { $0.contains("Edition   \(Self.edition)") }, "\(frame.joined(separator: "\n"))")
    }

    @Test func aBookFieldAddedToTheDescriptionShowsInTheWebPagesDetail() throws {
        if let reason = ChromeDriver.unavailableReason { try Test.cancel("\(reason)") }
        try TestSupport.requireHTTPServerLibrary()
        let catalog = try EditionCatalog()
        let origins = WebOrigins()
        let service = try CatalogService(storage: catalog.store, version: "test", rateLimit: nil, origins: origins)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, stopping: service.stop) { service.respond(to: $0) }
        defer { server.stop() }
        let baseURL = "http://127.0.0.1:\(server.port)"
        origins.trust([baseURL])
        let driver = try ChromeDriver()
        defer { driver.stop() }
        let page = try PageBrowser(driver, baseURL: baseURL)
        defer { page.quit() }

        try page.open(signingInWith: try ServedCatalog.createToken(catalog.cli, user: ServedCatalog.user, scope: "nav"))
        try page.choose("books", in: "sidebar-list")
        try page.choose("book/\(catalog.book.uuid.uuidString.lowercased())", in: "content-list")
        try page.waitUntil("the book as detail") { $0.detail == catalog.book.title }
        let fact = try page.session.wait(
            for: "the edition among the facts",
            until: """
                const value = document.querySelector('#detail-body dd[data-field="edition"]');
                return value && value.previousElementSibling.textContent + " / " + value.textContent;
                """)
        #expect(fact as? String == "Edition / \(Self.edition)")
        try page.screenshot("added-field")
    }
}
