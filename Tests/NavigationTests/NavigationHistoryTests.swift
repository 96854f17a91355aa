import Navigation
import Testing

@Suite struct NavigationHistoryTests {
    @Test func backAndForwardDoNotRecord() throws {
        var navigator = Navigator<TestRoute>()
        try navigator.apply(.selectSidebar(.books))
        try navigator.apply(.selectSidebar(.authors))
        #expect(navigator.history.entries.count == 3)
        #expect(try navigator.apply(.back) == .moveBack)
        #expect(navigator.state.sidebar == .books)
        #expect(try navigator.apply(.forward) == .moveForward)
        #expect(navigator.state.sidebar == .authors && navigator.history.entries.count == 3)
        #expect(throws: NavigationError.noNextEntry) { try navigator.apply(.forward) }
    }

    @Test func newIntentAfterBackDropsTheForwardEntries() throws {
        var navigator = Navigator<TestRoute>()
        try navigator.apply(.selectSidebar(.books))
        try navigator.apply(.selectSidebar(.authors))
        try navigator.apply(.selectSidebar(.genres))
        try navigator.apply(.back)
        try navigator.apply(.back)
        try navigator.apply(.selectSidebar(.bands))
        #expect(navigator.history.entries.map(\.sidebar) == [nil, .books, .bands])
        #expect(navigator.history.neighbors.next == nil)
    }

    /// After `back` the scene shows its entry with the visibility it kept; setting the entry's own visibility
    /// returns to the entry, which is not recorded a second time (a random sequence found the duplicate).
    @Test func returningToTheEntryAfterBackIsNotRecordedTwice() throws {
        var navigator = Navigator<TestRoute>()
        try navigator.apply(.selectSidebar(.books))
        try navigator.apply(.setVisibility(.all))
        try navigator.apply(.back)
        #expect(navigator.state.sidebar == nil && navigator.state.visibility == .all && navigator.history.index == 0)
        try navigator.apply(.setVisibility(.automatic))
        #expect(navigator.history.entries == [SplitViewState()] && navigator.state == SplitViewState())
    }

    @Test func consecutiveDuplicatesAreNotRecorded() throws {
        var navigator = Navigator<TestRoute>()
        try navigator.apply(.selectSidebar(.books))
        #expect(try navigator.apply(.selectSidebar(.books)) == .none)
        #expect(try navigator.apply(.popToRoot) == .none)
        #expect(navigator.history.entries.count == 2)
    }

    @Test func historyIsBoundedDroppingTheOldest() throws {
        var navigator = Navigator<TestRoute>(historyLimit: 5)
        for id in 1...20 {
            try navigator.apply(.selectSidebar(.genre(id)))
        }
        #expect(navigator.history.entries.map(\.sidebar) == (16...20).map { .genre($0) })
        #expect(navigator.history.index == 4)
        #expect(NavigationHistory<TestRoute>().limit == 100)
    }
}
