/// A split-view state with its history, in memory: what an app that does not persist navigation needs,
/// and the model ``NavigationSession`` persists.
///
/// ```swift
/// var navigator = Navigator<LibraryRoute>()
/// try navigator.apply(.selectSidebar(.authors))
/// try navigator.apply(.selectContent(.author(id)))
/// try navigator.apply(.back)   // authors, nothing selected
/// ```
public struct Navigator<Route: NavigationRoute>: Sendable, Hashable {
    /// The history; its current entry is the state.
    public private(set) var history: NavigationHistory<Route>

    /// A navigator starting at `state`.
    ///
    /// - Parameters:
    ///   - state: the initial state.
    ///   - historyLimit: the most history entries kept.
    public init(
        state: SplitViewState<Route> = SplitViewState(), historyLimit: Int = NavigationHistory<Route>.defaultLimit
    ) {
        self.history = NavigationHistory(initial: state, limit: historyLimit)
    }

    /// A navigator with `history`.
    init(history: NavigationHistory<Route>) {
        self.history = history
    }

    /// The current state.
    public var state: SplitViewState<Route> { history.current }

    /// Applies `intent` and follows it in the history.
    ///
    /// - Parameter intent: what the user did.
    /// - Returns: what the history did.
    /// - Throws: ``NavigationError`` when the intent is refused; nothing changes then.
    @discardableResult
    public mutating func apply(_ intent: NavigationIntent<Route>) throws(NavigationError) -> HistoryEffect {
        let transition = try state.applying(intent, history: neighbors(for: intent))
        history.follow(transition)
        return transition.historyEffect
    }
}

extension Navigator {
    /// The history entries `intent` needs: the neighbours for `back` and `forward`, none for the others, which
    /// then need not search the history for them.
    private func neighbors(for intent: NavigationIntent<Route>) -> HistoryNeighbors<Route> {
        switch intent {
        case .back, .forward: history.neighbors
        default: .none
        }
    }

    /// Where the state stands in the history.
    var position: HistoryPosition { HistoryPosition(index: history.index, count: history.entries.count) }
}
