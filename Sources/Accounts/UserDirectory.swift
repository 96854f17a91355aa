import Foundation
package import Navigation
package import SQLInterface

/// The users whose navigation state is kept and whom access tokens act for: the rules for them, over the `users`
/// table of whichever database ``UserStorage`` stands for.
///
/// A `NavigationStore` finds its users through one (as ``NavigationUsers``), made by the side of the database that
/// holds its rows.
///
/// ```swift
/// let users = UserDirectory(SQLUserStorage(connection))   // a PostgreSQLConnection, or SQLiteConnections(pool)
/// let ada = try users.user(named: "ada")                  // created on first use
/// try users.removeUser(named: "ada")                      // with her scenes, history, sessions and tokens
/// ```
package struct UserDirectory: NavigationUsers {
    let storage: any UserStorage

    /// The users `storage` holds.
    package init(_ storage: any UserStorage) {
        self.storage = storage
    }

    /// The users of `database`.
    package init(_ database: some SQLDatabase) {
        self.init(SQLUserStorage(database))
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
