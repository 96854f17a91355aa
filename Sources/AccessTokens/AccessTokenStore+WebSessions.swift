package import Foundation
import SQLiteDB

/// A sign-in session of the web page: a browser gave an access token once and holds this session's id in a cookie
/// instead.
package struct WebSession: Sendable, Hashable {
    /// The session id, 64 lowercase hex digits: the cookie's value. Only its hash is stored.
    package var id: String
    /// The value a state-changing request of this session must carry in `X-CSRF-Token`.
    package var csrfToken: String
    /// Whom the session acts for, with its token's scope.
    package var caller: Caller
    /// When the session ends.
    package var expiresAt: Date

    /// How long a session lasts at most (a week); never past its token's expiry.
    package static let lifetime: TimeInterval = 7 * 24 * 60 * 60
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
    /// - Throws: the ``AccessTokenError`` of ``authenticate(_:now:)``, `DatabaseError`.
    package func startWebSession(with token: String, now: Date = Date()) throws -> WebSession {
        let caller = try authenticate(token, now: now)
        let expiry = try writer.read { db in
            try db.fetchOne(TokenRow.self, TokenRow.select + " WHERE t.id = ?", [caller.tokenID])?.token.expiresAt
        }
        let session = WebSession(
            id: Self.randomHex(), csrfToken: Self.randomHex(), caller: caller,
            expiresAt: min(now.addingTimeInterval(WebSession.lifetime), expiry ?? .distantFuture))
        try writer.write { db in
            try db.execute("DELETE FROM web_sessions WHERE expires_at <= ?", [now])
            try db.execute(
                "INSERT INTO web_sessions(token_id, hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [caller.tokenID, Self.hash(session.id), session.csrfToken, now, session.expiresAt])
        }
        return session
    }

    /// The web session whose cookie holds `id`, when it and its token are still usable at `now`.
    ///
    /// - Throws: ``AccessTokenError/unknownSession``, ``AccessTokenError/sessionExpired(at:)``, the token's
    ///   ``AccessTokenError/revoked(at:)`` or ``AccessTokenError/expired(at:)``, `DatabaseError`.
    package func webSession(_ id: String, now: Date = Date()) throws -> WebSession {
        guard Self.isSessionID(id) else { throw AccessTokenError.unknownSession }
        let found = try writer.read { db -> (row: TokenRow, csrf: String, expiresAt: Date)? in
            guard
                let session = try db.fetchOne(
                    SessionRow.self, "SELECT token_id, csrf_token, expires_at FROM web_sessions WHERE hash = ?",
                    [Self.hash(id)]),
                let row = try db.fetchOne(TokenRow.self, TokenRow.select + " WHERE t.id = ?", [session.tokenID])
            else { return nil }
            return (row, session.csrfToken, session.expiresAt)
        }
        guard let found else { throw AccessTokenError.unknownSession }
        guard now < found.expiresAt else { throw AccessTokenError.sessionExpired(at: found.expiresAt) }
        return WebSession(
            id: id, csrfToken: found.csrf, caller: try caller(for: found.row, now: now), expiresAt: found.expiresAt)
    }

    /// Ends the web session whose cookie holds `id` (signing out); ending one that is not there changes nothing.
    ///
    /// - Throws: `DatabaseError`.
    package func endWebSession(_ id: String) throws {
        guard Self.isSessionID(id) else { return }
        try writer.write { db in try db.execute("DELETE FROM web_sessions WHERE hash = ?", [Self.hash(id)]) }
    }

    /// Whether `text` has the form of a session id: 64 lowercase hex digits.
    private static func isSessionID(_ text: String) -> Bool {
        text.utf8.count == 64 && isWellFormed(prefix + text)
    }
}

/// A row of `web_sessions`, without its hash.
private struct SessionRow: RowDecodable {
    let tokenID: Int64
    let csrfToken: String
    let expiresAt: Date

    init(row: Row) throws {
        tokenID = try row.value(at: 0)
        csrfToken = try row.value(at: 1)
        expiresAt = try row.value(at: 2)
    }
}
