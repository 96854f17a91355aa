import CatalogStore
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

/// A ``CommitWatcher`` over a ``PostgreSQLCommitSignal``: long-polls wake on another connection's commit.
@Suite struct PostgreSQLCommitSignalTests {
    private func migratedDatabase() throws -> (uri: String, writer: PostgreSQLConnection) {
        let uri = try PostgresCluster.shared().createDatabase("signal")
        let writer = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(writer)
        return (uri, writer)
    }

    private func insertBook(_ db: PostgreSQLConnection) throws {
        try db.execute("INSERT INTO books (title, sort_title, sort_key) VALUES ('Dune', 'Dune', 'dune')")
    }

    @Test func aCommitOnAnotherConnectionWakesAWaiter() throws {
        let (uri, writer) = try migratedDatabase()
        let watcher = CommitWatcher(signal: try PostgreSQLCommitSignal(uri: uri), interval: .milliseconds(20))
        defer { watcher.stop() }
        let woken = Woken()
        watcher.waitForCommit(after: watcher.token, until: .now + .seconds(60)) { woken.set($0) }
        try insertBook(writer)
        #expect(woken.wait() == .committed)
    }

    @Test func aWaiterTimesOutWhenNothingCommits() throws {
        let (uri, writer) = try migratedDatabase()
        let watcher = CommitWatcher(signal: try PostgreSQLCommitSignal(uri: uri), interval: .milliseconds(20))
        defer { watcher.stop() }
        let woken = Woken()
        watcher.waitForCommit(after: watcher.token, until: .now + .milliseconds(300)) { woken.set($0) }
        // Neither the catalog nor navigation state: no notification.
        try writer.execute("INSERT INTO users (name, created_at) VALUES ('ada', '2026-01-01T00:00:00.000Z')")
        #expect(woken.wait() == .timedOut)
    }

    @Test func aLostConnectionWakesEveryoneAndIsOpenedAgain() throws {
        let (uri, writer) = try migratedDatabase()
        let signal = try PostgreSQLCommitSignal(uri: uri)
        defer { signal.close() }
        let listener = try #require(
            try writer.fetchOne(
                Int32.self,
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"))
        try writer.execute("SELECT pg_terminate_backend($1::integer, 10000)", [listener])

        #expect(signal.waitForCommit(upTo: .seconds(30)), "the loss")
        #expect(signal.waitForCommit(upTo: .milliseconds(20)), "the new connection, which missed what came between")
        #expect(!signal.waitForCommit(upTo: .milliseconds(200)))
        try insertBook(writer)
        #expect(signal.waitForCommit(upTo: .seconds(30)))
    }
}

/// How a waiter was woken, handed to the test's thread.
private final class Woken: @unchecked Sendable {
    // `wake` is guarded by `lock`; `done` signals once it is set.
    private var wake: CommitWatcher.Wake?
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    func set(_ wake: CommitWatcher.Wake) {
        lock.withLock { self.wake = wake }
        done.signal()
    }

    func wait() -> CommitWatcher.Wake? {
        done.wait()
        return lock.withLock { wake }
    }
}
