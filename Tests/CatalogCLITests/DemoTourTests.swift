import Catalog
import CatalogImport
import Foundation
import LibraryNavigation
import Navigation
import SQLiteCatalog
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
        let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "demo")
        let steps = try DemoTour.steps(in: LibraryCatalog(db))
        #expect(steps.first?.intent == .selectSidebar(.genres))
        #expect(steps.last?.intent == .back)
        #expect(steps.filter { if case .push = $0.intent { true } else { false } }.count == 4)
        for step in steps { try session.apply(step.intent) }
        #expect(session.state.sidebar == .authors)
        #expect(session.state.stack.count == 2)
        #expect(session.history.canGoForward)
        let relaunched = try NavigationStore(catalog: try DatabaseSchema.open(path: path)).openSession(
            scene: "main", forUserNamed: "demo")
        #expect(relaunched.state == session.state)
    }
}
