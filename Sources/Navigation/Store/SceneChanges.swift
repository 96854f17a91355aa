/// What the database's record of scene changes (`nav_scene_changes`) says since a position of it: whose scenes
/// changed, and where the record stands now. A server holding long-polls on scenes reads it once per commit and
/// wakes only the waiters of those users.
///
/// The record is per user, not per scene: a scene without a row of its own shows its user's most recently used one,
/// so a change to one scene can change what another of the same user's scenes answers.
package struct SceneChanges: Sendable, Equatable {
    /// The ids of the users whose scenes changed after the position asked about; `nil` when the record cannot say,
    /// because it stands before that position (the database was replaced or emptied), so every user's scenes may
    /// have changed.
    package let users: Set<Int64>?
    /// Where the record stands: ask about the changes after it next.
    package let position: Int64

    package init(users: Set<Int64>?, position: Int64) {
        self.users = users
        self.position = position
    }
}
