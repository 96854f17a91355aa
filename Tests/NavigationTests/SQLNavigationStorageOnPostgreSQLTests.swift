import Dispatch
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

@testable import Navigation

/// What PostgreSQL adds to the store's rules: several processes saving one scene at once.
@Suite struct SQLNavigationStorageOnPostgreSQLTests {
    /// What each of the concurrent writers saw, collected under a lock.
    final class Outcomes: @unchecked Sendable {
        // Sendable because `entries` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var entries: [Int: Result<[(HistoryPosition, SceneRevision)], any Error>] = [:]

        func record(_ writer: Int, _ outcome: Result<[(HistoryPosition, SceneRevision)], any Error>) {
            lock.withLock { entries[writer] = outcome }
        }

        var all: [Int: Result<[(HistoryPosition, SceneRevision)], any Error>] { lock.withLock { entries } }
    }

    @Test func twoConnectionsSavingOneSceneAtOnceLoseNoEntry() throws {
        let uri = try PostgresCluster.shared().createDatabase("concurrent-navigation")
        let setup = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(setup)
        let store = NavigationStore<TestRoute>(postgreSQL: setup)
        let user = try store.user(named: "ada")
        let saves = 30
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            outcomes.record(
                writer,
                Result {
                    let session = try NavigationStore<TestRoute>(postgreSQL: try PostgreSQLConnection(uri: uri))
                        .openSession(scene: "main", for: user)
                    return try (1...saves).map { step in
                        try session.apply(.selectSidebar(.genre(writer * 1000 + step)))
                        return (session.history, session.revision)
                    }
                })
        }

        var revisions: [SceneRevision] = []
        for (writer, outcome) in outcomes.all {
            let saved = try outcome.get()
            let indexes = saved.map(\.0.index)
            #expect(zip(indexes, indexes.dropFirst()).allSatisfy { $0 < $1 }, "writer \(writer): \(indexes)")
            revisions += saved.map(\.1)
        }
        #expect(Set(revisions).count == 2 * saves)
        // Every save is in the history once, after the empty state the scene started from, and the scene stands
        // at the newest.
        let history = try store.history(ofScene: "main", for: user)
        #expect(history.count == 2 * saves + 1)
        #expect(history.first?.sidebar == nil)
        let expected = Set((0...1).flatMap { writer in (1...saves).map { TestRoute.genre(writer * 1000 + $0) } })
        #expect(Set(history.compactMap(\.sidebar)) == expected)
        let restored = try store.restore(scene: "main", for: user)
        #expect(restored.history == HistoryPosition(index: 2 * saves, count: 2 * saves + 1))
        #expect(restored.state == history.last)
        #expect(revisions.contains(restored.revision))
        let positions = try setup.fetchAll(Int.self, "SELECT position FROM nav_history ORDER BY position")
        #expect(positions == Array(0...(2 * saves)))
    }

    /// A save does not wait for its WAL to reach the disk (SQLite's `synchronous=NORMAL`), and leaves the
    /// connection's own setting as it was for what runs next on it (a pooled connection's next request).
    @Test func aSaveCommitsWithoutWaitingForTheFlushAndOnlyItself() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("navigation-sync"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        let storage = SQLNavigationStorage(connection)
        let store = NavigationStore<TestRoute>(postgreSQL: connection)
        let user = try store.user(named: "ada")
        // The test cluster runs with synchronous_commit off already: the connection's own setting says it is on.
        try connection.execute("SET synchronous_commit TO on")
        let during = try storage.write(for: user) { _ in
            try connection.fetchOne(String.self, "SELECT current_setting('synchronous_commit')")
        }
        #expect(during == "off")
        #expect(try connection.fetchOne(String.self, "SELECT current_setting('synchronous_commit')") == "on")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
        #expect(try store.restore(scene: "main", for: user).state.sidebar == .books)
    }

    @Test func savesDoNotWaitForTheChangeLogsLock() throws {
        let uri = try PostgresCluster.shared().createDatabase("navigation-beside-catalog-writer")
        let catalogWriter = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(catalogWriter)
        let connection = try PostgreSQLConnection(uri: uri)
        // Were a save to take the change log's lock, it would fail after this instead of waiting for ever.
        try connection.execute("SET lock_timeout = '5s'")
        let store = NavigationStore<TestRoute>(postgreSQL: connection)
        let user = try store.user(named: "ada")
        try catalogWriter.transaction {
            try catalogWriter.execute("SELECT pg_advisory_xact_lock(change_log_lock_key())")
            let session = try store.openSession(scene: "main", for: user)
            try session.apply(.selectSidebar(.books))
            try session.apply(.back)
            try store.saveSession(named: "reading", fromScene: "main", for: user)
        }
        #expect(try store.restore(scene: "main", for: user).history == HistoryPosition(index: 0, count: 2))
    }
}
