/// The watchers a ``CommitSource`` starts: one per kind of commit, possibly one watcher for both. Only the stores of
/// this module make one.
package struct CommitWatchers: Sendable {
    /// Wakes long-polls of the change feed when a change to the catalog commits.
    package let catalog: CommitWatcher
    /// Wakes long-polls of scenes when navigation state commits.
    package let navigation: CommitWatcher

    /// Stops both (one watcher serving both is stopped once: stopping again does nothing).
    package func stop() {
        catalog.stop()
        navigation.stop()
    }
}
