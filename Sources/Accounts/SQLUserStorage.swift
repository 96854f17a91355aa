package import Foundation
package import Navigation
package import SQLInterface

/// The `users` table (created by the navigation's migrations, on SQLite and PostgreSQL alike) of either database:
/// each statement written once.
///
/// ```swift
/// let users = UserDirectory(SQLUserStorage(connection))   // a PostgreSQLConnection, or SQLiteConnections(pool)
/// let ada = try users.user(named: "ada")
/// ```
package struct SQLUserStorage<Database: SQLDatabase>: UserStorage {
    let database: Database

    /// The users of `database`.
    package init(_ database: Database) {
        self.database = database
    }

    package func insertUser(named name: String, createdAt: Date) throws -> Int64 {
        // On PostgreSQL an insert of the same name by another connection makes this one wait for it to commit, and
        // the SELECT, a statement later, sees its row (READ COMMITTED).
        try database.write { connection in
            try connection.execute(
                "INSERT INTO users(name, created_at) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                with: [.text(name), connection.dialect.time(createdAt)])
            let select = "SELECT id FROM users WHERE name = ?"
            guard let id = try Self.id(select, name, on: connection) else { throw SQLMissingRow(sql: select) }
            return id
        }
    }

    package func userID(named name: String) throws -> Int64? {
        try database.read { connection in try Self.id("SELECT id FROM users WHERE name = ?", name, on: connection) }
    }

    package func allUsers() throws -> [NavigationUser] {
        try database.read { connection in
            try connection.fetch("SELECT id, name FROM users ORDER BY name\(connection.dialect.inByteOrder)", with: [])
            { row in
                NavigationUser(
                    name: try row.required(row.string(at: 1), at: 1), id: try row.required(row.int64(at: 0), at: 0))
            }
        }
    }

    package func deleteUser(named name: String) throws -> Bool {
        try database.write { connection in
            try !connection.fetch("DELETE FROM users WHERE name = ? RETURNING id", with: [.text(name)]) { _ in () }
                .isEmpty
        }
    }

    /// The id `sql` selects for the user named `name`.
    private static func id(_ sql: String, _ name: String, on connection: Database.Connection) throws -> Int64? {
        try connection.fetch(sql, with: [.text(name)]) { row in try row.required(row.int64(at: 0), at: 0) }.first
    }
}
