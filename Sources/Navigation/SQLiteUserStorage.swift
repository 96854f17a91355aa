package import Foundation
package import SQLiteDB

/// The `users` table of a SQLite database (the navigation's migrations).
package struct SQLiteUserStorage: UserStorage {
    let writer: any DatabaseWriter

    /// The users of the database `writer` writes: a connection or a pool.
    package init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    package func insertUser(named name: String, createdAt: Date) throws -> Int64 {
        try writer.write { db in
            try db.execute(
                "INSERT INTO users(name, created_at) VALUES (?, ?) ON CONFLICT(name) DO NOTHING", [name, createdAt])
            return try db.fetchOne(Int64.self, "SELECT id FROM users WHERE name = ?", [name]) ?? db.lastInsertedRowID
        }
    }

    package func userID(named name: String) throws -> Int64? {
        try writer.read { db in try db.fetchOne(Int64.self, "SELECT id FROM users WHERE name = ?", [name]) }
    }

    package func allUsers() throws -> [NavigationUser] {
        try writer.read { db in
            try db.fetchAll(UserRow.self, "SELECT id, name FROM users ORDER BY name").map(\.user)
        }
    }

    package func deleteUser(named name: String) throws -> Bool {
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
