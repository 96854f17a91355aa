package import Foundation
package import Navigation
package import PostgreSQLDB

/// The `users` table of a PostgreSQL database (`Migrations/PostgreSQL/`), for a ``UserDirectory``.
///
/// ```swift
/// let users = UserDirectory(PostgreSQLUserStorage(connection))
/// let ada = try users.user(named: "ada")
/// ```
package struct PostgreSQLUserStorage: UserStorage {
    let connection: PostgreSQLConnection

    /// The users of the database `connection` is connected to.
    package init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    package func insertUser(named name: String, createdAt: Date) throws -> Int64 {
        // Each statement on its own: an insert of the same name by another connection makes this one wait for it
        // to commit, and the SELECT, a statement later, sees its row.
        try connection.execute(
            "INSERT INTO users (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
            [name, StoredTime(createdAt)])
        guard let id = try userID(named: name) else {
            throw PostgreSQLError(
                kind: .statement, message: "the user '\(name)' was removed by another connection as it was added")
        }
        return id
    }

    package func userID(named name: String) throws -> Int64? {
        try connection.fetchOne(Int64.self, "SELECT id FROM users WHERE name = $1", [name])
    }

    package func allUsers() throws -> [NavigationUser] {
        // COLLATE "C": byte order, as SQLite compares text, whatever the database's locale.
        try connection.execute("SELECT id, name FROM users ORDER BY name COLLATE \"C\"").map { row in
            NavigationUser(name: try row.value(at: 1), id: try row.value(at: 0))
        }
    }

    package func deleteUser(named name: String) throws -> Bool {
        try !connection.execute("DELETE FROM users WHERE name = $1 RETURNING id", [name]).isEmpty
    }
}
