/// The result of applying one intent: the new state and what it does to the history.
public struct NavigationTransition<Route: NavigationRoute>: Sendable, Hashable {
    /// The state after the intent.
    public let state: SplitViewState<Route>
    /// How the history follows.
    public let historyEffect: HistoryEffect

    /// A transition to `state` with `historyEffect`.
    ///
    /// - Parameters:
    ///   - state: the new state.
    ///   - historyEffect: what the history does.
    public init(state: SplitViewState<Route>, historyEffect: HistoryEffect) {
        self.state = state
        self.historyEffect = historyEffect
    }
}
