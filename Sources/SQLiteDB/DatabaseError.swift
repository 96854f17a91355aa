internal import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the SQL that failed.
///
/// Bound values are never part of the description: they can be private data.
///
/// ```
/// SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: authors.uuid — while executing: INSERT INTO authors …
/// ```
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (https://sqlite.org/rescode.html), e.g. 2067 for `SQLITE_CONSTRAINT_UNIQUE`.
    public let extendedCode: Int32
    /// SQLite's own message, e.g. "UNIQUE constraint failed: authors.uuid".
    public let message: String
    /// The SQL being prepared or executed, when there was one.
    public let sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended code), e.g. 19 for `SQLITE_CONSTRAINT`.
    public var code: Int32 { extendedCode & 0xFF }

    /// The symbolic name of the extended code, e.g. `SQLITE_CONSTRAINT_UNIQUE`.
    public var codeName: String { Self.name(of: extendedCode) }

    public var description: String {
        var text = "SQLite error \(extendedCode) (\(codeName)): \(message)"
        if let sql { text += " — while executing: \(sql)" }
        return text
    }

    /// Whether another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// Whether the failure is a constraint violation (UNIQUE, FOREIGN KEY, NOT NULL, CHECK …).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    static func name(of extendedCode: Int32) -> String {
        if let name = extendedNames[extendedCode] { return name }
        if let name = primaryNames[extendedCode & 0xFF] { return name }
        return "SQLITE_UNKNOWN"
    }

    private static let primaryNames: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY", 9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN",
        15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY", 17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG",
        19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS",
        23: "SQLITE_AUTH", 24: "SQLITE_FORMAT", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE",
        28: "SQLITE_WARNING", 100: "SQLITE_ROW", 101: "SQLITE_DONE",
    ]

    private static let extendedNames: [Int32: String] = [
        257: "SQLITE_ERROR_MISSING_COLLSEQ", 513: "SQLITE_ERROR_RETRY", 769: "SQLITE_ERROR_SNAPSHOT",
        261: "SQLITE_BUSY_RECOVERY", 517: "SQLITE_BUSY_SNAPSHOT", 773: "SQLITE_BUSY_TIMEOUT",
        262: "SQLITE_LOCKED_SHAREDCACHE", 518: "SQLITE_LOCKED_VTAB",
        264: "SQLITE_READONLY_RECOVERY", 520: "SQLITE_READONLY_CANTLOCK", 776: "SQLITE_READONLY_ROLLBACK",
        1032: "SQLITE_READONLY_DBMOVED", 1288: "SQLITE_READONLY_CANTINIT", 1544: "SQLITE_READONLY_DIRECTORY",
        516: "SQLITE_ABORT_ROLLBACK",
        266: "SQLITE_IOERR_READ", 522: "SQLITE_IOERR_SHORT_READ", 778: "SQLITE_IOERR_WRITE",
        1034: "SQLITE_IOERR_FSYNC", 1290: "SQLITE_IOERR_DIR_FSYNC", 1546: "SQLITE_IOERR_TRUNCATE",
        1802: "SQLITE_IOERR_FSTAT", 2058: "SQLITE_IOERR_UNLOCK", 2314: "SQLITE_IOERR_RDLOCK",
        2570: "SQLITE_IOERR_DELETE", 3082: "SQLITE_IOERR_NOMEM", 3338: "SQLITE_IOERR_ACCESS",
        3594: "SQLITE_IOERR_CHECKRESERVEDLOCK", 3850: "SQLITE_IOERR_LOCK", 4106: "SQLITE_IOERR_CLOSE",
        4618: "SQLITE_IOERR_SHMOPEN", 4874: "SQLITE_IOERR_SHMSIZE", 5386: "SQLITE_IOERR_SHMMAP",
        5642: "SQLITE_IOERR_SEEK", 6410: "SQLITE_IOERR_GETTEMPPATH", 6666: "SQLITE_IOERR_CONVPATH",
        267: "SQLITE_CORRUPT_VTAB", 523: "SQLITE_CORRUPT_SEQUENCE", 779: "SQLITE_CORRUPT_INDEX",
        270: "SQLITE_CANTOPEN_NOTEMPDIR", 526: "SQLITE_CANTOPEN_ISDIR", 782: "SQLITE_CANTOPEN_FULLPATH",
        1038: "SQLITE_CANTOPEN_CONVPATH", 1550: "SQLITE_CANTOPEN_SYMLINK",
        275: "SQLITE_CONSTRAINT_CHECK", 531: "SQLITE_CONSTRAINT_COMMITHOOK", 787: "SQLITE_CONSTRAINT_FOREIGNKEY",
        1043: "SQLITE_CONSTRAINT_FUNCTION", 1299: "SQLITE_CONSTRAINT_NOTNULL", 1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
        1811: "SQLITE_CONSTRAINT_TRIGGER", 2067: "SQLITE_CONSTRAINT_UNIQUE", 2323: "SQLITE_CONSTRAINT_VTAB",
        2579: "SQLITE_CONSTRAINT_ROWID", 2835: "SQLITE_CONSTRAINT_PINNED", 3091: "SQLITE_CONSTRAINT_DATATYPE",
        283: "SQLITE_NOTICE_RECOVER_WAL", 539: "SQLITE_NOTICE_RECOVER_ROLLBACK", 284: "SQLITE_WARNING_AUTOINDEX",
        279: "SQLITE_AUTH_USER", 256: "SQLITE_OK_LOAD_PERMANENTLY",
    ]
}

extension DatabaseError {
    /// The error SQLite recorded on `connection` for a call that returned `code`.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.init(extendedCode: code, message: message, sql: sql)
    }
}
