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
