package import Foundation

/// The statements the token and web-session rules (``AccessTokenStore``) run: ``SQLAccessTokenStorage`` on either
/// database.
///
/// It only moves rows: making, hashing and checking tokens, scopes, expiry, revocation, the last-use resolution and
/// session lifetimes stay in the store, so both backends keep them alike. A method that runs several statements
/// runs them in one transaction.
package protocol AccessTokenStorage {
    /// Stores a token's hash; returns the new row's id.
    func insertToken(userID: Int64, hash: String, scope: AccessScope, createdAt: Date, expiresAt: Date?) throws
        -> Int64

    /// The token whose row is `id`, with its user.
    func token(id: Int64) throws -> StoredToken?

    /// The token whose hash is `hash`, with its user.
    func token(hash: String) throws -> StoredToken?

    /// Every token, or the tokens of the user `userID` when it is given, in order of id.
    func tokens(userID: Int64?) throws -> [StoredToken]

    /// Sets the `revoked_at` of token `id` to `date` unless it is set, and reads the token back.
    func revokeToken(id: Int64, at date: Date) throws -> StoredToken?

    /// Sets the `last_used_at` of token `id` to `date`.
    func recordUse(ofToken id: Int64, at date: Date) throws

    /// Deletes the web sessions that ended by `now` and stores `session`'s row under `hash`.
    func insertWebSession(_ session: StoredWebSession, hash: String, removingEndedBy now: Date) throws

    /// The web session whose hash is `hash`.
    func webSession(hash: String) throws -> StoredWebSession?

    /// Deletes the web session whose hash is `hash`, if there is one.
    func deleteWebSession(hash: String) throws
}
