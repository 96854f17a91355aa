import Foundation
import SQLiteDB
import Testing

@testable import Navigation

@Suite struct NavigationSessionTests {
    @Test(arguments: Backend.allCases) func intentsBringingInRoutesTheValidatorDoesNotKnowAreRefused(_ backend: Backend)
        throws
    {
        let catalog = FakeCatalog()
        catalog.deleted = [TestRoute.genre(13).path]
        let store = try backend.makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.genres))
        try session.apply(.selectContent(.genre(12)))
        let missing = NavigationError.notFound(route: TestRoute.genre(13).path)
        // What an app's alert shows (`localizedDescription`) is the sentence, not "The operation couldn't be …".
        #expect(
            (missing as any Error).localizedDescription
                == "genre/13 does not exist (it was deleted, or it comes from another database)")
        #expect(throws: missing) { try session.apply(.selectContent(.genre(13))) }
        let link = try #require(URL(string: "catalog://genres?content=genre/13"))
        #expect(throws: missing) { try session.apply(.open(link)) }
        #expect(throws: missing) { try session.apply(.setStack([.band(4), .genre(13)])) }
        #expect(session.state.content == .genre(12))
        #expect(try store.openSession(scene: "main", for: user).state == session.state)
        // Routes already in the state are not looked up again.
        let checks = catalog.checks
        try session.apply(.setVisibility(.detailOnly))
        #expect(catalog.checks == checks)
    }

    @Test(arguments: Backend.allCases) func historyIsPersistedWithBackForwardAndTruncation(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectSidebar(.authors))
        try session.apply(.selectSidebar(.genres))
        try session.apply(.back)
        try session.apply(.back)
        #expect(session.state.sidebar == .books && session.history == HistoryPosition(index: 1, count: 4))

        let reopened = try store.openSession(scene: "main", for: user)
        #expect(reopened.state.sidebar == .books && reopened.history.canGoForward)
        try reopened.apply(.forward)
        #expect(reopened.state.sidebar == .authors)
        try reopened.apply(.selectSidebar(.bands))
        #expect(reopened.history == HistoryPosition(index: 3, count: 4))
        #expect(try store.history(ofScene: "main", for: user).map(\.sidebar) == [nil, .books, .authors, .bands])
        #expect(throws: NavigationError.noNextEntry) { try reopened.apply(.forward) }
    }

    @Test(arguments: Backend.allCases) func persistedHistoryIsBounded(_ backend: Backend) throws {
        let store = try backend.makeStore(historyLimit: 10)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        for id in 1...25 {
            try session.apply(.selectSidebar(.genre(id)))
        }
        // Rows out of the window are deleted in batches: storage stays bounded too.
        let rows = try #require(try store.integer("SELECT count(*) FROM nav_history"))
        #expect(rows <= 10 + 16)
        #expect(session.history == HistoryPosition(index: 9, count: 10))
        #expect(try store.history(ofScene: "main", for: user).map(\.sidebar) == (16...25).map { .genre($0) })
        for _ in 1...9 {
            try session.apply(.back)
        }
        #expect(session.state.sidebar == .genre(16))
        #expect(throws: NavigationError.noPreviousEntry) { try session.apply(.back) }
    }

    @Test func refusedIntentSavesNothing() throws {
        let store = try makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))
        let changes = (try store.database.totalChanges)
        #expect(throws: NavigationError.self) { try session.apply(.selectContent(.author(1))) }
        try session.apply(.selectSidebar(.books))  // unchanged: nothing recorded
        #expect((try store.database.totalChanges) == changes)
        #expect(session.state.sidebar == .books && session.history.count == 2)
    }

    @Test(arguments: Backend.allCases) func backToAnEntryWhoseBookWasDeletedRepairsIt(_ backend: Backend) throws {
        let catalog = FakeCatalog()
        let store = try backend.makeStore(validator: catalog)
        let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(1)))
        try session.apply(.selectSidebar(.authors))
        catalog.deleted = ["book/1"]
        let report = try session.apply(.back)
        #expect(session.state.sidebar == .books && session.state.content == nil)
        #expect(report.repairs.map(\.reason) == [.notFound])
    }

    @Test(arguments: Backend.allCases) func namedSessionsSaveRestoreListRenameDelete(_ backend: Backend) throws {
        let catalog = FakeCatalog()
        let store = try backend.makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(1)))
        try session.apply(.push(.author(2)))
        try session.saveSession(named: "reading")
        try session.apply(.selectSidebar(.settings))
        try store.saveSession(named: "settings", fromScene: "main", for: user)

        #expect(try store.sessions(for: user).map(\.name) == ["reading", "settings"])
        #expect(try session.restoreSession(named: "reading").isEmpty)
        #expect(session.state.detail == .book(1) && session.state.stack == [.author(2)])
        try session.apply(.back)
        #expect(session.state.sidebar == .settings)

        try store.renameSession(named: "reading", to: "evening", for: user)
        #expect(throws: NavigationStoreError.sessionExists(name: "settings")) {
            try store.renameSession(named: "evening", to: "settings", for: user)
        }
        #expect(throws: NavigationStoreError.sessionNotFound(name: "reading")) {
            try store.renameSession(named: "reading", to: "x", for: user)
        }
        catalog.deleted = ["author/2"]
        let report = try store.restoreSession(named: "evening", intoScene: "other", for: user)
        #expect(report.repairs.map(\.element) == [.stack(index: 0)])
        #expect(try store.restore(scene: "other", for: user).state.stack.isEmpty)

        try store.deleteSession(named: "evening", for: user)
        #expect(try store.sessions(for: user).map(\.name) == ["settings"])
    }
}
