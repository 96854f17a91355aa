import Foundation
package import SQLiteDB

/// The users whose navigation state is kept and whom access tokens act for: the rules for them, over the `users`
/// table of whichever backend ``UserStorage`` stands for.
///
/// ``NavigationStore`` answers its user questions through one on SQLite; a program holding a PostgreSQL database
/// makes one over that database's storage.
///
/// ```swift
/// let users = UserDirectory(database)           // a SQLite connection or pool
/// let ada = try users.user(named: "ada")        // created on first use
/// try users.removeUser(named: "ada")            // with her scenes, history, sessions and tokens
/// ```
package struct UserDirectory {
    let storage: any UserStorage

    /// The users `storage` holds.
    package init(_ storage: any UserStorage) {
        self.storage = storage
    }

    /// The users of the SQLite database `writer` writes.
    package init(_ writer: any DatabaseWriter) {
        self.init(SQLiteUserStorage(writer))
    }

    /// The user named `name`, created on first use.
    ///
    /// - Parameter name: the user's unique name, which follows the rules of ``NavigationName``.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the backend's error.
    package func user(named name: String) throws -> NavigationUser {
        try NavigationName.validate(name, as: .user)
        return NavigationUser(name: name, id: try storage.insertUser(named: name, createdAt: Date()))
    }

    /// The user named `name` if it exists; never creates one.
    ///
    /// - Throws: the backend's error.
    package func existingUser(named name: String) throws -> NavigationUser? {
        try storage.userID(named: name).map { NavigationUser(name: name, id: $0) }
    }

    /// Every user, by name.
    ///
    /// - Throws: the backend's error.
    package func users() throws -> [NavigationUser] {
        try storage.allUsers()
    }

    /// Removes the user named `name` with everything that belongs to them: their scenes, history and sessions, and
    /// every row of other tables that references the user with `ON DELETE CASCADE` (their access tokens and, through
    /// those, their web sessions).
    ///
    /// - Returns: whether there was such a user.
    /// - Throws: the backend's error.
    @discardableResult
    package func removeUser(named name: String) throws -> Bool {
        try storage.deleteUser(named: name)
    }
}
