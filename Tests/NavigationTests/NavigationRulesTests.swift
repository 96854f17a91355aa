import Foundation
import SQLiteDB
import Testing

@testable import Navigation

/// The rules that hold routes to the data (a content selection is an item of the sidebar's list, a pushed route
/// is a link of the one below), the toolbar detail of a two-column layout, clearing the sidebar, and what
/// `back` and `forward` show.
@Suite struct NavigationRulesTests {
    /// A session on a fresh store whose catalog lacks the given links.
    private func session(
        unlinked: Set<[TestRoute]> = []
    ) throws -> (NavigationSession<TestRoute>, FakeCatalog, NavigationStore<TestRoute>, NavigationUser) {
        let catalog = FakeCatalog()
        catalog.unlinked = unlinked
        let store = try makeStore(validator: catalog)
        let user = try store.user(named: "ada")
        return (try store.openSession(scene: "main", for: user), catalog, store, user)
    }

    // MARK: Membership and links, checked through the validator

    @Test func aContentSelectionMustBeAnItemOfTheSidebarList() throws {
        let (session, _, _, _) = try session(unlinked: [[.genre(1), .band(9)]])
        try session.apply(.selectSidebar(.genre(1)))
        let refusal = NavigationError.notInSection(route: "band/9", sidebar: "genre/1")
        #expect(throws: refusal) { try session.apply(.selectContent(.band(9))) }
        #expect(refusal.localizedDescription == "band/9 is not listed under genre/1")
        let link = try #require(URL(string: "catalog://genre/1?content=band/9"))
        #expect(throws: refusal) { try session.apply(.open(link)) }
        #expect(session.state.content == nil)
        try session.apply(.selectContent(.band(8)))
        #expect(session.state.content == .band(8))
    }

    @Test func aPushMustFollowALinkOfTheRouteBelow() throws {
        let (session, _, _, _) = try session(unlinked: [[.book(1), .author(5)], [.author(2), .book(6)]])
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(1)))
        let refusal = NavigationError.notLinked(route: "author/5", from: "book/1")
        #expect(throws: refusal) { try session.apply(.push(.author(5))) }
        #expect(
            refusal.localizedDescription
                == "author/5 cannot be pushed onto book/1: the detail of book/1 does not link to it")
        #expect(throws: NavigationError.notLinked(route: "book/6", from: "author/2")) {
            try session.apply(.setStack([.author(2), .book(6)]))
        }
        let link = try #require(URL(string: "catalog://books?content=book/1&stack=author/2&stack=book/6"))
        #expect(throws: NavigationError.notLinked(route: "book/6", from: "author/2")) {
            try session.apply(.open(link))
        }
        #expect(session.state.stack.isEmpty)
        try session.apply(.setStack([.author(2), .book(7)]))
        #expect(session.state.stack == [.author(2), .book(7)])
    }

    @Test func linksAlreadyInTheStateAreNotAskedAgain() throws {
        let (session, catalog, _, _) = try session()
        try session.apply(.selectSidebar(.genre(1)))
        try session.apply(.selectContent(.band(2)))
        try session.apply(.push(.genre(3)))
        let checks = catalog.checks
        try session.apply(.push(.band(4)))
        // One new route and one new link.
        #expect(catalog.checks == checks + 2)
    }

    @Test func aRestoreClearsAContentSelectionTheSidebarNoLongerLists() throws {
        let (session, catalog, store, user) = try session()
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.genre(1)), .selectContent(.band(2)), .push(.genre(3)),
        ] {
            try session.apply(intent)
        }
        catalog.unlinked = [[.genre(1), .band(2)]]
        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.sidebar == .genre(1) && restored.state.content == nil && restored.state.detail == nil)
        #expect(
            restored.report.repairs == [
                Repair(
                    element: .content, storedValue: "band/2", reason: .notLinked(from: "genre/1"),
                    removed: ["band/2", "genre/3"])
            ])
        #expect(
            restored.report.description
                == "content selection band/2 is not listed under genre/1: removed band/2, genre/3")
        #expect(try store.restore(scene: "main", for: user).report.isEmpty)
    }

    @Test func aRestoreCutsTheStackAtTheFirstUnlinkedEntry() throws {
        let (session, catalog, store, user) = try session()
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.books), .selectContent(.book(1)), .push(.author(2)), .push(.book(3)), .push(.author(4)),
        ] {
            try session.apply(intent)
        }
        catalog.unlinked = [[.author(2), .book(3)]]
        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.detail == .book(1) && restored.state.stack == [.author(2)])
        #expect(
            restored.report.repairs == [
                Repair(
                    element: .stack(index: 1), storedValue: "book/3", reason: .notLinked(from: "author/2"),
                    removed: ["book/3", "author/4"])
            ])
    }

    // MARK: A toolbar detail in a two-column layout

    @Test func aToolbarDetailTakesTheMarkFromATwoColumnSidebarRoute() throws {
        var state = try navigate([.selectSidebar(.settings)])
        #expect(state.markedSidebarRoute == .settings)

        state = try state.applying(.showDetail(.cats)).state
        // The layout follows the sidebar route, which stays; only its mark goes.
        #expect(state.sidebar == .settings && state.layout == .twoColumns)
        #expect(state.markedSidebarRoute == nil)
        #expect(state.detail == .cats && state.stack.isEmpty && state.compactColumn == .detail)

        let reselected = try state.applying(.selectSidebar(.settings))
        #expect(reselected.historyEffect == .record)
        #expect(reselected.state.detail == .settings && reselected.state.markedSidebarRoute == .settings)
    }

    @Test func aToolbarDetailNeverSwitchesTheLayoutAndKeepsAThreeColumnMark() throws {
        var state = try navigate([.selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2))])
        state = try state.applying(.showDetail(.cats)).state
        #expect(state.layout == .threeColumns && state.sidebar == .authors && state.content == nil)
        #expect(state.markedSidebarRoute == .authors)
        // Reselecting a marked route still only pops to the root.
        let reselected = try state.applying(.selectSidebar(.authors)).state
        #expect(reselected.detail == .cats)
    }

    // MARK: Clearing the sidebar

    @Test func clearSidebarEmptiesTheStateButKeepsTheVisibility() throws {
        let state = try navigate([
            .setVisibility(.detailOnly), .selectSidebar(.genre(1)), .selectContent(.band(2)), .push(.genre(3)),
        ])
        let cleared = try state.applying(.clearSidebar)
        #expect(cleared.historyEffect == .record)
        var expected = SplitViewState<TestRoute>()
        expected.visibility = .detailOnly
        #expect(cleared.state == expected)
        #expect(try cleared.state.applying(.clearSidebar).historyEffect == .none)

        let link = try #require(URL(string: "catalog://"))
        #expect(try state.applying(.open(link)).state == expected)
        #expect(DeepLink(expected).urlString == "catalog://")
        #expect(try DeepLink<TestRoute>(url: link) == DeepLink(expected))
    }

    @Test func clearSidebarIsStoredAndRestoredAsTheEmptyState() throws {
        let (session, _, store, user) = try session()
        try session.apply(.selectSidebar(.books))
        try session.apply(.clearSidebar)
        let reopened = try store.openSession(scene: "main", for: user)
        #expect(reopened.state == SplitViewState() && reopened.restoreReport.isEmpty)
        try reopened.apply(.back)
        #expect(reopened.state.sidebar == .books)
    }

    // MARK: Back and forward

    @Test func backAndForwardKeepTheCurrentVisibility() throws {
        var navigator = Navigator<TestRoute>()
        try navigator.apply(.selectSidebar(.books))
        try navigator.apply(.selectSidebar(.authors))
        try navigator.apply(.setVisibility(.detailOnly))
        // The entry before shows authors too (with the visibility kept): back passes over it, and collapses it.
        try navigator.apply(.back)
        #expect(navigator.state.sidebar == .books && navigator.state.visibility == .detailOnly)
        #expect(navigator.history.entries.map(\.sidebar) == [nil, .books, .authors])
        try navigator.apply(.forward)
        #expect(navigator.state.sidebar == .authors && navigator.state.visibility == .detailOnly)

        let (session, _, store, user) = try session()
        try session.apply(.selectSidebar(.books))
        try session.apply(.setVisibility(.all))
        try session.apply(.selectSidebar(.authors))
        try session.apply(.setVisibility(.doubleColumn))
        try session.apply(.back)
        #expect(session.state.sidebar == .books && session.state.visibility == .doubleColumn)
        // What a relaunch shows is what `back` showed.
        #expect(try store.restore(scene: "main", for: user).state == session.state)
    }

    @Test func entriesARepairMakesEqualAreCollapsedSoBackAlwaysMoves() throws {
        let (session, catalog, store, user) = try session()
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.books), .selectContent(.book(1)), .push(.author(2)), .push(.book(3)), .push(.author(4)),
        ] {
            try session.apply(intent)
        }
        // book/3 goes: the entries ending in book/3 and author/4 both repair to book 1 › author 2.
        catalog.deleted = ["book/3"]
        let reopened = try store.openSession(scene: "main", for: user)
        #expect(reopened.state.stack == [.author(2)] && reopened.history == HistoryPosition(index: 5, count: 6))

        let repairs = try reopened.apply(.back)
        #expect(reopened.state.detail == .book(1) && reopened.state.stack.isEmpty)
        #expect(repairs.repairs.map(\.reason) == [.notFound])
        #expect(reopened.history == HistoryPosition(index: 2, count: 4))
        let entries = try store.history(ofScene: "main", for: user)
        #expect(entries.map(\.stack) == [[], [], [], [.author(2)]])
        try reopened.apply(.forward)
        #expect(reopened.state.stack == [.author(2)] && reopened.history == HistoryPosition(index: 3, count: 4))
        #expect(throws: NavigationError.noNextEntry) { try reopened.apply(.forward) }
    }

    @Test func backSkipsAndCollapsesAnEntryThatDiffersOnlyInVisibility() throws {
        let (session, _, store, user) = try session()
        try session.apply(.selectSidebar(.books))
        try session.apply(.setVisibility(.detailOnly))
        // The only earlier entries are the empty start and books with another visibility; the latter is the
        // current state under the current visibility, so back goes to the empty start.
        try session.apply(.back)
        var expected = SplitViewState<TestRoute>()
        expected.visibility = .detailOnly
        #expect(session.state == expected)
        #expect(session.history == HistoryPosition(index: 0, count: 2))
        #expect(try store.history(ofScene: "main", for: user).count == 2)
    }

    // MARK: Deep links

    @Test func aDeepLinkBlamesTheUnknownKeyNotItsValue() throws {
        let url = try #require(URL(string: "catalog://genres?foo=bar"))
        #expect(
            throws: NavigationError.invalidDeepLink(
                url: "catalog://genres?foo=bar",
                reason: "unknown query item \"foo\" (expected content, detail or stack)")
        ) {
            try DeepLink<TestRoute>(url: url)
        }
        let twice = try #require(URL(string: "catalog://genres?content=genre/1&content=genre/2"))
        #expect(
            throws: NavigationError.invalidDeepLink(
                url: twice.absoluteString, reason: "the query item \"content\" appears twice")
        ) {
            try DeepLink<TestRoute>(url: twice)
        }
    }
}
