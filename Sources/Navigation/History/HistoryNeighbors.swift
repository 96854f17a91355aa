/// The history entries next to the current one: what `back` and `forward` move to.
///
/// The pure transition function needs only these two, so a persisted history can be loaded one entry
/// at a time.
public struct HistoryNeighbors<Route: NavigationRoute>: Sendable, Hashable {
    /// The entry before the current one.
    public var previous: SplitViewState<Route>?
    /// The entry after the current one.
    public var next: SplitViewState<Route>?

    /// Neighbours with the given entries.
    ///
    /// - Parameters:
    ///   - previous: the entry `back` moves to, if any.
    ///   - next: the entry `forward` moves to, if any.
    public init(previous: SplitViewState<Route>? = nil, next: SplitViewState<Route>? = nil) {
        self.previous = previous
        self.next = next
    }

    /// No history on either side.
    public static var none: Self { Self() }
}
