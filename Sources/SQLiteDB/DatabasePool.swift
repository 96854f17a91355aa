import Dispatch
import Foundation

/// A database file shared by threads and tasks: one serialized writer and a pool of concurrent readers,
/// in WAL mode so readers never wait for the writer and always see one committed snapshot.
///
/// ```swift
/// let pool = try DatabasePool(path: "catalog.sqlite")
/// try pool.write { db in try db.execute("INSERT INTO notes(text) VALUES (?)", ["Hi"]) }
/// let count = try await pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM notes") }
/// ```
///
/// Other processes may open the same file: the busy timeout makes writers wait for each other instead of
/// failing with "database is locked".
public final class DatabasePool: @unchecked Sendable {
    // Invariants that make the class Sendable: `writer` is only used while `writerLock` is held; a reader
    // connection is used only by the thread that took it out of `idleReaders` under `readersCondition`,
    // and goes back before another thread can take it.
    private let writer: Database
    private let writerLock = NSLock()
    private let readersCondition = NSCondition()
    private var idleReaders: [Database] = []
    private var openReaderCount = 0
    private let maximumReaderCount: Int
    /// How its connections are opened.
    public let configuration: Database.Configuration

    /// The database file.
    public let path: String

    /// Opens the writer connection on `path` (creating the file) and prepares to open up to
    /// `maximumReaderCount` reader connections on demand.
    ///
    /// - Throws: ``DatabaseError`` when the file cannot be opened or is not a database.
    public init(
        path: String, configuration: Database.Configuration = Database.Configuration(),
        maximumReaderCount: Int = 4
    ) throws {
        precondition(maximumReaderCount > 0, "a pool needs at least one reader")
        self.writer = try Database(path: path, configuration: configuration)
        self.path = path
        self.configuration = configuration
        self.maximumReaderCount = maximumReaderCount
    }

    /// Runs `body` in an IMMEDIATE transaction on the writer: commits when it returns, rolls back when it throws.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction { db in try db.transaction(.immediate) { try body(db) } }
    }

    /// Runs `body` on the writer outside any transaction (for a migrator, `VACUUM`, or work that manages
    /// its own transactions).
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        return try body(writer)
    }

    /// Runs `body` on a reader connection inside a read transaction, so every query it makes sees the same
    /// committed snapshot, whatever the writer does meanwhile. Writes from `body` fail (`query_only`).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try reader.transaction(.deferred) { try body(reader) }
    }

    /// ``write(_:)`` for Swift concurrency: runs on a dispatch thread, so the caller's task is not blocked.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await onDispatchThread { try self.write(body) }
    }

    /// ``read(_:)`` for Swift concurrency.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await onDispatchThread { try self.read(body) }
    }

    private func onDispatchThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    private func checkOutReader() throws -> Database {
        readersCondition.lock()
        defer { readersCondition.unlock() }
        while true {
            if let reader = idleReaders.popLast() { return reader }
            if openReaderCount < maximumReaderCount {
                openReaderCount += 1
                do {
                    // A reader commits nothing, so it has no checkpoints to run.
                    var readerConfiguration = configuration
                    readerConfiguration.checkpoints = .automatic
                    let reader = try Database(path: path, configuration: readerConfiguration)
                    try reader.execute("PRAGMA query_only = ON")
                    return reader
                } catch {
                    openReaderCount -= 1
                    throw error
                }
            }
            readersCondition.wait()
        }
    }

    private func checkIn(_ reader: Database) {
        readersCondition.lock()
        idleReaders.append(reader)
        readersCondition.signal()
        readersCondition.unlock()
    }
}
