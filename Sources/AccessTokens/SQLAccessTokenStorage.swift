package import Foundation
package import SQLInterface

/// The `access_tokens` and `web_sessions` tables of either database (`Migrations/AccessTokens/` on SQLite,
/// `Migrations/PostgreSQLCatalog/` on PostgreSQL): each statement written once.
///
/// ```swift
/// let tokens = AccessTokenStore(SQLAccessTokenStorage(connection))   // or SQLiteConnections(pool)
/// let caller = try tokens.authenticate(bearerToken)
/// ```
package struct SQLAccessTokenStorage<Database: SQLDatabase>: AccessTokenStorage {
    let database: Database

    /// The tokens of `database`: on SQLite a connection for the command line, a pool for a server (whose readers
    /// then check tokens side by side).
    package init(_ database: Database) {
        self.database = database
    }

    package func insertToken(userID: Int64, hash: String, scope: AccessScope, createdAt: Date, expiresAt: Date?)
        throws -> Int64
    {
        try database.write { connection in
            try connection.insertReturningID(
                """
                INSERT INTO access_tokens(user_id, hash, scope, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                RETURNING id
                """,
                with: [
                    .integer(userID), .text(hash), .text(scope.rawValue), connection.dialect.time(createdAt),
                    connection.dialect.time(expiresAt),
                ])
        }
    }

    package func token(id: Int64) throws -> StoredToken? {
        try database.read { connection in try Self.tokens(where: "t.id = ?", [.integer(id)], on: connection).first }
    }

    package func token(hash: String) throws -> StoredToken? {
        try database.read { connection in try Self.tokens(where: "t.hash = ?", [.text(hash)], on: connection).first }
    }

    package func tokens(userID: Int64?) throws -> [StoredToken] {
        try database.read { connection in
            try Self.tokens(
                where: "t.user_id = coalesce(?, t.user_id)", [userID.map(SQLValue.integer) ?? .null], on: connection)
        }
    }

    package func revokeToken(id: Int64, at date: Date) throws -> StoredToken? {
        try database.write { connection in
            try connection.execute(
                "UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                with: [connection.dialect.time(date), .integer(id)])
            return try Self.tokens(where: "t.id = ?", [.integer(id)], on: connection).first
        }
    }

    package func recordUse(ofToken id: Int64, at date: Date) throws {
        try database.write { connection in
            try connection.execute(
                "UPDATE access_tokens SET last_used_at = ? WHERE id = ?",
                with: [connection.dialect.time(date), .integer(id)])
        }
    }

    package func insertWebSession(_ session: StoredWebSession, hash: String, removingEndedBy now: Date) throws {
        try database.write { connection in
            try connection.execute(
                "DELETE FROM web_sessions WHERE expires_at <= ?", with: [connection.dialect.time(now)])
            try connection.execute(
                "INSERT INTO web_sessions(token_id, hash, csrf_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                with: [
                    .integer(session.tokenID), .text(hash), .text(session.csrfHash),
                    connection.dialect.time(session.createdAt), connection.dialect.time(session.expiresAt),
                ])
        }
    }

    package func webSession(hash: String) throws -> StoredWebSession? {
        try database.read { connection in
            try connection.fetch(
                "SELECT token_id, csrf_hash, created_at, expires_at FROM web_sessions WHERE hash = ?",
                with: [.text(hash)]
            ) { row in
                StoredWebSession(
                    tokenID: try row.required(row.int64(at: 0), at: 0),
                    csrfHash: try row.required(row.string(at: 1), at: 1),
                    createdAt: try row.required(row.date(at: 2), at: 2),
                    expiresAt: try row.required(row.date(at: 3), at: 3))
            }.first
        }
    }

    package func deleteWebSession(hash: String) throws {
        try database.write { connection in
            try connection.execute("DELETE FROM web_sessions WHERE hash = ?", with: [.text(hash)])
        }
    }

    /// The tokens whose rows match `condition`, in order of id.
    private static func tokens(where condition: String, _ arguments: [SQLValue], on connection: Database.Connection)
        throws -> [StoredToken]
    {
        try connection.fetch(StoredToken.select + " WHERE \(condition) ORDER BY t.id", with: arguments) { row in
            StoredToken(
                id: try row.required(row.int64(at: 0), at: 0), userID: try row.required(row.int64(at: 1), at: 1),
                userName: try row.required(row.string(at: 2), at: 2), scope: try row.required(row.string(at: 3), at: 3),
                createdAt: try row.required(row.date(at: 4), at: 4), expiresAt: row.date(at: 5),
                lastUsedAt: row.date(at: 6), revokedAt: row.date(at: 7))
        }
    }
}
