/// A scene's state as restored from storage, with what had to be repaired.
public struct RestoredScene<Route: NavigationRoute>: Sendable, Hashable {
    /// Where the restored state came from.
    public enum Origin: Sendable, Hashable {
        /// The scene's own saved state.
        case savedState
        /// The scene had no saved state: the user's most recently used scene, named here.
        case lastUsedScene(String)
        /// Nothing saved for this user: an empty state.
        case empty
    }

    /// The restored, valid state.
    public let state: SplitViewState<Route>
    /// The repairs made to the stored state.
    public let report: RepairReport
    /// Where the state came from.
    public let origin: Origin
    /// The scene's position in its history.
    public let history: HistoryPosition
    /// The revision of the saved state this was restored from.
    public let revision: SceneRevision
}
