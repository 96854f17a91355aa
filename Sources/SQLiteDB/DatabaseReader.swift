/// Something code that only reads can be given: a single connection, or a ``DatabasePool`` whose readers run
/// side by side while its writer writes.
///
/// Every ``read(_:)`` runs in one read transaction, so all the queries of `body` see the same committed state
/// (a page of a list and its total agree even while another connection commits).
///
/// ```swift
/// func bookCount(in reader: some DatabaseReader) throws -> Int {
///     try reader.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM books") ?? 0 }
/// }
/// try bookCount(in: connection)   // a Database
/// try bookCount(in: pool)         // a DatabasePool: runs on one of its readers
/// ```
public protocol DatabaseReader {
    /// The database file, or `:memory:` / the empty string for a database that has none.
    var path: String { get }

    /// Runs `body` with a connection, inside a read transaction.
    ///
    /// - Throws: what `body` throws, or ``DatabaseError`` when the transaction cannot begin or end.
    func read<T>(_ body: (Database) throws -> T) throws -> T
}

/// Something code that writes can be given: a connection, or a ``DatabasePool``'s serialized writer.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in an IMMEDIATE transaction: commits when it returns, rolls back when it throws.
    ///
    /// - Throws: what `body` throws (after rolling back), or ``DatabaseError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T

    /// Runs `body` on the writing connection outside any transaction: for a migrator, `VACUUM`, a checkpoint,
    /// or work that manages its own transactions.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
}

extension Database: DatabaseWriter {
    /// Runs `body` on this connection in a deferred transaction, or in the transaction already open on it.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        if isInTransaction { return try body(self) }
        return try transaction(.deferred) { try body(self) }
    }

    /// Runs `body` on this connection in an IMMEDIATE transaction (a savepoint inside an open transaction).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try transaction(.immediate) { try body(self) }
    }

    /// Runs `body` on this connection as it is.
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try body(self)
    }
}

extension DatabasePool: DatabaseWriter {}
