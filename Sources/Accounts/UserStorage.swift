package import Foundation
package import Navigation

/// The statements the users' rules (``UserDirectory``) run: ``SQLUserStorage`` on either database. It only moves
/// rows; the rules stay in the directory.
package protocol UserStorage {
    /// The id of the user named `name`, whose row is inserted with `createdAt` unless one exists.
    func insertUser(named name: String, createdAt: Date) throws -> Int64

    /// The id of the user named `name`, or `nil` when there is none.
    func userID(named name: String) throws -> Int64?

    /// Every user, in the byte order of their names (the order SQLite compares text in).
    func allUsers() throws -> [NavigationUser]

    /// Deletes the user named `name`: the schema's `ON DELETE CASCADE` deletes what references them.
    ///
    /// - Returns: whether there was such a user.
    func deleteUser(named name: String) throws -> Bool
}
