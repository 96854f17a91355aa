import Foundation
import SQLiteDB
import Testing

@testable import Navigation

/// The rules of user, scene and session names, and the store refusing names that break them.
@Suite struct NavigationNameTests {
    static let refused: [(String, NavigationName.Problem)] = [
        ("", .empty),
        (String(repeating: "a", count: 65), .tooLong(length: 65)),
        (String(repeating: "x", count: 120_000), .tooLong(length: 120_000)),
        ("ada\nroot", .invisibleCharacter("U+000A", position: 4)),
        ("tab\there", .invisibleCharacter("U+0009", position: 4)),
        ("bell\u{7}", .invisibleCharacter("U+0007", position: 5)),
        ("del\u{7F}", .invisibleCharacter("U+007F", position: 4)),
        ("\u{202E}txt.exe", .invisibleCharacter("U+202E", position: 1)),
        ("zero\u{200B}width", .invisibleCharacter("U+200B", position: 5)),
        ("line\u{2028}break", .invisibleCharacter("U+2028", position: 5)),
        (" ada", .surroundingWhitespace),
        ("ada ", .surroundingWhitespace),
        ("\u{A0}ada", .surroundingWhitespace),
        ("a/b", .slash),
        ("/", .slash),
        (".", .dotSegment),
        ("..", .dotSegment),
    ]

    @Test(arguments: refused)
    func namesBreakingTheRulesAreRefused(name: String, problem: NavigationName.Problem) {
        #expect(NavigationName.problem(with: name) == problem)
    }

    @Test(arguments: [
        "ada", "main", "window 2", "Zoë", "東京", "a.b", "...", "user@example.org", "50%", "😀",
        String(repeating: "é", count: 64),
    ])
    func namesFollowingTheRulesAreAccepted(name: String) {
        #expect(NavigationName.problem(with: name) == nil)
    }

    @Test func theStoreRefusesBadUserSceneAndSessionNamesAndCreatesNothing() throws {
        let store = try makeStore()
        let longName = String(repeating: "x", count: 120_000)
        #expect(throws: NavigationStoreError.invalidName(kind: .user, problem: .tooLong(length: 120_000))) {
            try store.user(named: longName)
        }
        let user = try store.user(named: "ada")
        let controlCharacter = NavigationStoreError.invalidName(
            kind: .scene, problem: .invisibleCharacter("U+0007", position: 2))
        #expect(throws: controlCharacter) { try store.openSession(scene: "m\u{7}", for: user) }
        let session = try store.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.books))
        let lineBreak = NavigationStoreError.invalidName(
            kind: .session, problem: .invisibleCharacter("U+000A", position: 6))
        #expect(throws: lineBreak) { try session.saveSession(named: "night\nshift") }
        try session.saveSession(named: "reading")
        #expect(throws: NavigationStoreError.invalidName(kind: .session, problem: .slash)) {
            try store.renameSession(named: "reading", to: "a/b", for: user)
        }
        let counts = try store.sqlite.database.writer.read { db in
            try ["users", "nav_scenes", "nav_sessions"].map { try db.rowCount(ofTable: $0) }
        }
        #expect(counts == [1, 1, 1])
        #expect(try store.sessions(for: user).map(\.name) == ["reading"])
        // What an app's alert shows is the sentence.
        #expect(
            (lineBreak as any Error).localizedDescription
                == "a session name cannot contain control or invisible formatting characters (U+000A at character 6)")
    }

    @Test func aSessionNamedBeforeTheRulesCanStillBeRestoredRenamedAndDeleted() throws {
        let store = try makeStore()
        let user = try store.user(named: "ada")
        try store.saveSession(named: "old", fromScene: "main", for: user)
        try store.sqlite.database.writer.write { db in
            try db.execute("UPDATE nav_sessions SET name = ?", ["old\u{7}one"])
        }
        #expect(try store.restoreSession(named: "old\u{7}one", intoScene: "main", for: user).isEmpty)
        try store.renameSession(named: "old\u{7}one", to: "old one", for: user)
        try store.deleteSession(named: "old one", for: user)
        #expect(try store.sessions(for: user).isEmpty)
    }
}
