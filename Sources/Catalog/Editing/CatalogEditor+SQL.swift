import Foundation
import SQLInterface

// The editor's statements run on an `any SQLConnection`: these open it once per statement, so the rest of the
// editor reads as if it held a concrete connection.

extension CatalogEditor {
    /// The rows of `sql` (written with `?` parameters), each decoded by `decode`.
    func fetch<T>(_ sql: String, _ arguments: [SQLValue], _ decode: (any SQLColumns) throws -> T) throws -> [T] {
        try Self.fetch(sql, arguments, on: connection, decode)
    }

    /// The first row of `sql` decoded by `decode`, or `nil` when there is none.
    func fetchOne<T>(_ sql: String, _ arguments: [SQLValue], _ decode: (any SQLColumns) throws -> T) throws -> T? {
        try fetch(sql, arguments, decode).first
    }

    /// Runs `sql` (written with `?` parameters) and ignores its rows.
    func execute(_ sql: String, _ arguments: [SQLValue]) throws {
        try connection.execute(sql, with: arguments)
    }

    private static func fetch<Connection: SQLConnection, T>(
        _ sql: String, _ arguments: [SQLValue], on connection: Connection, _ decode: (any SQLColumns) throws -> T
    ) throws -> [T] {
        try connection.fetch(sql, with: arguments) { row in try decode(row) }
    }

    /// The time the database writes for "now": the text SQLite's `strftime` writes, and PostgreSQL's
    /// `catalog_now()` (0001_catalog.sql) writes alike.
    var now: String {
        connection.dialect == .sqlite ? "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')" : "catalog_now()"
    }
}
