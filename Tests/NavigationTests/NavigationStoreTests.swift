import Foundation
import SQLiteCatalog
import SQLiteDB
import Testing

@testable import Navigation

@Suite struct NavigationStoreTests {
    /// The store records what the in-memory history records: returning to the entry after `back` (its own
    /// visibility again) adds no entry.
    @Test(arguments: Backend.allCases) func returningToTheEntryAfterBackIsNotRecordedTwice(_ backend: Backend) throws {
        let store = try backend.makeStore(validator: FakeCatalog())
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        var navigator = Navigator<TestRoute>()
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.books), .setVisibility(.all), .back, .setVisibility(.automatic),
        ] {
            try session.apply(intent)
            try navigator.apply(intent)
        }
        #expect(try store.history(ofScene: "main", for: user) == [SplitViewState()])
        #expect(try store.history(ofScene: "main", for: user) == navigator.history.entries)
        #expect(session.history == HistoryPosition(index: 0, count: 1))
        #expect(try store.restore(scene: "main", for: user).state == SplitViewState())
    }

    @Test(arguments: Backend.allCases) func deletedMiddleStackEntryCutsTheStackThere(_ backend: Backend) throws {
        let catalog = FakeCatalog()
        let store = try backend.makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.books), .selectContent(.book(1)), .push(.author(2)), .push(.book(3)), .push(.author(4)),
        ] {
            try session.apply(intent)
        }
        catalog.deleted = ["book/3"]

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.detail == .book(1) && restored.state.stack == [.author(2)])
        #expect(
            restored.report.repairs == [
                Repair(
                    element: .stack(index: 1), storedValue: "book/3", reason: .notFound,
                    removed: ["book/3", "author/4"])
            ])
        #expect(restored.report.description.contains("no longer available"))
        // The repaired state was written back: reported once.
        #expect(try store.restore(scene: "main", for: user).report.isEmpty)
    }

    @Test(arguments: Backend.allCases) func deletedContentSelectionClearsContentDetailAndStack(_ backend: Backend)
        throws
    {
        let catalog = FakeCatalog()
        let store = try backend.makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2)),
        ] {
            try session.apply(intent)
        }
        catalog.deleted = ["author/1"]

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.sidebar == .authors)
        #expect(restored.state.content == nil && restored.state.detail == nil && restored.state.stack.isEmpty)
        #expect(restored.state.compactColumn == .content)
        #expect(restored.report.repairs.map(\.element) == [.content])
        #expect(restored.report.repairs.first?.removed == ["author/1", "book/2"])
    }

    @Test(arguments: Backend.allCases) func deletedSidebarGenreClearsEverything(_ backend: Backend) throws {
        let catalog = FakeCatalog()
        let store = try backend.makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.genre(1)), .selectContent(.band(2)), .push(.genre(3)),
        ] {
            try session.apply(intent)
        }
        catalog.deleted = ["genre/1"]

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state == SplitViewState())
        #expect(restored.report.repairs.map(\.element) == [.sidebar])
        #expect(restored.report.repairs.first?.reason == .notFound)
    }

    @Test(arguments: Backend.allCases) func twoScenesOfOneUserAreIndependent(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let left = try store.openSession(scene: "left", for: user)
        let right = try store.openSession(scene: "right", for: user)
        try left.apply(.selectSidebar(.books))
        try right.apply(.selectSidebar(.authors))
        try left.apply(.selectContent(.book(1)))
        try right.apply(.back)

        #expect(try store.restore(scene: "left", for: user).state.detail == .book(1))
        #expect(try store.restore(scene: "right", for: user).state.sidebar == nil)
        #expect(try store.restore(scene: "left", for: user).history == HistoryPosition(index: 2, count: 3))
    }

    @Test(arguments: Backend.allCases) func missingSceneStartsFromTheLastUsedScene(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "old", for: user).apply(.selectSidebar(.books))
        try store.openSession(scene: "recent", for: user).apply(.selectSidebar(.settings))

        let restored = try store.restore(scene: "new-window", for: user)
        #expect(restored.origin == .lastUsedScene("recent"))
        #expect(restored.state.sidebar == .settings)

        let fresh = try store.restore(scene: "main", for: try store.user(named: "grace"))
        #expect(fresh.origin == .empty && fresh.state == SplitViewState())

        // The new scene's history starts at the borrowed state.
        let session = try store.openSession(scene: "new-window", for: user)
        try session.apply(.selectSidebar(.about))
        try session.apply(.back)
        #expect(session.state.sidebar == .settings)
    }

    @Test(arguments: Backend.allCases) func corruptRowStartsCleanWithAReport(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        let corruptions: [(format: Int, state: String, reason: Repair.Reason)] = [
            (2, "{not json", .unreadable),
            (2, "[1, 2]", .unreadable),
            (99, #"{"sidebar":"books"}"#, .unknownFormat(99)),
        ]
        for corruption in corruptions {
            try corrupt(store, scene: "main", format: corruption.format, state: corruption.state)
            let restored = try store.restore(scene: "main", for: user)
            #expect(restored.state == SplitViewState())
            #expect(restored.report.repairs.map(\.reason) == [corruption.reason])
        }

        try corrupt(
            store, scene: "main", format: 2, state: #"{"sidebar":"books","content":42,"visibility":"sideways"}"#)
        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.sidebar == .books && restored.state.content == nil)
        #expect(restored.report.repairs.map(\.element) == [.content, .visibility])
        #expect(restored.report.repairs.map(\.reason) == [.undecodable, .undecodable])

        // A session opened on a corrupt row still works.
        try corrupt(store, scene: "main", format: 2, state: "\u{1}garbage")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.genres))
        #expect(try store.restore(scene: "main", for: user).state.sidebar == .genres)
    }

    @Test(arguments: Backend.allCases) func olderFormatMigratesForward(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        let formatOne =
            #"{"sidebar":"books","selection":"book/1","detail":"book/1","path":["author/2"],"columnVisibility":"all"}"#
        try corrupt(store, scene: "main", format: 1, state: formatOne)

        let restored = try store.restore(scene: "main", for: user)
        let expected = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(1), detail: .book(1), stack: [.author(2)], visibility: .all,
            compactColumn: .detail)
        #expect(restored.state == expected)
        #expect(restored.report.migratedFromFormat == 1 && restored.report.isEmpty)
        // Written back in the current format.
        let format = try store.integer("SELECT format FROM nav_scenes")
        #expect(format == 2)
    }

    @Test(arguments: Backend.allCases) func usersCannotReachEachOthersState(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let ada = try store.user(named: "ada")
        let grace = try store.user(named: "grace")
        try store.openSession(scene: "main", for: ada).apply(.selectSidebar(.books))
        try store.saveSession(named: "reading", fromScene: "main", for: ada)

        #expect(try store.restore(scene: "main", for: grace).origin == .empty)
        #expect(try store.scenes(for: grace).isEmpty && store.sessions(for: grace).isEmpty)
        #expect(throws: NavigationStoreError.sessionNotFound(name: "reading")) {
            try store.restoreSession(named: "reading", intoScene: "main", for: grace)
        }
        #expect(throws: NavigationStoreError.sessionNotFound(name: "reading")) {
            try store.deleteSession(named: "reading", for: grace)
        }
        #expect(try !store.deleteScene("main", for: grace))
        #expect(try store.restore(scene: "main", for: ada).state.sidebar == .books)
        #expect(try store.existingUser(named: "nobody") == nil)
    }

    @Test(arguments: Backend.allCases) func scenesUnusedForDaysArePruned(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "old", for: user).apply(.selectSidebar(.books))
        try store.openSession(scene: "new", for: user).apply(.selectSidebar(.authors))
        try store.execute("UPDATE nav_scenes SET updated_at = '2000-01-01T00:00:00.000Z' WHERE scene = 'old'")

        #expect(try store.pruneScenes(unusedForDays: 30) == 1)
        let names = try store.scenes(for: user).map(\.name)
        #expect(names == ["new"])
        #expect(try store.integer("SELECT count(*) FROM nav_history") == 2)
    }

    @Test func unmigratedDatabaseIsRefused() throws {
        #expect(throws: NavigationStoreError.self) { try NavigationStore<TestRoute>(database: try Database.inMemory()) }
    }

    private func corrupt(_ store: NavigationStore<TestRoute>, scene: String, format: Int, state: String) throws {
        try store.overwriteState(ofScene: scene, format: format, state: state)
    }
}
