/// A browser-like history of split-view states, bounded, held in memory.
///
/// Every state change appends a snapshot after the current entry, dropping the entries after it (a new
/// intent after `back` forgets the forward entries); an unchanged state is not recorded; past ``limit``
/// the oldest entries are dropped. `back` and `forward` move through the entries without recording.
/// ``NavigationStore`` keeps the same history in SQLite, one row per entry.
public struct NavigationHistory<Route: NavigationRoute>: Sendable, Hashable {
    /// The default number of entries kept per scene.
    public static var defaultLimit: Int { 100 }

    /// The entries, oldest first, as recorded; never empty.
    public private(set) var entries: [SplitViewState<Route>]
    /// The index of the current entry in ``entries``.
    public private(set) var index: Int
    /// The most entries kept.
    public let limit: Int
    /// The current state: the current entry as `back` or `forward` showed it, with the visibility they kept.
    public private(set) var current: SplitViewState<Route>

    /// A history holding only `initial`.
    ///
    /// - Parameters:
    ///   - initial: the first entry and current state.
    ///   - limit: the most entries kept (at least 1).
    public init(initial: SplitViewState<Route> = SplitViewState(), limit: Int = defaultLimit) {
        self.entries = [initial]
        self.index = 0
        self.limit = max(1, limit)
        self.current = initial
    }

    /// A history with `entries` (oldest first), at `index`, showing `current`: a scene's history as the store
    /// keeps it. Entries that do not fit `index` leave a history holding only `current`.
    init(entries: [SplitViewState<Route>], index: Int, current: SplitViewState<Route>, limit: Int) {
        self.init(initial: current, limit: limit)
        guard entries.indices.contains(index), entries.count <= self.limit else { return }
        self.entries = entries
        self.index = index
    }

    /// The entries `back` and `forward` move to: the nearest ones that show something other than the current
    /// state (an entry that differs from it only in the visibility that `back` keeps is passed over).
    public var neighbors: HistoryNeighbors<Route> {
        HistoryNeighbors(
            previous: target(by: -1).map { entries[$0] }, next: target(by: 1).map { entries[$0] })
    }

    /// Follows a transition: records its state, or moves back or forward.
    ///
    /// - Parameter transition: the result of ``SplitViewState/applying(_:history:)`` on ``current`` with
    ///   ``neighbors``.
    public mutating func follow(_ transition: NavigationTransition<Route>) {
        switch transition.historyEffect {
        case .none: break
        case .record: record(transition.state)
        case .moveBack: move(by: -1, showing: transition.state)
        case .moveForward: move(by: 1, showing: transition.state)
        }
    }

    /// Appends `state` after the current entry, unless it equals the current state, or the current entry
    /// itself (after `back`, the current state can differ from its entry in the visibility it kept; setting the
    /// entry's own visibility again returns to the entry, which is not recorded twice).
    ///
    /// - Parameter state: the new current state.
    public mutating func record(_ state: SplitViewState<Route>) {
        guard state != current else { return }
        entries.removeSubrange((index + 1)...)
        if state != entries[index] {
            entries.append(state)
            if entries.count > limit { entries.removeFirst(entries.count - limit) }
        }
        index = entries.count - 1
        current = state
    }

    /// The index of the nearest entry `offset`'s way that shows something else than ``current``.
    private func target(by offset: Int) -> Int? {
        var position = index + offset
        while entries.indices.contains(position) {
            if current.shownOnMove(to: entries[position]) != current { return position }
            position += offset
        }
        return nil
    }

    /// Moves to the neighbour `offset`'s way, collapsing the entries passed over: they showed the current state.
    private mutating func move(by offset: Int, showing state: SplitViewState<Route>) {
        guard let target = target(by: offset) else { return }
        let passed = offset < 0 ? (target + 1)..<index : (index + 1)..<target
        entries.removeSubrange(passed)
        index = offset < 0 ? target : target - passed.count
        current = state
    }
}
