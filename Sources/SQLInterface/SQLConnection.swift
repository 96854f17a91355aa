/// A connection to a database that holds the catalog's tables, SQLite or PostgreSQL: runs a statement written once
/// with `?` parameters and decodes its rows by position, so a statement and its row decoder serve both databases.
///
/// ```swift
/// func titles(on connection: some SQLConnection) throws -> [String] {
///     try connection.fetch("SELECT title FROM books WHERE year < ?", with: [.integer(1900)]) { row in
///         try row.required(row.string(at: 0), at: 0)
///     }
/// }
/// ```
package protocol SQLConnection {
    /// A row of a result, read inside ``fetch(_:with:_:)``'s closure.
    associatedtype Columns: SQLColumns

    /// The SQL the connection reads where the databases disagree.
    var dialect: SQLDialect { get }

    /// Runs one statement, written with `?` parameters, and ignores its rows.
    ///
    /// - Throws: the driver's error (`DatabaseError`, `PostgreSQLError`) carrying the SQL.
    func execute(_ sql: String, with arguments: [SQLValue]) throws

    /// Runs one statement, written with `?` parameters, and decodes each row with `decode`, in order.
    ///
    /// - Throws: the driver's error, or what `decode` throws.
    func fetch<T>(_ sql: String, with arguments: [SQLValue], _ decode: (Columns) throws -> T) throws -> [T]
}

extension SQLConnection {
    /// The id an `INSERT … RETURNING id`, written with `?` parameters, gives back.
    ///
    /// - Throws: the driver's error; ``SQLMissingRow`` when the statement returned no row.
    package func insertReturningID(_ sql: String, with arguments: [SQLValue]) throws -> Int64 {
        let ids = try fetch(sql, with: arguments) { row in try row.required(row.int64(at: 0), at: 0) }
        guard let id = ids.first else { throw SQLMissingRow(sql: sql) }
        return id
    }
}
