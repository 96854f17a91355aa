package import Foundation
package import SQLInterface

/// The navigation tables (`nav_scenes`, `nav_history`, `nav_sessions`) of either database, for a ``NavigationStore``:
/// each statement written once, with the few differences of the databases said where they are.
///
/// A save is one write transaction. On SQLite it is IMMEDIATE, so, with one writer at a time, nothing changes the
/// scene between the transaction's first read and its commit. On PostgreSQL two processes may save the same scene at
/// once, so a save starts by locking the user's row (`SELECT … FOR NO KEY UPDATE`): the saves of one user then run
/// one after the other, each reading the history window, the revision it checks and the rows it appends to as the
/// previous one committed them (READ COMMITTED gives each statement after the lock a fresh snapshot). A row lock was
/// chosen over SERIALIZABLE with retries because one person's saves are few and short, so waiting costs nothing while
/// a retry would redo the validation outside the storage; the user's row, not the scene's, because a scene's first
/// save has no row of its own to lock yet, and a conditional save checks against the user's most recently used
/// scene. `NO KEY UPDATE` leaves other writers' `FOREIGN KEY` checks on the user (a new token) unblocked.
///
/// A PostgreSQL save also commits with `synchronous_commit` off (for its own transaction only): it returns once its
/// WAL record is written, not flushed, the durability SQLite's `synchronous=NORMAL` gives the same rows. A crash of
/// the database server (not of a client) may lose the last fraction of a second of navigation, never leave it
/// half-saved; the catalog's writes keep the server's setting.
package struct SQLNavigationStorage<Database: SQLDatabase>: NavigationStorage {
    /// Where the rows are read and saved.
    package let database: Database
    /// Who runs the checkpoints of the database's log after saves, where the program runs them (SQLite's WAL).
    package let checkpoints: (any NavigationCheckpoints)?

    /// The navigation tables of `database`, with `checkpoints` told of every save.
    package init(_ database: Database, checkpoints: (any NavigationCheckpoints)? = nil) {
        self.database = database
        self.checkpoints = checkpoints
    }

    package func sceneRows(scene: String, user: NavigationUser) throws -> (own: SceneRow?, lastUsed: SceneRow?) {
        try database.read { connection in try SQLSceneTransaction(connection).sceneRows(scene: scene, user: user) }
    }

    package func write<T>(for user: NavigationUser, _ body: (any SceneTransaction) throws -> T) throws -> T {
        try database.write { connection in
            if connection.dialect == .postgreSQL {
                try connection.execute("SELECT 1 FROM users WHERE id = ? FOR NO KEY UPDATE", with: [.integer(user.id)])
                try connection.execute("SET LOCAL synchronous_commit TO off", with: [])
            }
            return try body(SQLSceneTransaction(connection))
        }
    }

    package func didSave() {
        checkpoints?.didSave()
    }

    package func checkpoint() throws {
        try checkpoints?.checkpoint()
    }

    package func scenes(of user: NavigationUser) throws -> [SceneSummary] {
        try database.read { connection in
            try connection.fetch(
                """
                SELECT scene, updated_at FROM nav_scenes WHERE user_id = ?
                ORDER BY updated_at\(connection.dialect.inByteOrder) DESC, id DESC
                """, with: [.integer(user.id)]
            ) { row in
                SceneSummary(
                    name: try row.required(row.string(at: 0), at: 0),
                    updatedAt: try row.required(row.date(at: 1), at: 1))
            }
        }
    }

    package func sceneChanges(after position: Int64?) throws -> SceneChanges {
        // One statement, one snapshot: the changed users' rows, then one row (user NULL) with the highest seq, which
        // says where the record stands even when nothing changed, and whether it went back.
        let rows = try database.read { connection in
            try connection.fetch(
                """
                SELECT user_id, seq FROM nav_scene_changes WHERE seq > ?
                UNION ALL SELECT NULL, coalesce(max(seq), 0) FROM nav_scene_changes
                """, with: [.integer(position ?? .max)]
            ) { row in (user: row.int64(at: 0), seq: try row.required(row.int64(at: 1), at: 1)) }
        }
        let latest = rows.first { $0.user == nil }?.seq ?? 0
        guard let position else { return SceneChanges(users: [], position: latest) }
        guard latest >= position else { return SceneChanges(users: nil, position: latest) }
        return SceneChanges(users: Set(rows.compactMap(\.user)), position: latest)
    }

    package func history(ofScene scene: String, user: NavigationUser) throws -> [StoredText] {
        try database.read { connection in
            try connection.fetch(
                """
                SELECT h.format, h.state FROM nav_history h JOIN nav_scenes s ON s.id = h.scene_id
                WHERE s.user_id = ? AND s.scene = ? AND h.position BETWEEN s.history_first AND s.history_last
                ORDER BY h.position
                """, with: [.integer(user.id), .text(scene)]
            ) { row in StoredText(columns: row) }
        }
    }

    package func deleteScene(_ scene: String, user: NavigationUser) throws -> Bool {
        try database.write { connection in
            try connection.changesAnyRow(
                "DELETE FROM nav_scenes WHERE user_id = ? AND scene = ? RETURNING id",
                with: [.integer(user.id), .text(scene)])
        }
    }

    package func deleteScenes(unusedSince date: Date) throws -> Int {
        try database.write { connection in
            try connection.fetch(
                "DELETE FROM nav_scenes WHERE updated_at\(connection.dialect.inByteOrder) < ? RETURNING id",
                with: [connection.dialect.time(date)]
            ) { _ in () }.count
        }
    }

    package func upsertSession(named name: String, _ state: StoredText, user: NavigationUser, at date: Date) throws {
        try database.write { connection in
            let time = connection.dialect.time(date)
            try connection.execute(
                """
                INSERT INTO nav_sessions(user_id, name, format, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(user_id, name) DO UPDATE SET format = excluded.format, state = excluded.state,
                updated_at = excluded.updated_at
                """,
                with: [.integer(user.id), .text(name), .integer(Int64(state.format)), .text(state.state), time, time])
        }
    }

    package func sessions(of user: NavigationUser) throws -> [SavedSession] {
        try database.read { connection in
            try connection.fetch(
                """
                SELECT name, created_at, updated_at FROM nav_sessions WHERE user_id = ?
                ORDER BY name\(connection.dialect.inByteOrder)
                """, with: [.integer(user.id)]
            ) { row in
                SavedSession(
                    name: try row.required(row.string(at: 0), at: 0),
                    createdAt: try row.required(row.date(at: 1), at: 1),
                    updatedAt: try row.required(row.date(at: 2), at: 2))
            }
        }
    }

    package func session(named name: String, user: NavigationUser) throws -> StoredText? {
        try database.read { connection in
            try connection.fetch(
                "SELECT format, state FROM nav_sessions WHERE user_id = ? AND name = ?",
                with: [.integer(user.id), .text(name)]
            ) { row in StoredText(columns: row) }.first
        }
    }

    package func renameSession(named name: String, to newName: String, user: NavigationUser, at date: Date) throws
        -> Bool
    {
        do {
            return try database.write { connection in
                try connection.changesAnyRow(
                    "UPDATE nav_sessions SET name = ?, updated_at = ? WHERE user_id = ? AND name = ? RETURNING id",
                    with: [.text(newName), connection.dialect.time(date), .integer(user.id), .text(name)])
            }
        } catch let error as any SQLError where error.isUniqueViolation {
            throw NavigationStoreError.sessionExists(name: newName)
        }
    }

    package func deleteSession(named name: String, user: NavigationUser) throws -> Bool {
        try database.write { connection in
            try connection.changesAnyRow(
                "DELETE FROM nav_sessions WHERE user_id = ? AND name = ? RETURNING id",
                with: [.integer(user.id), .text(name)])
        }
    }
}

extension SQLConnection {
    /// Whether `sql`, a change ending in `RETURNING id`, changed any row: the one answer both databases give alike.
    fileprivate func changesAnyRow(_ sql: String, with arguments: [SQLValue]) throws -> Bool {
        try !fetch(sql, with: arguments) { _ in () }.isEmpty
    }
}
