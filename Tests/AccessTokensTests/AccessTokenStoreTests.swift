import AccessTokens
import Accounts
import Foundation
import Navigation
import SQLiteCatalog
import SQLiteDB
import Testing

/// Tokens as the server checks them: by hash, with expiry, revocation and a throttled last-use time, on both
/// backends.
@Suite struct AccessTokenStoreTests {
    @Test(arguments: Backend.allCases)
    func aTokenAuthenticatesAsItsUserWithItsScope(backend: Backend) throws {
        let state = try backend.open()
        let issued = try state.tokens.create(for: state.ada, scope: .nav, expiresAt: nil)
        #expect(AccessTokenStore.isWellFormed(issued.token))
        let caller = try state.tokens.authenticate(issued.token)
        #expect(caller.user == state.ada && caller.scope == .nav && caller.tokenID == issued.stored.id)
        #expect(try state.tokens.create(for: state.ada, scope: .nav, expiresAt: nil).token != issued.token)
        // Only the SHA-256 of each token is stored.
        #expect(
            try state.strings("SELECT hash FROM access_tokens WHERE id = \(issued.stored.id)")
                == [SHA256.hexDigest(of: issued.token)])
    }

    @Test(arguments: Backend.allCases)
    func anEditTokenAllowsNavigatingAndEditingButNotAdministering(backend: Backend) throws {
        let state = try backend.open()
        let issued = try state.tokens.create(for: state.ada, scope: .edit, expiresAt: nil)
        let scope = try state.tokens.authenticate(issued.token).scope
        #expect(scope == .edit)
        #expect(scope.allows(.read) && scope.allows(.nav) && scope.allows(.edit) && !scope.allows(.admin))
        #expect(AccessScope.admin.allows(.edit) && !AccessScope.nav.allows(.edit))
    }

    /// Migration 0012 makes `access_tokens` again to allow `edit`: tokens and web sessions made before it keep
    /// working, with the scopes they had.
    @Test func tokensAndSessionsMadeBeforeTheEditScopeKeepTheirMeaning() throws {
        let db = try Database.inMemory()
        try Migrator(DatabaseSchema.migrator.migrations.filter { $0.version < 12 }).migrate(db)
        let ada = try UserDirectory(db).user(named: "ada")
        let tokens = AccessTokenStore(db)
        let issued = try [AccessScope.read, .nav, .admin].map { try tokens.create(for: ada, scope: $0, expiresAt: nil) }
        let session = try tokens.startWebSession(with: issued[1].token)
        #expect(try DatabaseSchema.migrator.migrate(db).map(\.version) == [12, 13, 14, 15, 16])
        #expect(try issued.map { try tokens.authenticate($0.token).scope } == [.read, .nav, .admin])
        #expect(try tokens.webSession(session.id).caller.scope == .nav)
        #expect(try tokens.create(for: ada, scope: .edit, expiresAt: nil).stored.scope == .edit)
        // Removing the user still removes its tokens and their sessions.
        try db.execute("DELETE FROM users")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM access_tokens") == 0)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM web_sessions") == 0)
    }

    @Test(arguments: Backend.allCases)
    func refusalsSayWhyAndNeverHoldTheToken(backend: Backend) throws {
        let state = try backend.open()
        let tokens = state.tokens
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let expiring = try tokens.create(for: state.ada, scope: .read, expiresAt: now, now: now.addingTimeInterval(-60))
        let revoked = try tokens.create(for: state.ada, scope: .read, expiresAt: nil)
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

    @Test(arguments: Backend.allCases)
    func aRevokedTokenKeepsItsRowAndItsFirstRevocation(backend: Backend) throws {
        let state = try backend.open()
        let bob = try state.users.user(named: "bob")
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let first = try state.tokens.create(for: state.ada, scope: .admin, expiresAt: nil, now: now)
        let second = try state.tokens.create(for: bob, scope: .read, expiresAt: nil, now: now)
        #expect(
            try state.tokens.revoke(id: first.stored.id, now: now.addingTimeInterval(1)).revokedAt
                == now.addingTimeInterval(1))
        #expect(
            try state.tokens.revoke(id: first.stored.id, now: now.addingTimeInterval(2)).revokedAt
                == now.addingTimeInterval(1))
        let listed = try state.tokens.tokens()
        #expect(listed.map(\.id) == [first.stored.id, second.stored.id])
        #expect(listed.map(\.user) == ["ada", "bob"] && listed.map(\.scope) == [.admin, .read])
        #expect(!listed[0].isUsable(at: now) && listed[1].isUsable(at: now))
        #expect(try state.tokens.tokens(of: bob).map(\.id) == [second.stored.id])
    }

    @Test(arguments: Backend.allCases)
    func theLastUseIsWrittenAtMostOnceAMinute(backend: Backend) throws {
        let state = try backend.open()
        let start = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try state.tokens.create(for: state.ada, scope: .read, expiresAt: nil, now: start)
        let lastUsed = { try state.tokens.tokens().first?.lastUsedAt }
        #expect(try lastUsed() == nil)
        _ = try state.tokens.authenticate(issued.token, now: start)
        #expect(try lastUsed() == start)
        _ = try state.tokens.authenticate(issued.token, now: start.addingTimeInterval(59))
        #expect(try lastUsed() == start)
        _ = try state.tokens.authenticate(issued.token, now: start.addingTimeInterval(60))
        #expect(try lastUsed() == start.addingTimeInterval(60))
    }

    /// Both backends store a time as the same ISO 8601 text, and read back the time they stored, to the millisecond.
    @Test(arguments: Backend.allCases)
    func timesAreStoredAsTheSameText(backend: Backend) throws {
        let state = try backend.open()
        let created = Date(timeIntervalSince1970: 2_000_000_000.123)
        let expiry = Date(timeIntervalSince1970: 32_503_680_000)  // 3000-01-01
        _ = try state.tokens.create(for: state.ada, scope: .read, expiresAt: expiry, now: created)
        #expect(
            try state.strings("SELECT created_at || ' ' || expires_at FROM access_tokens")
                == ["2033-05-18T03:33:20.123Z 3000-01-01T00:00:00.000Z"])
        let stored = try #require(try state.tokens.tokens().first)
        #expect(stored.createdAt == created && stored.expiresAt == expiry)
    }

    @Test func scopesAllowThemselvesAndLess() {
        #expect(AccessScope.admin.allows(.nav) && AccessScope.admin.allows(.read) && AccessScope.nav.allows(.read))
        #expect(!AccessScope.read.allows(.nav) && !AccessScope.nav.allows(.admin))
    }
}

/// Web sessions as the server checks them: by the hash of the cookie's id, ended by sign-out, by their expiry and
/// with their token, on both backends.
@Suite struct WebSessionStoreTests {
    @Test(arguments: Backend.allCases)
    func aSessionActsForItsTokenUntilItEndsOrItsTokenIsRevoked(backend: Backend) throws {
        let state = try backend.open()
        let tokens = state.tokens
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try tokens.create(for: state.ada, scope: .nav, expiresAt: nil, now: now)
        let session = try tokens.startWebSession(with: issued.token, now: now)
        #expect(session.expiresAt == now.addingTimeInterval(WebSession.lifetime))
        let found = try tokens.webSession(session.id, now: now.addingTimeInterval(60))
        #expect(found.caller.user == state.ada && found.caller.scope == .nav && found.csrfToken == session.csrfToken)
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

    @Test(arguments: Backend.allCases)
    func signingOutEndsOneSessionAndOnlyTheHashIsStored(backend: Backend) throws {
        let state = try backend.open()
        let tokens = state.tokens
        let issued = try tokens.create(for: state.ada, scope: .read, expiresAt: nil)
        let first = try tokens.startWebSession(with: issued.token)
        let second = try tokens.startWebSession(with: issued.token)
        try tokens.endWebSession(first.id)
        #expect(throws: AccessTokenError.unknownSession) { try tokens.webSession(first.id) }
        #expect(try tokens.webSession(second.id).caller.user == state.ada)
        #expect(throws: AccessTokenError.unknownSession) { try tokens.webSession("not-an-id") }
        #expect(try state.strings("SELECT hash FROM web_sessions") == [SHA256.hexDigest(of: second.id)])
    }

    /// As with the session's id, only the hash of its CSRF token is stored: the token is told to the page, and a
    /// presented one is checked against the stored hash.
    @Test(arguments: Backend.allCases)
    func onlyTheHashOfASessionsCSRFTokenIsStoredAndPresentedOnesAreCheckedAgainstIt(backend: Backend) throws {
        let state = try backend.open()
        let issued = try state.tokens.create(for: state.ada, scope: .nav, expiresAt: nil)
        let session = try state.tokens.startWebSession(with: issued.token)
        #expect(try state.strings("SELECT csrf_hash FROM web_sessions") == [SHA256.hexDigest(of: session.csrfToken)])
        let found = try state.tokens.webSession(session.id)
        #expect(found.csrfToken == session.csrfToken)
        #expect(found.accepts(csrfToken: session.csrfToken))
        for wrong in ["", session.id, String(session.csrfToken.reversed()), SHA256.hexDigest(of: session.csrfToken)] {
            #expect(!found.accepts(csrfToken: wrong), "\(wrong)")
        }
        let other = try state.tokens.startWebSession(with: issued.token)
        #expect(other.csrfToken != session.csrfToken && !found.accepts(csrfToken: other.csrfToken))
    }

    @Test(arguments: Backend.allCases)
    func aSessionNeverOutlivesItsTokenAndEndedOnesAreRemoved(backend: Backend) throws {
        let state = try backend.open()
        let tokens = state.tokens
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let issued = try tokens.create(
            for: state.ada, scope: .read, expiresAt: now.addingTimeInterval(3600), now: now)
        #expect(try tokens.startWebSession(with: issued.token, now: now).expiresAt == now.addingTimeInterval(3600))
        let lasting = try tokens.create(for: state.ada, scope: .read, expiresAt: nil, now: now)
        _ = try tokens.startWebSession(with: lasting.token, now: now.addingTimeInterval(3600))
        #expect(try state.count("web_sessions") == 1)
    }
}
