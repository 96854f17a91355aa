import Catalog
import CatalogSync
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import TestSupport
import Testing

@Suite struct PostgreSQLChangeFeedTests {
    /// A reader following the feed while two writers overlap: writer 1 takes its seq first and commits last.
    /// A seq is taken before commit, so a reader that saw writer 2's seq and moved its cursor past it must still
    /// get writer 1's: the log's lock makes writer 2 wait for writer 1 instead of committing a higher seq first.
    @Test func aReaderNeverSkipsASeqCommittedAfterAHigherOne() throws {
        let uri = try PostgresCluster.shared().createDatabase("feed")
        let reader = try PostgreSQLConnection(uri: uri)
        try PostgreSQLCatalogSchema.migrator.migrate(reader)
        let start = try PostgreSQLChangeFeed.latestSeq(on: reader)

        let writer1 = try PostgreSQLConnection(uri: uri)
        try writer1.execute("BEGIN")
        let first = try insertBook(writer1, "Written first, committed last")

        let second = WriterThread(uri: uri, title: "Written second")
        let writer2 = second.start()
        // Writer 2 has either committed or is blocked on a lock: no guessed delay.
        try waitUntil(reader, finishedOrWaitingOnALock: writer2, done: second.isDone)

        var seen = try PostgreSQLChangeFeed.changes(on: reader, since: start, limit: 100)
        let cursor = seen.last?.seq ?? start

        try writer1.execute("COMMIT")
        let secondUUID = try second.result()
        seen += try PostgreSQLChangeFeed.changes(on: reader, since: cursor, limit: 100)

        #expect(Set(seen.map(\.uuid)) == [first, secondUUID])
        #expect(seen.map(\.seq) == seen.map(\.seq).sorted())
    }

    @Test func changesComeInPagesInOrder() throws {
        let db = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("feed"))
        try PostgreSQLCatalogSchema.migrator.migrate(db)
        let uuids = try (0..<5).map { try insertBook(db, "Book \($0)") }
        var cursor: Int64 = 0
        var read: [String] = []
        while case let page = try PostgreSQLChangeFeed.changes(on: db, since: cursor, limit: 2), !page.isEmpty {
            #expect(page.count <= 2)
            read += page.map(\.uuid)
            cursor = try #require(page.last).seq
        }
        #expect(read == uuids)
        #expect(cursor == (try PostgreSQLChangeFeed.latestSeq(on: db)))
    }

    private func insertBook(_ db: PostgreSQLConnection, _ title: String) throws -> String {
        try #require(
            try db.fetchOne(
                String.self,
                "INSERT INTO books (title, sort_title, sort_key) VALUES ($1, $1, lower($1)) RETURNING uuid",
                [title]))
    }

    /// Polls `pg_stat_activity` until the backend `pid` waits on a lock, or `done` says its work finished.
    private func waitUntil(
        _ db: PostgreSQLConnection, finishedOrWaitingOnALock pid: Int32, done: () -> Bool
    ) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if done() { return }
            let waiting = try db.fetchOne(
                Bool.self, "SELECT wait_event_type = 'Lock' FROM pg_stat_activity WHERE pid = $1", [pid])
            if waiting == true { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Issue.record("writer 2 neither finished nor waited on a lock within 60 s")
    }
}

/// A writer on a thread of its own: connects, says its backend pid, inserts a book in its own transaction.
private final class WriterThread: @unchecked Sendable {
    // Guarded by `lock`; `connected` and `finished` signal once each.
    private let uri: String
    private let title: String
    private var pid: Int32 = 0
    private var outcome: Result<String, any Error>?
    private let lock = NSLock()
    private let connected = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(uri: String, title: String) {
        self.uri = uri
        self.title = title
    }

    /// Starts the thread; returns the writer's backend pid once it is connected.
    func start() -> Int32 {
        Thread { self.run() }.start()
        connected.wait()
        return lock.withLock { pid }
    }

    private func run() {
        let result = Result<String, any Error> {
            let db = try PostgreSQLConnection(uri: uri)
            lock.withLock { pid = db.backendProcessID }
            connected.signal()
            return try db.fetchOne(
                String.self,
                "INSERT INTO books (title, sort_title, sort_key) VALUES ($1, $1, lower($1)) RETURNING uuid",
                [title]) ?? ""
        }
        lock.withLock { outcome = result }
        if case .failure = result, lock.withLock({ pid }) == 0 { connected.signal() }
        finished.signal()
    }

    func isDone() -> Bool { lock.withLock { outcome != nil } }

    /// Waits for the insert and returns the book's uuid.
    func result() throws -> String {
        finished.wait()
        guard let outcome = lock.withLock({ outcome }) else { throw CancellationError() }
        return try outcome.get()
    }
}
