/// The watchers a ``CommitSource`` starts: one per kind of commit, possibly one watcher for both.
package struct CommitWatchers: Sendable {
    /// Wakes long-polls of the change feed when a change to the catalog commits.
    package let catalog: CommitWatcher
    /// Wakes long-polls of scenes when navigation state commits.
    package let navigation: CommitWatcher

    package init(catalog: CommitWatcher, navigation: CommitWatcher) {
        self.catalog = catalog
        self.navigation = navigation
    }

    /// Stops both (one watcher serving both is stopped once: stopping again does nothing).
    package func stop() {
        catalog.stop()
        navigation.stop()
    }
}
