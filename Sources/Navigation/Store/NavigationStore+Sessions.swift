import Foundation

extension NavigationStore {
    /// Saves `state` as the user's session `name`, replacing a session of that name.
    ///
    /// - Parameters:
    ///   - name: the session's name.
    ///   - state: the state to save.
    ///   - user: whose session it is.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``; ``NavigationError/routeTooLong(route:bytes:)`` or
    ///   ``NavigationError/stateTooLarge(bytes:)`` when `state` is over ``NavigationLimits``; the database's error.
    public func saveSession(named name: String, state: SplitViewState<Route>, for user: NavigationUser) throws {
        try NavigationName.validate(name, as: .session)
        try NavigationLimits.check(state)
        try storage.upsertSession(named: name, StoredText(state), user: user, at: Date())
    }

    /// Saves the current state of `scene` as the user's session `name`.
    ///
    /// - Parameters:
    ///   - name: the session's name.
    ///   - scene: the scene whose state is saved (restored first, so a repaired state is what is saved).
    ///   - user: whose session it is.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error.
    public func saveSession(named name: String, fromScene scene: String, for user: NavigationUser) throws {
        try saveSession(named: name, state: try restore(scene: scene, for: user).state, for: user)
    }

    /// Restores the user's session `name` into `scene`: the scene's new current state, recorded in its
    /// history like any intent.
    ///
    /// - Parameters:
    ///   - name: the session's name.
    ///   - scene: the scene to restore it into.
    ///   - user: whose session and scene.
    /// - Returns: the repairs the saved state needed (its routes are checked like a restored scene's).
    /// - Throws: ``NavigationStoreError/sessionNotFound(name:)``, the database's error.
    @discardableResult
    public func restoreSession(named name: String, intoScene scene: String, for user: NavigationUser) throws
        -> RepairReport
    {
        try openSession(scene: scene, for: user).restoreSession(named: name)
    }

    /// The user's saved sessions, by name.
    ///
    /// - Parameter user: whose sessions.
    /// - Throws: the database's error.
    public func sessions(for user: NavigationUser) throws -> [SavedSession] {
        try storage.sessions(of: user)
    }

    /// Renames the user's session `name` to `newName`.
    ///
    /// - Parameters:
    ///   - name: the current name.
    ///   - newName: the new name.
    ///   - user: whose session.
    /// - Throws: ``NavigationStoreError/sessionNotFound(name:)``, ``NavigationStoreError/sessionExists(name:)``,
    ///   ``NavigationStoreError/invalidName(kind:problem:)``, the database's error.
    public func renameSession(named name: String, to newName: String, for user: NavigationUser) throws {
        try NavigationName.validate(newName, as: .session)
        let renamed = try storage.renameSession(named: name, to: newName, user: user, at: Date())
        guard renamed else { throw NavigationStoreError.sessionNotFound(name: name) }
    }

    /// Deletes the user's session `name`.
    ///
    /// - Parameters:
    ///   - name: the session's name.
    ///   - user: whose session.
    /// - Throws: ``NavigationStoreError/sessionNotFound(name:)``, the database's error.
    public func deleteSession(named name: String, for user: NavigationUser) throws {
        let deleted = try storage.deleteSession(named: name, user: user)
        guard deleted else { throw NavigationStoreError.sessionNotFound(name: name) }
    }

    /// The user's session `name`, restored and repaired (its routes checked as a restored scene's), without
    /// touching any scene.
    ///
    /// - Parameters:
    ///   - name: the session's name.
    ///   - user: whose session.
    /// - Returns: the state and the repairs it needed.
    /// - Throws: ``NavigationStoreError/sessionNotFound(name:)``, the database's error.
    public func loadSession(named name: String, for user: NavigationUser) throws -> (
        SplitViewState<Route>, RepairReport
    ) {
        let stored = try storage.session(named: name, user: user)
        guard let stored else { throw NavigationStoreError.sessionNotFound(name: name) }
        return repairer.restore(stored.state, format: stored.format)
    }
}
