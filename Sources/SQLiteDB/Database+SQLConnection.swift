package import SQLInterface

// SQLite's side of the interface the catalog's statements and row decoders are written once over.

extension Row: SQLColumns {
    package func value(at index: Int) -> SQLValue {
        databaseValue(at: index)
    }

    /// A ``RowDecodingError`` naming the column, as `value(at:)` throws it.
    package func decodingError(at index: Int, expected: String) -> any Error {
        rowDecodingError(at: index, expected: expected)
    }
}

extension Database: SQLConnection {
    package var dialect: SQLDialect { .sqlite }

    package func execute(_ sql: String, with arguments: [SQLValue]) throws {
        try execute(sql, arguments.map { $0 })
    }

    /// Through the statement cache, as the `fetchAll` methods read.
    package func fetch<T>(_ sql: String, with arguments: [SQLValue], _ decode: (Row) throws -> T) throws -> [T] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments.map { $0 })
        defer { statement.reset() }
        var results: [T] = []
        while try statement.step() {
            results.append(try decode(statement.row))
        }
        return results
    }
}

/// A connection or a pool as the ``SQLDatabase`` statements written once for both databases run on: reads on a
/// reader (a pool's run side by side with its writer), writes in IMMEDIATE transactions on the writer.
package struct SQLiteConnections: SQLDatabase {
    /// The connection or pool.
    package let writer: any DatabaseWriter

    /// The connections of `writer`.
    package init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write(body)
    }
}

extension DatabaseError: SQLError {
    /// Whether a UNIQUE or PRIMARY KEY constraint failed.
    package var isUniqueViolation: Bool {
        extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE || extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
    }

    /// The disk, a lock or permissions, else SQLite's message.
    package var plainReason: String {
        if isFull { return "the disk is full" }
        if isBusy { return "another program kept the database locked" }
        if isReadOnly { return "the database is read-only" }
        return message
    }
}

extension Database: SQLSavepoints {}
