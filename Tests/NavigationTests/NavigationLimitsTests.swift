import Foundation
import Testing

@testable import Navigation

/// Routes and states over ``NavigationLimits`` are refused on every way in (an intent, a deep link, a replaced state,
/// a session) and repaired when an older program stored them.
@Suite struct NavigationLimitsTests {
    @Test(arguments: Backend.allCases) func anIntentWithARouteOverTheLimitIsRefusedAndSavesNothing(_ backend: Backend)
        throws
    {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))

        let over = symbol(bytes: NavigationLimits.routeBytes + 1)
        #expect(throws: NavigationError.routeTooLong(route: excerpt(over), bytes: NavigationLimits.routeBytes + 1)) {
            try session.apply(.selectSidebar(over))
        }
        #expect(session.state.sidebar == .books)
        #expect(try store.restore(scene: "main", for: user).state.sidebar == .books)
        #expect(try store.history(ofScene: "main", for: user).count == 2)

        let atTheLimit = symbol(bytes: NavigationLimits.routeBytes)
        try session.apply(.selectSidebar(atTheLimit))
        #expect(try store.restore(scene: "main", for: user).state.sidebar == atTheLimit)
    }

    @Test(arguments: Backend.allCases) func aStackThatWouldPassTheStateLimitIsRefused(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))
        try session.apply(.selectContent(.book(0)))
        let stack = Self.stack(count: 2_000)
        let fits = try Self.longestFittingStack(on: session.state, of: stack)

        #expect(throws: NavigationError.stateTooLarge(bytes: try Self.bytes(session.state, stack: stack))) {
            try session.apply(.setStack(stack))
        }
        #expect(try store.restore(scene: "main", for: user).state.stack.isEmpty)
        try session.apply(.setStack(Array(stack.prefix(fits))))
        let full = session.state
        #expect(StoredStateCodec.encode(full).utf8.count <= NavigationLimits.stateBytes)
        #expect(
            throws: NavigationError.stateTooLarge(bytes: try Self.bytes(full, stack: Array(stack.prefix(fits + 1))))
        ) {
            try session.apply(.push(stack[fits]))
        }
        #expect(try store.restore(scene: "main", for: user).state == full)
    }

    /// A deep link is refused as too large, not as impossible, and its message does not repeat it.
    @Test func aDeepLinkOverTheLimitsIsRefused() throws {
        let over = symbol(bytes: NavigationLimits.routeBytes + 1)
        let longRoute = try #require(URL(string: "catalog://" + over.path))
        #expect(throws: NavigationError.routeTooLong(route: excerpt(over), bytes: NavigationLimits.routeBytes + 1)) {
            try SplitViewState<TestRoute>().applying(.open(longRoute))
        }

        let stack = Self.stack(count: 2_000)
        let longStack = try #require(DeepLink<TestRoute>(sidebar: .books, content: .book(0), stack: stack).url)
        let opened = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(0), detail: .book(0), compactColumn: .detail)
        #expect(throws: NavigationError.stateTooLarge(bytes: try Self.bytes(opened, stack: stack))) {
            try SplitViewState<TestRoute>().applying(.open(longStack))
        }
    }

    @Test(arguments: Backend.allCases) func aReplacedStateOrASessionOverTheLimitIsRefused(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        let large = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(0), detail: .book(0), stack: Self.stack(count: 2_000))
        let refusal = NavigationError.stateTooLarge(bytes: StoredStateCodec.encode(large).utf8.count)

        #expect(throws: refusal) { try store.saveSession(named: "large", state: large, for: user) }
        #expect(try store.sessions(for: user).isEmpty)
        #expect(throws: refusal) { try session.replaceStateUnlessChanged(with: large) }
        #expect(try store.restore(scene: "main", for: user).origin == .empty)
    }

    // MARK: Restoring what an older program stored

    @Test(arguments: Backend.allCases) func aStoredRouteOverTheLimitIsDroppedWithWhatDependsOnIt(_ backend: Backend)
        throws
    {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        let over = symbol(bytes: 1_000_000)
        try store.overwriteState(ofScene: "main", format: 2, state: #"{"sidebar":"\#(over.path)","detail":"symbol/x"}"#)

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state == SplitViewState())
        #expect(
            restored.report.repairs == [
                Repair(
                    element: .sidebar, storedValue: excerpt(over), reason: .routeTooLong(bytes: 1_000_000),
                    removed: [excerpt(over), "symbol/x"])
            ])
        #expect(restored.report.description.contains("over the limit of 2048 bytes for a route"))
        // Written back: reported once, and the stored text is small again.
        #expect(try store.restore(scene: "main", for: user).report.isEmpty)
        #expect(try #require(try store.integer("SELECT length(state) FROM nav_scenes")) < 100)
    }

    @Test(arguments: Backend.allCases) func aStoredStateOverTheLimitLosesTheTopOfItsStack(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        let base = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(0), detail: .book(0), compactColumn: .detail)
        let stack = Self.stack(count: 2_000)
        let stored = try SplitViewState<TestRoute>(
            sidebar: .books, content: .book(0), detail: .book(0), stack: stack, compactColumn: .detail)
        try store.overwriteState(ofScene: "main", format: 2, state: StoredStateCodec.encode(stored))
        let fits = try Self.longestFittingStack(on: base, of: stack)

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.stack == Array(stack.prefix(fits)))
        #expect(
            restored.report.repairs == [
                Repair(
                    element: .stack(index: fits), storedValue: stack[fits].path,
                    reason: .stateTooLarge(bytes: StoredStateCodec.encode(stored).utf8.count),
                    removed: stack[fits...].map(\.path))
            ])
        #expect(try store.restore(scene: "main", for: user).report.isEmpty)
    }

    /// Text this program does not read made the stored state large: the state is stored again without it.
    @Test(arguments: Backend.allCases) func aStoredStateLargeWithUnreadPartsIsStoredAgain(_ backend: Backend) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        let text = #"{"sidebar":"books","notes":"\#(String(repeating: "x", count: 20_000))"}"#
        try store.overwriteState(ofScene: "main", format: 2, state: text)

        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.state.sidebar == .books)
        #expect(
            restored.report.repairs == [
                Repair(element: .state, storedValue: nil, reason: .stateTooLarge(bytes: text.utf8.count), removed: [])
            ])
        #expect(try store.restore(scene: "main", for: user).report.isEmpty)
        #expect(try #require(try store.integer("SELECT length(state) FROM nav_scenes")) < 100)
    }

    // MARK: Helpers

    /// A two-column sidebar route whose path is `bytes` bytes long.
    private func symbol(bytes: Int) -> TestRoute {
        .symbol(String(repeating: "x", count: bytes - "symbol/".utf8.count))
    }

    /// A route as a message or a report shows one over the limit: its beginning.
    private func excerpt(_ route: TestRoute) -> String {
        String(route.path.prefix(60)) + "…"
    }

    /// A detail stack that may stand on `book/0`: authors and books in turn.
    private static func stack(count: Int) -> [TestRoute] {
        (1...count).map { $0 % 2 == 1 ? .author($0) : .book($0) }
    }

    /// The bytes `state` with `stack` as its detail stack takes as stored.
    private static func bytes(_ state: SplitViewState<TestRoute>, stack: [TestRoute]) throws -> Int {
        let whole = try SplitViewState(
            sidebar: state.sidebar, content: state.content, detail: state.detail, stack: stack,
            visibility: state.visibility, compactColumn: state.compactColumn)
        return StoredStateCodec.encode(whole).utf8.count
    }

    /// How many entries of `stack`, from the bottom, fit on `state` within the limit.
    private static func longestFittingStack(on state: SplitViewState<TestRoute>, of stack: [TestRoute]) throws -> Int {
        var count = 0
        while count < stack.count,
            try bytes(state, stack: Array(stack.prefix(count + 1))) <= NavigationLimits.stateBytes
        {
            count += 1
        }
        return count
    }
}
