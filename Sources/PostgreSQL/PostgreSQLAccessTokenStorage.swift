package import AccessTokens
package import Foundation
package import PostgreSQLDB

/// The `access_tokens` and `web_sessions` tables of a PostgreSQL database (`Migrations/PostgreSQL/`), for an
/// `AccessTokenStore`.
///
/// ```swift
/// let tokens = AccessTokenStore(PostgreSQLAccessTokenStorage(connection))
/// let caller = try tokens.authenticate(bearerToken)
/// ```
package struct PostgreSQLAccessTokenStorage: AccessTokenStorage {
    let connection: PostgreSQLConnection

    /// The tokens of the database `connection` is connected to.
    package init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    package func insertToken(userID: Int64, hash: String, scope: AccessScope, createdAt: Date, expiresAt: Date?)
        throws -> Int64
    {
        let inserted = try connection.execute(
            """
            INSERT INTO access_tokens (user_id, hash, scope, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
            RETURNING id
            """,
            [userID, hash, scope.rawValue, StoredTime(createdAt), expiresAt.map(StoredTime.init)])
        return try inserted[0].value(at: 0)
    }

    package func token(id: Int64) throws -> StoredToken? {
        try tokens(where: "t.id = $1", [id]).first
    }

    package func token(hash: String) throws -> StoredToken? {
        try tokens(where: "t.hash = $1", [hash]).first
    }

    package func tokens(userID: Int64?) throws -> [StoredToken] {
        try tokens(where: "t.user_id = coalesce($1, t.user_id)", [userID])
    }

    package func revokeToken(id: Int64, at date: Date) throws -> StoredToken? {
        try connection.transaction {
            try connection.execute(
                "UPDATE access_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL", [StoredTime(date), id])
            return try token(id: id)
        }
    }

    package func recordUse(ofToken id: Int64, at date: Date) throws {
        try connection.execute("UPDATE access_tokens SET last_used_at = $1 WHERE id = $2", [StoredTime(date), id])
    }

    package func insertWebSession(_ session: StoredWebSession, hash: String, removingEndedBy now: Date) throws {
        try connection.transaction {
            try connection.execute("DELETE FROM web_sessions WHERE expires_at <= $1", [StoredTime(now)])
            try connection.execute(
                """
                INSERT INTO web_sessions (token_id, hash, csrf_hash, created_at, expires_at)
                VALUES ($1, $2, $3, $4, $5)
                """,
                [
                    session.tokenID, hash, session.csrfHash, StoredTime(session.createdAt),
                    StoredTime(session.expiresAt),
                ])
        }
    }

    package func webSession(hash: String) throws -> StoredWebSession? {
        try connection.execute(
            "SELECT token_id, csrf_hash, created_at, expires_at FROM web_sessions WHERE hash = $1", [hash]
        ).first.map { row in
            StoredWebSession(
                tokenID: try row.value(at: 0), csrfHash: try row.value(at: 1),
                createdAt: try row.value(at: 2, as: StoredTime.self).date,
                expiresAt: try row.value(at: 3, as: StoredTime.self).date)
        }
    }

    package func deleteWebSession(hash: String) throws {
        try connection.execute("DELETE FROM web_sessions WHERE hash = $1", [hash])
    }

    /// The tokens whose rows match `condition`, in order of id.
    private func tokens(where condition: String, _ parameters: [any PostgreSQLValueConvertible]) throws
        -> [StoredToken]
    {
        try connection.execute(StoredToken.select + " WHERE \(condition) ORDER BY t.id", parameters).map { row in
            StoredToken(
                id: try row.value(at: 0), userID: try row.value(at: 1), userName: try row.value(at: 2),
                scope: try row.value(at: 3), createdAt: try row.value(at: 4, as: StoredTime.self).date,
                expiresAt: try row.date(at: 5), lastUsedAt: try row.date(at: 6), revokedAt: try row.date(at: 7))
        }
    }
}
