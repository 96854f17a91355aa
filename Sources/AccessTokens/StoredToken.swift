package import Foundation
package import Navigation

/// A row of `access_tokens` with its user, as a storage reads it.
package struct StoredToken: Sendable, Hashable {
    /// The query tokens are read with (a `WHERE` clause of its own appended), its columns in the order of
    /// ``init(id:userID:userName:scope:createdAt:expiresAt:lastUsedAt:revokedAt:)``'s parameters.
    package static let select = """
        SELECT t.id, t.user_id, u.name, t.scope, t.created_at, t.expires_at, t.last_used_at, t.revoked_at
        FROM access_tokens t JOIN users u ON u.id = t.user_id
        """

    /// The user the token acts for.
    package let user: NavigationUser
    /// What is stored about the token.
    package let token: AccessToken

    /// The token of an `access_tokens` row and its user's `users` row, read from either backend.
    ///
    /// A scope this build does not know reads as ``AccessScope/read``, the least a token can allow (the schema's
    /// `CHECK` keeps any other out).
    package init(
        id: Int64, userID: Int64, userName: String, scope: String, createdAt: Date, expiresAt: Date?,
        lastUsedAt: Date?, revokedAt: Date?
    ) {
        user = NavigationUser(name: userName, id: userID)
        token = AccessToken(
            id: id, user: userName, scope: AccessScope(rawValue: scope) ?? .read, createdAt: createdAt,
            expiresAt: expiresAt, lastUsedAt: lastUsedAt, revokedAt: revokedAt)
    }
}

/// A row of `web_sessions` without its hash, as a storage reads and writes it: the session started with token
/// `tokenID` at `createdAt`, ending at `expiresAt`.
package struct StoredWebSession: Sendable, Hashable {
    /// The token the session was started with.
    package var tokenID: Int64
    /// The SHA-256 (hex) of the value state-changing requests of the session carry.
    package var csrfHash: String
    /// When it started.
    package var createdAt: Date
    /// When it ends.
    package var expiresAt: Date
}
