import Foundation

/// A bounded pool of connections to one PostgreSQL database, shared by many threads.
///
/// Each ``withConnection(_:)`` call borrows one connection for the length of its closure: an idle one when there
/// is one, a new one while fewer than ``maximumConnections`` are open, else it waits until another call gives one
/// back. So a server answering many requests at once holds at most ``maximumConnections`` server processes.
///
/// A connection comes back to the pool only in a state the next borrower can use: one whose server went away is
/// closed (the next borrower gets a new one), and one left inside a transaction is rolled back first.
///
/// ```swift
/// let pool = try PostgreSQLConnectionPool(uri: "postgres://catalog@db.example.org/catalog", maximumConnections: 4)
/// let count = try pool.withConnection { connection in
///     try connection.fetchOne(Int.self, "SELECT count(*) FROM books")
/// }
/// ```
public final class PostgreSQLConnectionPool: @unchecked Sendable {
    // Invariant: `idle` and `openCount` are only read or written while `condition` is locked. A connection is used
    // by one thread at a time: it is either in `idle`, or held by the one call of `withConnection` that took it out
    // (or opened it) until that call puts it back or drops it.

    /// The connection URI, password included, to open more connections to the same database; print ``target``.
    public let uri: String
    /// The URI without its password, for messages.
    public let target: String
    /// The most connections open at once.
    public let maximumConnections: Int

    private let condition = NSCondition()
    private var idle: [PostgreSQLConnection] = []
    /// Connections open: idle, borrowed, or being opened.
    private var openCount = 0

    /// Opens a pool, and its first connection at once, so that a wrong URI or an unreachable server fails here
    /// rather than at the first request.
    ///
    /// - Parameters:
    ///   - uri: a libpq connection URI or `key=value` string, as for ``PostgreSQLConnection/init(uri:)``.
    ///   - maximumConnections: the most connections open at once; at least 1.
    /// - Throws: ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/connection`` when the first connection fails.
    public init(uri: String, maximumConnections: Int = 8) throws {
        precondition(maximumConnections > 0, "a connection pool needs room for at least one connection")
        self.uri = uri
        self.target = PostgreSQLConnection.redacted(uri)
        self.maximumConnections = maximumConnections
        idle = [try PostgreSQLConnection(uri: uri)]
        openCount = 1
    }

    /// Runs `body` with a connection of the pool, waiting while all of them are busy.
    ///
    /// The connection is the closure's alone until it returns; do not keep it beyond. Leave no transaction open
    /// (use ``PostgreSQLConnection/transaction(isolation:readOnly:_:)``): one left open is rolled back.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/connection`` when a new
    ///   connection is needed and cannot be opened.
    @discardableResult
    public func withConnection<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        let connection = try borrow()
        defer { giveBack(connection) }
        return try body(connection)
    }

    /// An idle connection, else a new one when there is room, else the first one given back.
    private func borrow() throws -> PostgreSQLConnection {
        condition.lock()
        while true {
            while let connection = idle.popLast() {
                // A connection whose server process ended while it sat idle would fail the borrower's first
                // statement; it costs no round trip to see that now and open another instead.
                guard connection.isBroken else {
                    condition.unlock()
                    return connection
                }
                openCount -= 1
            }
            if openCount < maximumConnections { break }
            condition.wait()
        }
        openCount += 1
        condition.unlock()
        // Opened outside the lock: a slow server must not hold up borrowers of idle connections.
        do {
            return try PostgreSQLConnection(uri: uri)
        } catch {
            forgetOne()
            throw error
        }
    }

    /// Puts `connection` back for the next borrower, or closes it when it cannot serve one: its server went away,
    /// or it is inside a transaction that cannot be rolled back.
    private func giveBack(_ connection: PostgreSQLConnection) {
        if connection.isInTransaction && !connection.isBroken {
            // The borrower left a transaction open (or failed inside one): the next one must not run in it.
            _ = try? connection.execute("ROLLBACK")
        }
        guard !connection.isBroken && !connection.isInTransaction else {
            forgetOne()
            return
        }
        condition.lock()
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }

    /// Counts one connection fewer (closed, or failed to open) and wakes a waiter to open one in its place.
    private func forgetOne() {
        condition.lock()
        openCount -= 1
        condition.signal()
        condition.unlock()
    }
}
