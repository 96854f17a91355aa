import Foundation
import Testing

@testable import Navigation

/// The statements are written once for both databases, with a few differences said where they are (a PostgreSQL
/// save's row lock, times as text, byte order): the same calls must give the same answers on each, so a difference
/// that was not meant shows here.
@Suite struct NavigationStoreContractTests {
    /// What a store answers to one series of calls, times left out (they are the clock's).
    func transcript(_ backend: Backend) throws -> [String] {
        let store = try backend.makeStore(historyLimit: 3)
        var lines: [String] = []
        let ada = try store.user(named: "ada")
        for name in ["émile", "Zoë", "bob"] { _ = try store.user(named: name) }
        lines.append(
            "existing: \(try store.existingUser(named: "Zoë")?.name ?? "-") \(try store.existingUser(named: "nobody")?.name ?? "-")"
        )

        let main = try store.openSession(scene: "main", for: ada)
        for intent: NavigationIntent<TestRoute> in [
            .selectSidebar(.books), .selectContent(.book(1)), .selectContent(.book(2)), .selectContent(.book(3)),
            .selectContent(.book(4)), .back, .back,
        ] {
            try main.apply(intent)
        }
        lines.append("main: \(main.state) at \(main.history)")
        lines.append("history: \(try store.history(ofScene: "main", for: ada).map { "\($0)" })")
        let fresh = try store.restore(scene: "side", for: ada)
        lines.append("side starts from: \(fresh.origin) \(fresh.state) \(fresh.revision.text)")
        try store.openSession(scene: "side", for: ada).apply(.selectSidebar(.authors))
        lines.append("revision: \(try store.revision(ofScene: "main", for: ada).text)")

        for name in ["reading", "Reading", "émile", "zz"] {
            try store.saveSession(named: name, fromScene: "main", for: ada)
        }
        try store.renameSession(named: "zz", to: "aa", for: ada)
        lines.append(
            "rename onto another: \(String(describing: Result { try store.renameSession(named: "aa", to: "reading", for: ada) }))"
        )
        try store.deleteSession(named: "Reading", for: ada)
        lines.append("sessions: \(try store.sessions(for: ada).map(\.name))")
        lines.append("restored session: \(try store.restoreSession(named: "émile", intoScene: "side", for: ada))")

        lines.append("scenes: \(try store.scenes(for: ada).map(\.name))")
        lines.append("deleted: \(try store.deleteScene("side", for: ada)) \(try store.deleteScene("side", for: ada))")
        lines.append(
            "pruned: \(try store.pruneScenes(unusedSince: .distantPast)) \(try store.pruneScenes(unusedForDays: -1))")
        lines.append("scenes left: \(try store.scenes(for: ada).map(\.name))")
        return lines
    }

    @Test func sqliteAndPostgreSQLGiveTheSameAnswers() throws {
        let sqlite = try transcript(.sqlite)
        let postgreSQL = try transcript(.postgreSQL)
        #expect(sqlite.count == postgreSQL.count)
        for (line, other) in zip(sqlite, postgreSQL) {
            #expect(line == other)
        }
    }
}
