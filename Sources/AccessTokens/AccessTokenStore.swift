package import Foundation
package import Navigation
package import SQLInterface
import SchemaMigration

/// Creates, lists, revokes and checks the bearer tokens of the HTTP API, stored as SHA-256 hashes in
/// `access_tokens`, on whichever database ``AccessTokenStorage`` stands for.
///
/// ```swift
/// let tokens = AccessTokenStore(connection)                               // a PostgreSQLConnection, or SQLiteConnections(pool)
/// let issued = try tokens.create(for: ada, scope: .nav, expiresAt: nil)   // print issued.token once
/// let caller = try tokens.authenticate(issued.token)                      // caller.user == ada
/// ```
package struct AccessTokenStore {
    /// The prefix of every token, so one is recognisable in a configuration file or a leaked log.
    package static let prefix = "cat_"
    /// How long a token's `last_used_at` may lag behind its use: a request writes it only when it is older.
    package static let lastUsedResolution: TimeInterval = 60

    let storage: any AccessTokenStorage

    /// The tokens `storage` holds. Cheap to make: it holds nothing else.
    package init(_ storage: any AccessTokenStorage) {
        self.storage = storage
    }

    /// The tokens of `database`.
    package init(_ database: some SQLDatabase) {
        self.init(SQLAccessTokenStorage(database))
    }

    /// Creates a token for `user`: 256 random bits from the system's generator, stored as their hash.
    ///
    /// - Parameters:
    ///   - user: whom the token acts for.
    ///   - scope: what it allows.
    ///   - expiresAt: when it stops being accepted; `nil` for never.
    ///   - now: the creation time.
    /// - Returns: the token, to be shown once, and what is stored.
    /// - Throws: the backend's error.
    package func create(
        for user: NavigationUser, scope: AccessScope, expiresAt: Date?, now: Date = Date()
    ) throws -> IssuedToken {
        let token = Self.prefix + Self.randomHex()
        let id = try storage.insertToken(
            userID: user.id, hash: Self.hash(token), scope: scope, createdAt: now, expiresAt: expiresAt)
        return IssuedToken(
            token: token,
            stored: AccessToken(id: id, user: user.name, scope: scope, createdAt: now, expiresAt: expiresAt))
    }

    /// The stored tokens, of `user` only when one is given, oldest first.
    ///
    /// - Throws: the backend's error.
    package func tokens(of user: NavigationUser? = nil) throws -> [AccessToken] {
        try storage.tokens(userID: user?.id).map(\.token)
    }

    /// Revokes the token `id`: requests with it are refused from now on. Revoking it again changes nothing.
    ///
    /// - Returns: the token as stored now.
    /// - Throws: ``AccessTokenError/noSuchToken(id:)``, the backend's error.
    @discardableResult
    package func revoke(id: Int64, now: Date = Date()) throws -> AccessToken {
        guard let stored = try storage.revokeToken(id: id, at: now) else { throw AccessTokenError.noSuchToken(id: id) }
        return stored.token
    }

    /// The caller a request's bearer token stands for.
    ///
    /// Reads (on SQLite, through a reader); writes `last_used_at` only when the stored one is older than
    /// ``lastUsedResolution`` (best effort: a busy writer skips it), so most requests do not write at all.
    ///
    /// - Parameters:
    ///   - token: the token as the request carried it.
    ///   - now: the time to check the expiry against.
    /// - Throws: ``AccessTokenError/malformed``, ``AccessTokenError/unknown``, ``AccessTokenError/expired(at:)``,
    ///   ``AccessTokenError/revoked(at:)``, the backend's error.
    package func authenticate(_ token: String, now: Date = Date()) throws -> Caller {
        try caller(for: try stored(token), now: now)
    }

    /// The stored token whose hash is `token`'s.
    func stored(_ token: String) throws -> StoredToken {
        guard Self.isWellFormed(token) else { throw AccessTokenError.malformed }
        guard let found = try storage.token(hash: Self.hash(token)) else { throw AccessTokenError.unknown }
        return found
    }

    /// The caller `found` stands for when it is usable at `now`, its last use written when due.
    func caller(for found: StoredToken, now: Date) throws -> Caller {
        if let revokedAt = found.token.revokedAt { throw AccessTokenError.revoked(at: revokedAt) }
        if let expiresAt = found.token.expiresAt, now >= expiresAt { throw AccessTokenError.expired(at: expiresAt) }
        if found.token.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.lastUsedResolution }) ?? true {
            try? storage.recordUse(ofToken: found.token.id, at: now)
        }
        return Caller(user: found.user, scope: found.token.scope, tokenID: found.token.id)
    }

    /// Whether `text` has the form of a token: the prefix and 64 lowercase hex digits.
    package static func isWellFormed(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == prefix.utf8.count + 64, text.hasPrefix(prefix) else { return false }
        return utf8.dropFirst(prefix.utf8.count).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The stored form of `token`: its SHA-256 in hex.
    static func hash(_ token: String) -> String {
        SHA256.hexDigest(of: token)
    }

    /// Whether `a` and `b` are equal, in a time that depends on their lengths only.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// 256 random bits from the system's generator, as 64 lowercase hex digits.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        return bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}

/// Who made a request: the user its token acts for, and what the token allows.
package struct Caller: Sendable, Hashable {
    /// The user the token belongs to.
    package var user: NavigationUser
    /// What the token allows.
    package var scope: AccessScope
    /// The token's id.
    package var tokenID: Int64

    /// The caller with token `tokenID` of `scope`, acting for `user`.
    package init(user: NavigationUser, scope: AccessScope, tokenID: Int64) {
        self.user = user
        self.scope = scope
        self.tokenID = tokenID
    }
}
