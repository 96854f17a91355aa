import Foundation
import SQLiteDB

extension NavigationStore {
    /// Every user, by name.
    ///
    /// - Throws: `DatabaseError`.
    public func users() throws -> [NavigationUser] {
        try writer.read { db in
            try db.fetchAll(UserRow.self, "SELECT id, name FROM users ORDER BY name").map(\.user)
        }
    }

    /// Removes the user named `name` with everything that belongs to them: their scenes, history and sessions,
    /// and every row of other tables that references the user with `ON DELETE CASCADE` (their access tokens).
    ///
    /// - Parameter name: the user's name.
    /// - Returns: whether there was such a user.
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func removeUser(named name: String) throws -> Bool {
        try writer.write { db in
            try db.execute("DELETE FROM users WHERE name = ?", [name])
            return db.changes > 0
        }
    }
}

/// `id, name` of `users`.
private struct UserRow: RowDecodable {
    let user: NavigationUser

    init(row: Row) throws {
        user = NavigationUser(name: try row.value(at: 1), id: try row.value(at: 0))
    }
}
