import Foundation
import Navigation
import Testing

@Suite struct SplitViewStateTransitionsTests {
    // A genre in the sidebar lists its bands; a band selected there becomes the detail; a child
    // state (a pushed genre) is optional and goes when the selection upstream changes.
    @Test func genreInSidebarThenBandsThenBand() throws {
        var state = try navigate([.selectSidebar(.genre(1))])
        #expect(state.sidebar == .genre(1))
        #expect(state.content == nil && state.detail == nil)
        #expect(state.compactColumn == .content)

        state = try state.applying(.selectContent(.band(7))).state
        #expect(state.content == .band(7) && state.detail == .band(7) && state.compactColumn == .detail)

        state = try state.applying(.push(.genre(2))).state
        #expect(state.stack == [.genre(2)])

        state = try state.applying(.selectSidebar(.genre(3))).state
        #expect(state.sidebar == .genre(3))
        #expect(state.content == nil && state.detail == nil && state.stack.isEmpty)

        #expect(throws: NavigationError.notInSection(route: "book/1", sidebar: "genre/3")) {
            try state.applying(.selectContent(.book(1)))
        }
    }

    // Content root, detail root, push, and the 2 ↔ 3 column switch.
    @Test func contentRootDetailRootPushAndColumnSwitch() throws {
        var state = try navigate([.selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2))])
        #expect(state.layout == .threeColumns)
        #expect(state.detail == .author(1) && state.stack == [.book(2)])

        state = try state.applying(.selectContent(.author(3))).state
        #expect(state.detail == .author(3) && state.stack.isEmpty)

        state = try state.applying(.selectSidebar(.settings)).state
        #expect(state.layout == .twoColumns)
        #expect(state.content == nil && state.detail == .settings && state.stack.isEmpty)
        #expect(state.compactColumn == .detail)
        #expect(throws: NavigationError.noContentColumn(sidebar: "settings")) {
            try state.applying(.selectContent(.author(1)))
        }

        state = try state.applying(.selectSidebar(.books)).state
        #expect(state.layout == .threeColumns && state.detail == nil && state.compactColumn == .content)
    }

    // A toolbar button shows a detail that is in no list; the compact column follows, so a
    // collapsed split view shows it.
    @Test func toolbarDetailAndCompactColumn() throws {
        var state = try navigate([.selectSidebar(.symbol("Rat"))])
        #expect(state.detail == .symbol("Rat") && state.compactColumn == .detail)

        state = try state.applying(.compactBack).state
        #expect(state.sidebar == nil && state.detail == nil && state.compactColumn == .sidebar)

        state = try state.applying(.showDetail(.cats)).state
        #expect(state.detail == .cats && state.compactColumn == .detail)

        var library = try navigate([.selectSidebar(.authors), .selectContent(.author(1))])
        library = try library.applying(.showDetail(.author(1))).state
        #expect(library.content == .author(1))
        library = try library.applying(.showDetail(.cats)).state
        #expect(library.content == nil && library.detail == .cats && library.compactColumn == .detail)

        #expect(throws: NavigationError.noContentColumn(sidebar: "symbol/Ox")) {
            try navigate([.selectSidebar(.symbol("Ox")), .setCompactColumn(.content)])
        }
    }

    // The sidebar and list selections are kept, and the secondary (detail) is cleared when the
    // primary (content) selection changes.
    @Test func selectionsKeptSecondaryClearedWithPrimary() throws {
        var state = try navigate([.selectSidebar(.books), .selectContent(.book(1)), .push(.author(2))])
        state = try state.applying(.setVisibility(.all)).state
        #expect(state.sidebar == .books && state.content == .book(1))

        state = try state.applying(.selectContent(.book(5))).state
        #expect(state.detail == .book(5) && state.stack.isEmpty)

        state = try state.applying(.selectContent(nil)).state
        #expect(state.content == nil && state.detail == nil && state.compactColumn == .content)
        #expect(state.sidebar == .books && state.visibility == .all)
    }

    @Test func reselectingTheCurrentSidebarItemPopsToRoot() throws {
        let before = try navigate([
            .selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2)), .push(.author(3)),
        ])
        let after = try before.applying(.selectSidebar(.authors))
        #expect(after.state.content == .author(1) && after.state.detail == .author(1) && after.state.stack.isEmpty)
        #expect(after.historyEffect == .record)

        let again = try after.state.applying(.selectSidebar(.authors))
        #expect(again.state == after.state && again.historyEffect == .none)
    }

    @Test func pushStackAndPop() throws {
        var state = try navigate([.push(.book(1))])
        #expect(state.detail == .book(1) && state.stack.isEmpty)
        state = try state.applying(.push(.author(2))).state
        #expect(throws: NavigationError.cannotPush(route: "settings", onto: "author/2")) {
            try state.applying(.push(.settings))
        }
        state = try state.applying(.setStack([.author(4), .book(5)])).state
        #expect(state.stack == [.author(4), .book(5)])
        state = try state.applying(.pop).state
        #expect(state.stack == [.author(4)])
        state = try state.applying(.popToRoot).state
        #expect(state.stack.isEmpty)
        #expect(throws: NavigationError.stackIsEmpty) { try state.applying(.pop) }
        #expect(throws: NavigationError.noDetailRoot) {
            try SplitViewState<TestRoute>().applying(.setStack([.book(1)]))
        }
    }

    /// `popTo(n)` keeps the first n entries of the stack, as truncating a `NavigationStack`'s path does: what a
    /// breadcrumb's middle entry asks for.
    @Test(arguments: [
        (0, [TestRoute]()), (1, [.book(2)]), (2, [.book(2), .author(4)]), (3, [.book(2), .author(4), .book(5)]),
    ])
    func popToKeepsTheFirstEntriesOfTheStack(index: Int, kept: [TestRoute]) throws {
        let state = try navigate([
            .selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2)), .push(.author(4)), .push(.book(5)),
        ])
        let next = try state.applying(.popTo(index)).state
        #expect(next.stack == kept)
        #expect(next.detail == .author(1) && next.content == .author(1) && next.sidebar == .authors)
        #expect(next.compactColumn == state.compactColumn)
    }

    @Test func popToZeroIsPopToRootAndTheWholeStackChangesNothing() throws {
        let state = try navigate([.selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2))])
        #expect(try state.applying(.popTo(0)) == state.applying(.popToRoot))
        let same = try state.applying(.popTo(1))
        #expect(same.state == state && same.historyEffect == .none)
    }

    @Test func popToPastTheStackIsRefused() throws {
        let state = try navigate([.selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2))])
        #expect(throws: NavigationError.noStackEntry(index: 2, depth: 1)) { try state.applying(.popTo(2)) }
        #expect(throws: NavigationError.noStackEntry(index: -1, depth: 1)) { try state.applying(.popTo(-1)) }
        #expect(throws: NavigationError.noStackEntry(index: 1, depth: 0)) {
            try SplitViewState<TestRoute>().applying(.popTo(1))
        }
        #expect(
            NavigationError.noStackEntry(index: 3, depth: 1).description
                == "cannot pop to entry 3: the detail stack holds 1 entry; pop to 0 (its root) to 1")
    }

    @Test func compactBackPopsThenClearsTheDeepestSelection() throws {
        var state = try navigate([.selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2))])
        state = try state.applying(.compactBack).state
        #expect(state.stack.isEmpty && state.detail == .author(1) && state.compactColumn == .detail)
        state = try state.applying(.compactBack).state
        #expect(state.sidebar == .authors && state.content == nil && state.detail == nil)
        #expect(state.compactColumn == .content)
        state = try state.applying(.compactBack).state
        #expect(state.sidebar == nil && state.compactColumn == .sidebar)
        #expect(throws: NavigationError.alreadyAtSidebar) { try state.applying(.compactBack) }
    }

    /// The back button acts on the column shown: with the sidebar on top it refuses and leaves the hidden stack
    /// alone; with the content list on top it goes to the sidebar at once, not popping a stack that is not shown.
    @Test func compactBackActsOnTheColumnShown() throws {
        let shown = try navigate([
            .selectSidebar(.genres), .selectContent(.genre(1)), .push(.band(2)), .push(.genre(3)),
        ])
        let sidebarOnTop = try shown.applying(.setCompactColumn(.sidebar)).state
        #expect(throws: NavigationError.alreadyAtSidebar) { try sidebarOnTop.applying(.compactBack) }
        let contentOnTop = try shown.applying(.setCompactColumn(.content)).state
        let back = try contentOnTop.applying(.compactBack).state
        #expect(back.sidebar == nil && back.content == nil && back.detail == nil && back.stack.isEmpty)
        #expect(back.compactColumn == .sidebar)
    }

    @Test func aListCannotBeTheDetailRoot() throws {
        let state = try navigate([.selectSidebar(.genres)])
        #expect(throws: NavigationError.notADetail(route: "books")) { try state.applying(.showDetail(.books)) }
        #expect(throws: NavigationError.notADetail(route: "genres")) { try state.applying(.push(.genres)) }
        #expect(throws: NavigationError.invalidState(reason: "books is a list, which the detail column does not show"))
        {
            try SplitViewState<TestRoute>(sidebar: .genres, detail: .books)
        }
    }

    @Test func refusedIntentsSayWhy() throws {
        let state = try navigate([.selectSidebar(.authors), .selectContent(.author(1))])
        let refusals: [(NavigationIntent<TestRoute>, NavigationError)] = [
            (.selectSidebar(.book(1)), .notASidebarItem(route: "book/1")),
            (.selectContent(.book(1)), .notInSection(route: "book/1", sidebar: "authors")),
            (.push(.genre(1)), .cannotPush(route: "genre/1", onto: "author/1")),
            (.back, .noPreviousEntry),
            (.forward, .noNextEntry),
        ]
        for (intent, reason) in refusals {
            #expect(throws: reason) { try state.applying(intent) }
        }
        let link = try #require(URL(string: "catalog://authors?content=book/1"))
        #expect {
            try state.applying(.open(link))
        } throws: { error in
            guard case .invalidDeepLink(let url, _) = error as? NavigationError else { return false }
            return url == link.absoluteString
        }
    }

    @Test func backAndForwardTakeTheNeighbourEntries() throws {
        let previous = try navigate([.selectSidebar(.books)])
        let current = try navigate([.selectSidebar(.authors)])
        let back = try current.applying(.back, history: HistoryNeighbors(previous: previous))
        #expect(back.state == previous && back.historyEffect == .moveBack)
        #expect(throws: NavigationError.noNextEntry) { try current.applying(.forward, history: .none) }
    }

    @Test func visibilityIsStoredAsChosen() throws {
        for visibility in ColumnVisibility.allCases {
            #expect(try navigate([.setVisibility(visibility)]).visibility == visibility)
        }
    }
}
