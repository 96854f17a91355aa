import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import Schema
import TestSupport
import Testing

@testable import catalog

/// The tour `catalog demo` walks, planned against the sample catalog.
@Suite struct DemoTourTests {
    @Test func demoTourWalksBothHalvesAndEndsBackFromSettings() throws {
        let path = try TestSupport.temporaryDirectory("demo-tour").appending(path: "catalog.sqlite").path
        let db = try DatabaseSchema.open(path: path)
        for file in ["library.json", "music.json"] {
            _ = try LibraryCatalog(db).importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
        }
        let browser = try LibraryBrowser(database: db, user: "demo")
        let steps = try DemoTour.steps(in: browser.catalog)
        #expect(steps.first?.intent == .selectSidebar(.genres))
        #expect(steps.last?.intent == .back)
        #expect(steps.filter { if case .push = $0.intent { true } else { false } }.count == 4)
        for step in steps { try browser.apply(step.intent) }
        #expect(browser.state.sidebar == .authors)
        #expect(browser.state.stack.count == 2)
        #expect(browser.history.canGoForward)
        let relaunched = try LibraryBrowser(database: try DatabaseSchema.open(path: path), user: "demo")
        #expect(relaunched.state == browser.state)
    }
}
