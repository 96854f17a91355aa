extension NavigationStore {
    /// The users whose scenes changed after `position` of the database's record of scene changes, and where the
    /// record stands now; with `nil`, no users and where it stands (where a reader starts).
    ///
    /// The database keeps the record itself (triggers on `nav_scenes`), so it holds the saves of every process on
    /// the database: one read after each commit tells a server which users' scene long-polls to wake.
    ///
    /// - Parameter position: the ``SceneChanges/position`` of the previous read, `nil` for the first.
    /// - Throws: the database's error.
    package func sceneChanges(after position: Int64?) throws -> SceneChanges {
        try storage.sceneChanges(after: position)
    }
}
