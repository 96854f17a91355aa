/// Where statements written once for both databases run: a SQLite connection or pool, or a PostgreSQL connection.
///
/// ```swift
/// func rename(_ id: Int64, to name: String, in database: some SQLDatabase) throws {
///     try database.write { connection in
///         try connection.execute("UPDATE users SET name = ? WHERE id = ?", with: [.text(name), .integer(id)])
///     }
/// }
/// ```
package protocol SQLDatabase {
    /// The connection a body runs its statements on.
    associatedtype Connection: SQLConnection

    /// Runs `body`, which only reads: in one read transaction on SQLite (a pool's reader, side by side with its
    /// writer), on the connection as it is on PostgreSQL (each statement its own snapshot).
    ///
    /// - Throws: what `body` throws, or the driver's error.
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in one transaction that writes: committed when it returns, rolled back when it throws (a
    /// savepoint inside a transaction already open on the connection). On SQLite it is IMMEDIATE: the one writer.
    ///
    /// - Throws: what `body` throws, or the driver's error.
    func write<T>(_ body: (Connection) throws -> T) throws -> T
}
