package import Foundation
package import SQLiteDB

/// The `access_tokens` and `web_sessions` tables of a SQLite database (the migrations in `Migrations/AccessTokens/`).
package struct SQLiteAccessTokenStorage: AccessTokenStorage {
    let writer: any DatabaseWriter

    /// The tokens of the database `writer` writes: a connection for the command line, a pool for a server (whose
    /// readers then check tokens side by side).
    package init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    package func insertToken(userID: Int64, hash: String, scope: AccessScope, createdAt: Date, expiresAt: Date?)
        throws -> Int64
    {
        try writer.write { db in
            try db.execute(
                "INSERT INTO access_tokens(user_id, hash, scope, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [userID, hash, scope.rawValue, createdAt, expiresAt])
            return db.lastInsertedRowID
        }
    }

    package func token(id: Int64) throws -> StoredToken? {
        try writer.read { db in try Self.token(id: id, in: db) }
    }

    package func token(hash: String) throws -> StoredToken? {
        try writer.read { db in
            try db.fetchOne(TokenRow.self, StoredToken.select + " WHERE t.hash = ?", [hash])?.stored
        }
    }

    package func tokens(userID: Int64?) throws -> [StoredToken] {
        try writer.read { db in
            try db.fetchAll(
                TokenRow.self, StoredToken.select + " WHERE t.user_id = coalesce(?, t.user_id) ORDER BY t.id", [userID]
            ).map(\.stored)
        }
    }

    package func revokeToken(id: Int64, at date: Date) throws -> StoredToken? {
        try writer.write { db in
            try db.execute("UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [date, id])
            return try Self.token(id: id, in: db)
        }
    }

    package func recordUse(ofToken id: Int64, at date: Date) throws {
        try writer.write { db in try db.execute("UPDATE access_tokens SET last_used_at = ? WHERE id = ?", [date, id]) }
    }

    package func insertWebSession(_ session: StoredWebSession, hash: String, removingEndedBy now: Date) throws {
        try writer.write { db in
            try db.execute("DELETE FROM web_sessions WHERE expires_at <= ?", [now])
            try db.execute(
                "INSERT INTO web_sessions(token_id, hash, csrf_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [session.tokenID, hash, session.csrfHash, session.createdAt, session.expiresAt])
        }
    }

    package func webSession(hash: String) throws -> StoredWebSession? {
        try writer.read { db in
            try db.fetchOne(
                SessionRow.self, "SELECT token_id, csrf_hash, created_at, expires_at FROM web_sessions WHERE hash = ?",
                [hash])?.stored
        }
    }

    package func deleteWebSession(hash: String) throws {
        try writer.write { db in try db.execute("DELETE FROM web_sessions WHERE hash = ?", [hash]) }
    }

    private static func token(id: Int64, in db: Database) throws -> StoredToken? {
        try db.fetchOne(TokenRow.self, StoredToken.select + " WHERE t.id = ?", [id])?.stored
    }
}

/// A row of ``StoredToken/select``.
private struct TokenRow: RowDecodable {
    let stored: StoredToken

    init(row: Row) throws {
        stored = StoredToken(
            id: try row.value(at: 0), userID: try row.value(at: 1), userName: try row.value(at: 2),
            scope: try row.value(at: 3), createdAt: try row.value(at: 4), expiresAt: row[5], lastUsedAt: row[6],
            revokedAt: row[7])
    }
}

/// `token_id, csrf_hash, created_at, expires_at` of `web_sessions`.
private struct SessionRow: RowDecodable {
    let stored: StoredWebSession

    init(row: Row) throws {
        stored = StoredWebSession(
            tokenID: try row.value(at: 0), csrfHash: try row.value(at: 1), createdAt: try row.value(at: 2),
            expiresAt: try row.value(at: 3))
    }
}
