package import SQLiteDB

extension NavigationSchema {
    /// Deletes every user's navigation state (users, scenes, history, sessions), inside the caller's
    /// transaction: for a copy of the database that is handed to someone else, such as a server's snapshot.
    package static func deleteAllState(in db: Database) throws {
        for table in ["nav_history", "nav_sessions", "nav_scenes", "users"] {
            try db.execute("DELETE FROM \(table)")
        }
    }
}
