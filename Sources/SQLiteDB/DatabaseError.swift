internal import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the SQL that failed.
///
/// Bound values are never part of the description: they can be private data.
///
/// ```
/// SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: authors.uuid — while executing: INSERT INTO authors …
/// ```
///
/// Match the code by name, never by number:
///
/// ```swift
/// do {
///     try db.execute("INSERT INTO authors (uuid) VALUES (?)", [uuid])
/// } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
///     // already there
/// }
/// ```
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (https://sqlite.org/rescode.html), e.g. ``ResultCode/SQLITE_CONSTRAINT_UNIQUE``;
    /// a primary code where SQLite has no finer one.
    public let extendedResultCode: ResultCode
    /// SQLite's own message, e.g. "UNIQUE constraint failed: authors.uuid".
    public let message: String
    /// The SQL being prepared or executed, when there was one.
    public let sql: String?

    /// An error with the given code, message and SQL.
    public init(extendedResultCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code, e.g. ``ResultCode/SQLITE_CONSTRAINT`` for a failed UNIQUE constraint.
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    public var description: String {
        var text = "SQLite error \(extendedResultCode): \(message)"
        if let sql { text += " — while executing: \(sql)" }
        return text
    }

    /// Whether another connection held a lock for longer than the busy timeout (`SQLITE_BUSY`), or a conflict
    /// within the connection kept the operation from running (`SQLITE_LOCKED`).
    public var isBusy: Bool { resultCode == .SQLITE_BUSY || resultCode == .SQLITE_LOCKED }

    /// Whether a constraint failed: UNIQUE, FOREIGN KEY, NOT NULL, CHECK … (`SQLITE_CONSTRAINT`).
    public var isConstraint: Bool { resultCode == .SQLITE_CONSTRAINT }

    /// Whether the database file is damaged (`SQLITE_CORRUPT`).
    public var isCorrupt: Bool { resultCode == .SQLITE_CORRUPT }

    /// Whether the disk is full or a size limit was reached (`SQLITE_FULL`).
    public var isFull: Bool { resultCode == .SQLITE_FULL }

    /// Whether the file is not a SQLite database (`SQLITE_NOTADB`).
    public var isNotADatabase: Bool { resultCode == .SQLITE_NOTADB }

    /// Whether a write met a read-only connection, file or directory (`SQLITE_READONLY`).
    public var isReadOnly: Bool { resultCode == .SQLITE_READONLY }

    /// Whether the file, or a journal beside it, could not be opened or created (`SQLITE_CANTOPEN`).
    public var isCannotOpen: Bool { resultCode == .SQLITE_CANTOPEN }

    /// Whether the operating system reported an I/O error (`SQLITE_IOERR`; the extended code names the call).
    public var isIOError: Bool { resultCode == .SQLITE_IOERR }
}

extension DatabaseError {
    /// The error SQLite recorded on `connection` for a call that returned `code`.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.init(extendedResultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
