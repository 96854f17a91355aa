import AccessTokens
import Accounts
import Navigation
import Testing

/// The users that navigation state and access tokens belong to, on both backends.
@Suite struct UserDirectoryTests {
    @Test(arguments: Backend.allCases)
    func aUserIsMadeOnFirstUseAndListedInByteOrder(backend: Backend) throws {
        let state = try backend.open()
        #expect(try state.users.user(named: "ada") == state.ada)
        #expect(try state.users.existingUser(named: "ada") == state.ada)
        #expect(try state.users.existingUser(named: "bob") == nil)
        for name in ["émile", "bob", "Zoë"] { _ = try state.users.user(named: name) }
        #expect(try state.users.users().map(\.name) == ["Zoë", "ada", "bob", "émile"])
        #expect(throws: NavigationStoreError.self) { try state.users.user(named: "a/b") }
        #expect(try state.users.existingUser(named: "a/b") == nil)
    }

    @Test(arguments: Backend.allCases)
    func removingAUserRemovesTheirScenesHistorySessionsAndTokens(backend: Backend) throws {
        let state = try backend.open()
        let bob = try state.users.user(named: "bob")
        var issued: [String] = []
        for user in [state.ada, bob] {
            let time = "'2026-01-01T00:00:00.000Z'"
            try state.execute(
                """
                INSERT INTO nav_scenes (user_id, scene, format, state, history_first, history_cursor, history_last,
                    created_at, updated_at)
                VALUES (\(user.id), 'main', 2, '{}', 0, 0, 0, \(time), \(time))
                """)
            try state.execute(
                """
                INSERT INTO nav_history (scene_id, position, format, state, recorded_at)
                SELECT id, 0, 2, '{}', \(time) FROM nav_scenes WHERE user_id = \(user.id)
                """)
            try state.execute(
                """
                INSERT INTO nav_sessions (user_id, name, format, state, created_at, updated_at)
                VALUES (\(user.id), 'mine', 2, '{}', \(time), \(time))
                """)
            issued.append(try state.tokens.create(for: user, scope: .nav, expiresAt: nil).token)
            _ = try state.tokens.startWebSession(with: issued[issued.count - 1])
        }
        let bobsToken = try state.tokens.tokens(of: bob)
        #expect(try state.users.removeUser(named: "ada"))
        for table in ["nav_scenes", "nav_history", "nav_sessions", "access_tokens", "web_sessions"] {
            #expect(try state.count(table) == 1, "\(table)")
        }
        #expect(try state.users.users() == [bob])
        #expect(try state.tokens.tokens() == bobsToken)
        #expect(throws: AccessTokenError.unknown) { try state.tokens.authenticate(issued[0]) }
        #expect(try !state.users.removeUser(named: "ada"))
    }
}
