/// A browser-like history of split-view states, bounded, held in memory.
///
/// Every state change appends a snapshot after the current entry, dropping the entries after it (a new
/// intent after `back` forgets the forward entries); an unchanged state is not recorded; past ``limit``
/// the oldest entries are dropped. `back` and `forward` move through the entries without recording.
/// ``NavigationStore`` keeps the same history in SQLite, one row per entry.
public struct NavigationHistory<Route: NavigationRoute>: Sendable, Hashable {
    /// The default number of entries kept per scene.
    public static var defaultLimit: Int { 100 }

    /// The entries, oldest first; never empty.
    public private(set) var entries: [SplitViewState<Route>]
    /// The index of the current entry in ``entries``.
    public private(set) var index: Int
    /// The most entries kept.
    public let limit: Int

    /// A history holding only `initial`.
    ///
    /// - Parameters:
    ///   - initial: the first entry and current state.
    ///   - limit: the most entries kept (at least 1).
    public init(initial: SplitViewState<Route> = SplitViewState(), limit: Int = defaultLimit) {
        self.entries = [initial]
        self.index = 0
        self.limit = max(1, limit)
    }

    /// The current entry.
    public var current: SplitViewState<Route> { entries[index] }

    /// The entries `back` and `forward` move to.
    public var neighbors: HistoryNeighbors<Route> {
        HistoryNeighbors(
            previous: index > 0 ? entries[index - 1] : nil,
            next: index + 1 < entries.count ? entries[index + 1] : nil)
    }

    /// Follows a transition: records its state, or moves back or forward.
    ///
    /// - Parameter transition: the result of ``SplitViewState/applying(_:history:)`` on ``current``.
    public mutating func follow(_ transition: NavigationTransition<Route>) {
        switch transition.historyEffect {
        case .none: break
        case .record: record(transition.state)
        case .moveBack: index = max(0, index - 1)
        case .moveForward: index = min(entries.count - 1, index + 1)
        }
    }

    /// Appends `state` after the current entry, unless it equals the current entry.
    ///
    /// - Parameter state: the new current state.
    public mutating func record(_ state: SplitViewState<Route>) {
        guard state != current else { return }
        entries.removeSubrange((index + 1)...)
        entries.append(state)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        index = entries.count - 1
    }
}
