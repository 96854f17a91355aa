import Foundation

extension NavigationStore {
    /// Every user, by name.
    ///
    /// - Throws: `DatabaseError`.
    public func users() throws -> [NavigationUser] {
        try UserDirectory(storage.users).users()
    }

    /// Removes the user named `name` with everything that belongs to them: their scenes, history and sessions,
    /// and every row of other tables that references the user with `ON DELETE CASCADE` (their access tokens).
    ///
    /// - Parameter name: the user's name.
    /// - Returns: whether there was such a user.
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func removeUser(named name: String) throws -> Bool {
        try UserDirectory(storage.users).removeUser(named: name)
    }
}
