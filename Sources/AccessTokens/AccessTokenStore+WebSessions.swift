package import Foundation

/// A sign-in session of the web page: a browser gave an access token once and holds this session's id in a cookie
/// instead.
package struct WebSession: Sendable, Hashable {
    /// The session id, 64 lowercase hex digits: the cookie's value. Only its hash is stored.
    package var id: String
    /// Whom the session acts for, with its token's scope.
    package var caller: Caller
    /// When the session ends.
    package var expiresAt: Date
    /// The stored SHA-256 of ``csrfToken``, which a presented value is checked against.
    let csrfHash: String

    /// How long a session lasts at most (a week); never past its token's expiry.
    package static let lifetime: TimeInterval = 7 * 24 * 60 * 60

    /// The value a state-changing request of this session must carry in `X-CSRF-Token`: 64 hex digits, the
    /// SHA-256 of the session id behind a fixed prefix.
    ///
    /// Derived from the id, which only the browser's cookie holds, so the page can be told it again whenever it
    /// asks (`GET /v1/web/session`) although, as with tokens, only its hash is stored; nobody can work it out from
    /// what is stored, nor the id from it.
    package var csrfToken: String { Self.csrfToken(ofSession: id) }

    /// Whether `presented` is this session's CSRF token: its hash compared with the stored one in a time that does
    /// not depend on where they differ.
    package func accepts(csrfToken presented: String) -> Bool {
        AccessTokenStore.constantTimeEqual(AccessTokenStore.hash(presented), csrfHash)
    }

    /// The CSRF token of the session whose id is `id`.
    static func csrfToken(ofSession id: String) -> String {
        AccessTokenStore.hash("catalog-csrf:" + id)
    }
}

extension AccessTokenStore {
    /// Starts a web session for the holder of `token`, checked as a bearer token is.
    ///
    /// Sessions that ended are removed at the same time, so the table holds live ones only.
    ///
    /// - Parameters:
    ///   - token: the access token the user pasted.
    ///   - now: the start time.
    /// - Returns: the session, whose ``WebSession/id`` is shown this once.
    /// - Throws: the ``AccessTokenError`` of ``authenticate(_:now:)``, the backend's error.
    package func startWebSession(with token: String, now: Date = Date()) throws -> WebSession {
        let found = try stored(token)
        let caller = try caller(for: found, now: now)
        let id = Self.randomHex()
        let session = WebSession(
            id: id, caller: caller,
            expiresAt: min(now.addingTimeInterval(WebSession.lifetime), found.token.expiresAt ?? .distantFuture),
            csrfHash: Self.hash(WebSession.csrfToken(ofSession: id)))
        try storage.insertWebSession(
            StoredWebSession(
                tokenID: caller.tokenID, csrfHash: session.csrfHash, createdAt: now, expiresAt: session.expiresAt),
            hash: Self.hash(session.id), removingEndedBy: now)
        return session
    }

    /// The web session whose cookie holds `id`, when it and its token are still usable at `now`.
    ///
    /// - Throws: ``AccessTokenError/unknownSession``, ``AccessTokenError/sessionExpired(at:)``, the token's
    ///   ``AccessTokenError/revoked(at:)`` or ``AccessTokenError/expired(at:)``, the backend's error.
    package func webSession(_ id: String, now: Date = Date()) throws -> WebSession {
        // Two reads, not one snapshot: a token removed between them took its sessions with it, so either way the
        // answer is true.
        guard Self.isSessionID(id), let session = try storage.webSession(hash: Self.hash(id)),
            let token = try storage.token(id: session.tokenID)
        else { throw AccessTokenError.unknownSession }
        guard now < session.expiresAt else { throw AccessTokenError.sessionExpired(at: session.expiresAt) }
        return WebSession(
            id: id, caller: try caller(for: token, now: now), expiresAt: session.expiresAt, csrfHash: session.csrfHash)
    }

    /// Ends the web session whose cookie holds `id` (signing out); ending one that is not there changes nothing.
    ///
    /// - Throws: the backend's error.
    package func endWebSession(_ id: String) throws {
        guard Self.isSessionID(id) else { return }
        try storage.deleteWebSession(hash: Self.hash(id))
    }

    /// Whether `text` has the form of a session id: 64 lowercase hex digits.
    private static func isSessionID(_ text: String) -> Bool {
        text.utf8.count == 64 && isWellFormed(prefix + text)
    }
}
