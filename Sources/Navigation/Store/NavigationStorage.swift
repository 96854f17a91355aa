package import Foundation

/// The statements ``NavigationStore`` runs on `nav_scenes`, `nav_history` and `nav_sessions`: ``SQLNavigationStorage``
/// on either database.
///
/// It only moves rows; what a save, a move through history, a restore or a session does stays in the store, so
/// both databases keep the same rules. States arrive encoded (``StoredText``), and every query is scoped by the user.
package protocol NavigationStorage {
    /// The scene's own row, or else (when it has none) the user's most recently used one, read at one point in time.
    func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?)

    /// Runs `body` in one transaction that writes the navigation rows of `user`: committed when it returns, rolled
    /// back when it throws. While it runs, no other writer changes that user's scenes, so what `body` reads (a
    /// revision, a history window) is still true when it writes.
    func write<T>(for user: NavigationUser, _ body: (any SceneTransaction) throws -> T) throws -> T

    /// Called after each committed save or move (a background checkpoint counts them).
    func didSave()

    /// Runs a checkpoint of the storage's log, where it has one.
    func checkpoint() throws

    /// The user's scenes, most recently used first.
    func scenes(of user: NavigationUser) throws -> [SceneSummary]

    /// The users whose scenes changed after `position` of the database's record of scene changes, and where the
    /// record stands; with `nil`, no users and where it stands (where a reader starts).
    func sceneChanges(after position: Int64?) throws -> SceneChanges

    /// The scene's history entries, oldest first.
    func history(ofScene scene: String, user: NavigationUser) throws -> [StoredText]

    /// Deletes a scene with its history; returns whether it had a row.
    func deleteScene(_ scene: String, user: NavigationUser) throws -> Bool

    /// Deletes every scene, of every user, last changed before `date`; returns how many.
    func deleteScenes(unusedSince date: Date) throws -> Int

    /// Inserts the user's session `name`, or replaces its state.
    func upsertSession(named name: String, _ state: StoredText, user: NavigationUser, at date: Date) throws

    /// The user's sessions, in the byte order of their names.
    func sessions(of user: NavigationUser) throws -> [SavedSession]

    /// The stored state of the user's session `name`.
    func session(named name: String, user: NavigationUser) throws -> StoredText?

    /// Renames the user's session; returns whether it existed.
    ///
    /// - Throws: ``NavigationStoreError/sessionExists(name:)`` when the user has a session named `newName`.
    func renameSession(named name: String, to newName: String, user: NavigationUser, at date: Date) throws -> Bool

    /// Deletes the user's session; returns whether it existed.
    func deleteSession(named name: String, user: NavigationUser) throws -> Bool
}

/// The statements a save, a move through history or a repair's write-back runs inside the transaction of
/// ``NavigationStorage/write(for:_:)``.
package protocol SceneTransaction {
    /// ``NavigationStorage/sceneRows(scene:user:)``, inside the transaction.
    func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?)

    /// The history window of the user's scene, `nil` when it has no row.
    func sceneWindow(scene: String, user: NavigationUser) throws -> SceneWindow?

    /// Inserts the scene's row with `state` as its only history entry, at position 0.
    func insertScene(_ scene: String, _ state: StoredText, user: NavigationUser, at date: Date) throws -> SceneWindow

    /// Sets the scene row's state, history window and `updated_at`.
    func updateScene(_ window: SceneWindow, _ state: StoredText, at date: Date) throws

    /// Sets the state of `row` only while its state and window are as they were read; returns whether it did.
    func replaceState(of row: SceneRow, with state: StoredText) throws -> Bool

    /// The history entry at `position`.
    func historyEntry(scene id: Int64, at position: Int64) throws -> StoredText?

    /// Appends a history entry at `position`.
    func insertHistoryEntry(scene id: Int64, at position: Int64, _ state: StoredText, recordedAt date: Date) throws

    /// Replaces the state of the history entry at `position`.
    func replaceHistoryEntry(scene id: Int64, at position: Int64, with state: StoredText) throws

    /// Deletes the entries after `position` (the forward entries a new intent drops).
    func deleteHistory(scene id: Int64, after position: Int64) throws

    /// Deletes the entries before `position` (pruning).
    func deleteHistory(scene id: Int64, before position: Int64) throws

    /// Deletes the entries from `low` through `high` and moves the ones after them down by that many, so the
    /// positions stay contiguous.
    func collapseHistory(scene id: Int64, from low: Int64, through high: Int64) throws
}
