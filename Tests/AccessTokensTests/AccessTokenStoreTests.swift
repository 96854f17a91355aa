import AccessTokens
import Foundation
import LibraryNavigation
import Navigation
import SQLiteDB
import Schema
import Testing

/// Tokens as the server checks them: by hash, with expiry, revocation and a throttled last-use time.
@Suite struct AccessTokenStoreTests {
    /// A migrated catalog in memory, its token store and a user.
    func fixture() throws -> (Database, AccessTokenStore, NavigationUser) {
        let db = try Database.inMemory()
        try DatabaseSchema.migrator.migrate(db)
        let user = try NavigationStore<LibraryRoute>(database: db).user(named: "ada")
        return (db, AccessTokenStore(db), user)
    }

    @Test func aTokenAuthenticatesAsItsUserWithItsScope() throws {
        let (_, tokens, user) = try fixture()
        let issued = try tokens.create(for: user, scope: .nav, expiresAt: nil)
        #expect(AccessTokenStore.isWellFormed(issued.token))
        let caller = try tokens.authenticate(issued.token)
        #expect(caller.user == user && caller.scope == .nav && caller.tokenID == issued.stored.id)
        #expect(try tokens.create(for: user, scope: .nav, expiresAt: nil).token != issued.token)
    }

    @Test func refusalsSayWhyAndNeverHoldTheToken() throws {
        let (_, tokens, user) = try fixture()
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let expiring = try tokens.create(for: user, scope: .read, expiresAt: now, now: now.addingTimeInterval(-60))
        let revoked = try tokens.create(for: user, scope: .read, expiresAt: nil)
        try tokens.revoke(id: revoked.stored.id, now: now)
        #expect(try tokens.authenticate(expiring.token, now: now.addingTimeInterval(-1)).scope == .read)
        let cases: [(String, AccessTokenError)] = [
            (expiring.token, .expired(at: now)), (revoked.token, .revoked(at: now)),
            ("cat_" + String(repeating: "ab", count: 32), .unknown), ("cat_XYZ", .malformed),
            (String(expiring.token.dropFirst(4)), .malformed), (expiring.token.uppercased(), .malformed),
        ]
        for (token, error) in cases {
            #expect(throws: error) { try tokens.authenticate(token, now: now) }
            #expect(!error.description.contains(token.dropFirst(4)))
        }
        #expect(throws: AccessTokenError.noSuchToken(id: 99)) { try tokens.revoke(id: 99) }
    }

    @Test func theLastUseIsWrittenAtMostOnceAMinute() throws {
        let (_, tokens, user) = try fixture()
        let start = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try tokens.create(for: user, scope: .read, expiresAt: nil, now: start)
        let lastUsed = { try tokens.tokens().first?.lastUsedAt }
        #expect(try lastUsed() == nil)
        _ = try tokens.authenticate(issued.token, now: start)
        #expect(try lastUsed() == start)
        _ = try tokens.authenticate(issued.token, now: start.addingTimeInterval(59))
        #expect(try lastUsed() == start)
        _ = try tokens.authenticate(issued.token, now: start.addingTimeInterval(60))
        #expect(try lastUsed() == start.addingTimeInterval(60))
    }

    @Test func removingTheUserRemovesTheirTokens() throws {
        let (db, tokens, user) = try fixture()
        let issued = try tokens.create(for: user, scope: .admin, expiresAt: nil)
        #expect(try NavigationStore<LibraryRoute>(database: db).removeUser(named: "ada"))
        #expect(try tokens.tokens().isEmpty)
        #expect(throws: AccessTokenError.unknown) { try tokens.authenticate(issued.token) }
    }

    @Test func scopesAllowThemselvesAndLess() {
        #expect(AccessScope.admin.allows(.nav) && AccessScope.admin.allows(.read) && AccessScope.nav.allows(.read))
        #expect(!AccessScope.read.allows(.nav) && !AccessScope.nav.allows(.admin))
    }
}

/// Web sessions as the server checks them: by the hash of the cookie's id, ended by sign-out, by their expiry and
/// with their token.
@Suite struct WebSessionStoreTests {
    @Test func aSessionActsForItsTokenUntilItEndsOrItsTokenIsRevoked() throws {
        let (_, tokens, user) = try AccessTokenStoreTests().fixture()
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try tokens.create(for: user, scope: .nav, expiresAt: nil, now: now)
        let session = try tokens.startWebSession(with: issued.token, now: now)
        #expect(session.expiresAt == now.addingTimeInterval(WebSession.lifetime))
        let found = try tokens.webSession(session.id, now: now.addingTimeInterval(60))
        #expect(found.caller.user == user && found.caller.scope == .nav && found.csrfToken == session.csrfToken)
        #expect(session.csrfToken != session.id)
        #expect(throws: AccessTokenError.sessionExpired(at: session.expiresAt)) {
            try tokens.webSession(session.id, now: session.expiresAt)
        }
        try tokens.revoke(id: issued.stored.id, now: now.addingTimeInterval(120))
        #expect(throws: AccessTokenError.revoked(at: now.addingTimeInterval(120))) {
            try tokens.webSession(session.id, now: now.addingTimeInterval(180))
        }
        #expect(throws: AccessTokenError.revoked(at: now.addingTimeInterval(120))) {
            try tokens.startWebSession(with: issued.token, now: now.addingTimeInterval(180))
        }
    }

    @Test func signingOutEndsOneSessionAndOnlyTheHashIsStored() throws {
        let (db, tokens, user) = try AccessTokenStoreTests().fixture()
        let issued = try tokens.create(for: user, scope: .read, expiresAt: nil)
        let first = try tokens.startWebSession(with: issued.token)
        let second = try tokens.startWebSession(with: issued.token)
        try tokens.endWebSession(first.id)
        #expect(throws: AccessTokenError.unknownSession) { try tokens.webSession(first.id) }
        #expect(try tokens.webSession(second.id).caller.user == user)
        #expect(throws: AccessTokenError.unknownSession) { try tokens.webSession("not-an-id") }
        let stored = try db.fetchAll(String.self, "SELECT hash FROM web_sessions")
        #expect(stored == [SHA256.hexDigest(of: second.id)])
    }

    @Test func aSessionNeverOutlivesItsToken() throws {
        let (_, tokens, user) = try AccessTokenStoreTests().fixture()
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try tokens.create(for: user, scope: .read, expiresAt: now.addingTimeInterval(3600), now: now)
        #expect(try tokens.startWebSession(with: issued.token, now: now).expiresAt == now.addingTimeInterval(3600))
    }
}
