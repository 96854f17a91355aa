package import Foundation

/// A stored access token as listed: who it belongs to, what it allows and its times, never the token itself.
package struct AccessToken: Sendable, Hashable {
    /// The row's id, which names the token in a list and to revoke it.
    package var id: Int64
    /// The name of the user the token acts for.
    package var user: String
    /// What the token allows.
    package var scope: AccessScope
    /// When it was created.
    package var createdAt: Date
    /// When it stops being accepted, or `nil` for never.
    package var expiresAt: Date?
    /// When a request last used it, to about a minute; `nil` when none has.
    package var lastUsedAt: Date?
    /// When it was revoked, or `nil`.
    package var revokedAt: Date?

    /// Whether a request with it would be refused at `now`: revoked or expired.
    package func isUsable(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { now < $0 } ?? true)
    }
}

/// A token just created: the token's text, shown once, and what is stored about it.
package struct IssuedToken: Sendable {
    /// The bearer token, `cat_` and 64 hex digits: only its hash is stored, so it cannot be shown again.
    package var token: String
    /// What is stored.
    package var stored: AccessToken
}
