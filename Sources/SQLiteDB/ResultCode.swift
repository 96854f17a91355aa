internal import CSQLite

/// A SQLite result code (https://sqlite.org/rescode.html): a primary code such as ``SQLITE_CONSTRAINT`` in the low
/// byte, refined by an extended code such as ``SQLITE_CONSTRAINT_UNIQUE``.
///
/// Compare with `==` for one exact code. In a `switch`, a primary code also matches its extended codes, so the
/// specific cases go first:
///
/// ```swift
/// switch error.extendedResultCode {
/// case .SQLITE_CONSTRAINT_UNIQUE: print("already there")
/// case .SQLITE_CONSTRAINT: print("another constraint failed")
/// default: throw error
/// }
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite returns it, e.g. 2067 for ``SQLITE_CONSTRAINT_UNIQUE``.
    public let rawValue: Int32

    /// Wraps a code SQLite returned.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code (the low byte), e.g. ``SQLITE_CONSTRAINT`` for ``SQLITE_CONSTRAINT_UNIQUE``; a primary code
    /// is its own primary code.
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is a primary code rather than an extended one.
    public var isPrimary: Bool { self == primaryResultCode }

    /// SQLite's symbolic name, e.g. `SQLITE_CONSTRAINT_UNIQUE`; for an extended code this build does not name, the
    /// name of its primary code.
    public var name: String { Self.names[self] ?? Self.names[primaryResultCode] ?? "SQLITE_UNKNOWN" }

    /// The number and the name, e.g. `2067 (SQLITE_CONSTRAINT_UNIQUE)`.
    public var description: String { "\(rawValue) (\(name))" }

    /// Whether `code` matches `pattern`: a primary pattern matches itself and its extended codes, an extended
    /// pattern only itself. This is what a `case` of a `switch` over result codes uses.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.isPrimary ? pattern == code.primaryResultCode : pattern == code
    }
}

// The constants keep SQLite's own names, so that they read like the C API and its documentation.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension ResultCode {
    // MARK: Primary codes (https://sqlite.org/rescode.html#primary_result_code_list)

    /// Success.
    public static let SQLITE_OK = ResultCode(rawValue: CSQLite.SQLITE_OK)
    /// A generic error: an SQL error, a missing table, a failed `RAISE` …
    public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
    /// An internal malfunction of SQLite.
    public static let SQLITE_INTERNAL = ResultCode(rawValue: CSQLite.SQLITE_INTERNAL)
    /// The file system denied access to the database file.
    public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    /// The operation was aborted, e.g. by a rollback.
    public static let SQLITE_ABORT = ResultCode(rawValue: CSQLite.SQLITE_ABORT)
    /// Another connection holds a lock the operation needs, for longer than the busy timeout.
    public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    /// A conflict inside the same connection (or shared cache), e.g. dropping a table a statement still reads.
    public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    /// SQLite could not allocate memory.
    public static let SQLITE_NOMEM = ResultCode(rawValue: CSQLite.SQLITE_NOMEM)
    /// A write to a database that cannot be written: a read-only connection, file or directory.
    public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    /// The operation was interrupted by `sqlite3_interrupt`.
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: CSQLite.SQLITE_INTERRUPT)
    /// The operating system reported an I/O error; the extended code says which call failed.
    public static let SQLITE_IOERR = ResultCode(rawValue: CSQLite.SQLITE_IOERR)
    /// The database file is damaged.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    /// An unknown operation code for a file control or a system call override.
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: CSQLite.SQLITE_NOTFOUND)
    /// The disk is full (or a size limit was reached): the write failed.
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    /// The file (or a journal, or a temporary file) cannot be opened or created.
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    /// A problem with the file locking protocol.
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: CSQLite.SQLITE_PROTOCOL)
    /// Not used by SQLite.
    public static let SQLITE_EMPTY = ResultCode(rawValue: CSQLite.SQLITE_EMPTY)
    /// The schema changed while a statement was being prepared.
    public static let SQLITE_SCHEMA = ResultCode(rawValue: CSQLite.SQLITE_SCHEMA)
    /// A string, blob or row is larger than SQLite allows.
    public static let SQLITE_TOOBIG = ResultCode(rawValue: CSQLite.SQLITE_TOOBIG)
    /// A constraint failed (UNIQUE, FOREIGN KEY, NOT NULL, CHECK …); the extended code says which kind.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT)
    /// A value of the wrong type, e.g. a non-integer for an `INTEGER PRIMARY KEY`.
    public static let SQLITE_MISMATCH = ResultCode(rawValue: CSQLite.SQLITE_MISMATCH)
    /// The SQLite API was used incorrectly.
    public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
    /// The file is too large for a system without large file support.
    public static let SQLITE_NOLFS = ResultCode(rawValue: CSQLite.SQLITE_NOLFS)
    /// An authorizer callback denied the statement.
    public static let SQLITE_AUTH = ResultCode(rawValue: CSQLite.SQLITE_AUTH)
    /// Not used by SQLite.
    public static let SQLITE_FORMAT = ResultCode(rawValue: CSQLite.SQLITE_FORMAT)
    /// A parameter index or name that the statement does not have.
    public static let SQLITE_RANGE = ResultCode(rawValue: CSQLite.SQLITE_RANGE)
    /// The file is not a SQLite database.
    public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
    /// A notice written to SQLite's log; never the result of a call.
    public static let SQLITE_NOTICE = ResultCode(rawValue: CSQLite.SQLITE_NOTICE)
    /// A warning written to SQLite's log; never the result of a call.
    public static let SQLITE_WARNING = ResultCode(rawValue: CSQLite.SQLITE_WARNING)
    /// `sqlite3_step` produced a row.
    public static let SQLITE_ROW = ResultCode(rawValue: CSQLite.SQLITE_ROW)
    /// `sqlite3_step` finished the statement.
    public static let SQLITE_DONE = ResultCode(rawValue: CSQLite.SQLITE_DONE)

    // MARK: Extended codes (https://sqlite.org/rescode.html#extended_result_code_list)
    //
    // sqlite3.h defines them as expressions, which Swift does not import: they are built here the same way.

    /// The extended code `number` of `primary`, as sqlite3.h builds it: `primary | number << 8`.
    private init(_ primary: ResultCode, _ number: Int32) {
        self.init(rawValue: primary.rawValue | number << 8)
    }

    /// An extension loaded for the life of the process rather than the connection.
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(.SQLITE_OK, 1)
    /// A collating sequence the statement needs is not defined.
    public static let SQLITE_ERROR_MISSING_COLLSEQ = ResultCode(.SQLITE_ERROR, 1)
    /// Preparing the statement should be retried.
    public static let SQLITE_ERROR_RETRY = ResultCode(.SQLITE_ERROR, 2)
    /// A historical snapshot is no longer available.
    public static let SQLITE_ERROR_SNAPSHOT = ResultCode(.SQLITE_ERROR, 3)
    /// Another connection is recovering the WAL.
    public static let SQLITE_BUSY_RECOVERY = ResultCode(.SQLITE_BUSY, 1)
    /// A read transaction cannot become a write transaction: another connection wrote since it began.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(.SQLITE_BUSY, 2)
    /// A blocking lock wait timed out.
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(.SQLITE_BUSY, 3)
    /// A lock held by another connection of the same shared cache.
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(.SQLITE_LOCKED, 1)
    /// A virtual table is locked.
    public static let SQLITE_LOCKED_VTAB = ResultCode(.SQLITE_LOCKED, 2)
    /// The WAL needs recovering and this connection cannot write.
    public static let SQLITE_READONLY_RECOVERY = ResultCode(.SQLITE_READONLY, 1)
    /// The `-shm` file is read-only and cannot be locked.
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(.SQLITE_READONLY, 2)
    /// A hot journal needs rolling back and this connection cannot write.
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(.SQLITE_READONLY, 3)
    /// The database file was moved or unlinked while open.
    public static let SQLITE_READONLY_DBMOVED = ResultCode(.SQLITE_READONLY, 4)
    /// The `-shm` file cannot be initialized: the directory or the file is read-only.
    public static let SQLITE_READONLY_CANTINIT = ResultCode(.SQLITE_READONLY, 5)
    /// The directory holding the database is read-only, so a journal cannot be created in it.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(.SQLITE_READONLY, 6)
    /// The statement was aborted by a rollback of its transaction.
    public static let SQLITE_ABORT_ROLLBACK = ResultCode(.SQLITE_ABORT, 2)
    /// Reading the file failed.
    public static let SQLITE_IOERR_READ = ResultCode(.SQLITE_IOERR, 1)
    /// Reading the file returned fewer bytes than asked: the file is shorter than its header says.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(.SQLITE_IOERR, 2)
    /// Writing the file failed, e.g. because the disk is full or a file size limit was reached.
    public static let SQLITE_IOERR_WRITE = ResultCode(.SQLITE_IOERR, 3)
    /// Flushing the file to the disk failed.
    public static let SQLITE_IOERR_FSYNC = ResultCode(.SQLITE_IOERR, 4)
    /// Flushing the directory (after creating or deleting a journal) failed.
    public static let SQLITE_IOERR_DIR_FSYNC = ResultCode(.SQLITE_IOERR, 5)
    /// Truncating the file failed.
    public static let SQLITE_IOERR_TRUNCATE = ResultCode(.SQLITE_IOERR, 6)
    /// Reading the file's size or attributes failed.
    public static let SQLITE_IOERR_FSTAT = ResultCode(.SQLITE_IOERR, 7)
    /// Releasing a file lock failed.
    public static let SQLITE_IOERR_UNLOCK = ResultCode(.SQLITE_IOERR, 8)
    /// Taking a shared file lock failed.
    public static let SQLITE_IOERR_RDLOCK = ResultCode(.SQLITE_IOERR, 9)
    /// Deleting a file (a journal) failed.
    public static let SQLITE_IOERR_DELETE = ResultCode(.SQLITE_IOERR, 10)
    /// Allocating memory during an I/O operation failed.
    public static let SQLITE_IOERR_NOMEM = ResultCode(.SQLITE_IOERR, 12)
    /// Checking whether a file exists or is accessible failed.
    public static let SQLITE_IOERR_ACCESS = ResultCode(.SQLITE_IOERR, 13)
    /// Checking for a reserved lock failed.
    public static let SQLITE_IOERR_CHECKRESERVEDLOCK = ResultCode(.SQLITE_IOERR, 14)
    /// Taking a file lock failed.
    public static let SQLITE_IOERR_LOCK = ResultCode(.SQLITE_IOERR, 15)
    /// Closing a file failed.
    public static let SQLITE_IOERR_CLOSE = ResultCode(.SQLITE_IOERR, 16)
    /// Opening the `-shm` file failed.
    public static let SQLITE_IOERR_SHMOPEN = ResultCode(.SQLITE_IOERR, 18)
    /// Growing the `-shm` file failed.
    public static let SQLITE_IOERR_SHMSIZE = ResultCode(.SQLITE_IOERR, 19)
    /// Mapping the `-shm` file into memory failed.
    public static let SQLITE_IOERR_SHMMAP = ResultCode(.SQLITE_IOERR, 21)
    /// Seeking in the file failed.
    public static let SQLITE_IOERR_SEEK = ResultCode(.SQLITE_IOERR, 22)
    /// No directory for temporary files could be found.
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode(.SQLITE_IOERR, 25)
    /// Converting a path (Cygwin) failed.
    public static let SQLITE_IOERR_CONVPATH = ResultCode(.SQLITE_IOERR, 26)
    /// A virtual table's content is damaged.
    public static let SQLITE_CORRUPT_VTAB = ResultCode(.SQLITE_CORRUPT, 1)
    /// The `sqlite_sequence` table is damaged.
    public static let SQLITE_CORRUPT_SEQUENCE = ResultCode(.SQLITE_CORRUPT, 2)
    /// An index does not match its table.
    public static let SQLITE_CORRUPT_INDEX = ResultCode(.SQLITE_CORRUPT, 3)
    /// No directory for temporary files could be found.
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(.SQLITE_CANTOPEN, 1)
    /// The path names a directory, not a file.
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(.SQLITE_CANTOPEN, 2)
    /// The path could not be made absolute.
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(.SQLITE_CANTOPEN, 3)
    /// Converting a path (Cygwin) failed.
    public static let SQLITE_CANTOPEN_CONVPATH = ResultCode(.SQLITE_CANTOPEN, 4)
    /// The path is a symbolic link and the connection refuses to follow links.
    public static let SQLITE_CANTOPEN_SYMLINK = ResultCode(.SQLITE_CANTOPEN, 6)
    /// A CHECK constraint failed.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(.SQLITE_CONSTRAINT, 1)
    /// A commit hook turned the commit into a rollback.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(.SQLITE_CONSTRAINT, 2)
    /// A FOREIGN KEY constraint failed.
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(.SQLITE_CONSTRAINT, 3)
    /// An application function reported a constraint failure.
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(.SQLITE_CONSTRAINT, 4)
    /// A NOT NULL constraint failed.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(.SQLITE_CONSTRAINT, 5)
    /// A PRIMARY KEY constraint failed.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(.SQLITE_CONSTRAINT, 6)
    /// A trigger's `RAISE(ABORT …)` or `RAISE(FAIL …)`.
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(.SQLITE_CONSTRAINT, 7)
    /// A UNIQUE constraint failed.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(.SQLITE_CONSTRAINT, 8)
    /// A virtual table reported a constraint failure.
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(.SQLITE_CONSTRAINT, 9)
    /// A rowid is not unique.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(.SQLITE_CONSTRAINT, 10)
    /// A row is pinned by a virtual table and cannot change.
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(.SQLITE_CONSTRAINT, 11)
    /// A value does not fit the declared type of a STRICT table's column.
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(.SQLITE_CONSTRAINT, 12)
    /// Frames of a WAL were recovered when the database was opened (logged, never returned).
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(.SQLITE_NOTICE, 1)
    /// A hot journal was rolled back when the database was opened (logged, never returned).
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(.SQLITE_NOTICE, 2)
    /// A query needed an automatic index: an index is missing (logged, never returned).
    public static let SQLITE_WARNING_AUTOINDEX = ResultCode(.SQLITE_WARNING, 1)
    /// The user authentication extension refused the operation.
    public static let SQLITE_AUTH_USER = ResultCode(.SQLITE_AUTH, 1)

    /// The names of the codes above, for ``name`` and ``description``.
    private static let names: [ResultCode: String] = [
        .SQLITE_OK: "SQLITE_OK", .SQLITE_ERROR: "SQLITE_ERROR", .SQLITE_INTERNAL: "SQLITE_INTERNAL",
        .SQLITE_PERM: "SQLITE_PERM", .SQLITE_ABORT: "SQLITE_ABORT", .SQLITE_BUSY: "SQLITE_BUSY",
        .SQLITE_LOCKED: "SQLITE_LOCKED", .SQLITE_NOMEM: "SQLITE_NOMEM", .SQLITE_READONLY: "SQLITE_READONLY",
        .SQLITE_INTERRUPT: "SQLITE_INTERRUPT", .SQLITE_IOERR: "SQLITE_IOERR", .SQLITE_CORRUPT: "SQLITE_CORRUPT",
        .SQLITE_NOTFOUND: "SQLITE_NOTFOUND", .SQLITE_FULL: "SQLITE_FULL", .SQLITE_CANTOPEN: "SQLITE_CANTOPEN",
        .SQLITE_PROTOCOL: "SQLITE_PROTOCOL", .SQLITE_EMPTY: "SQLITE_EMPTY", .SQLITE_SCHEMA: "SQLITE_SCHEMA",
        .SQLITE_TOOBIG: "SQLITE_TOOBIG", .SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT", .SQLITE_MISMATCH: "SQLITE_MISMATCH",
        .SQLITE_MISUSE: "SQLITE_MISUSE", .SQLITE_NOLFS: "SQLITE_NOLFS", .SQLITE_AUTH: "SQLITE_AUTH",
        .SQLITE_FORMAT: "SQLITE_FORMAT", .SQLITE_RANGE: "SQLITE_RANGE", .SQLITE_NOTADB: "SQLITE_NOTADB",
        .SQLITE_NOTICE: "SQLITE_NOTICE", .SQLITE_WARNING: "SQLITE_WARNING", .SQLITE_ROW: "SQLITE_ROW",
        .SQLITE_DONE: "SQLITE_DONE",

        .SQLITE_OK_LOAD_PERMANENTLY: "SQLITE_OK_LOAD_PERMANENTLY",
        .SQLITE_ERROR_MISSING_COLLSEQ: "SQLITE_ERROR_MISSING_COLLSEQ", .SQLITE_ERROR_RETRY: "SQLITE_ERROR_RETRY",
        .SQLITE_ERROR_SNAPSHOT: "SQLITE_ERROR_SNAPSHOT",
        .SQLITE_BUSY_RECOVERY: "SQLITE_BUSY_RECOVERY", .SQLITE_BUSY_SNAPSHOT: "SQLITE_BUSY_SNAPSHOT",
        .SQLITE_BUSY_TIMEOUT: "SQLITE_BUSY_TIMEOUT",
        .SQLITE_LOCKED_SHAREDCACHE: "SQLITE_LOCKED_SHAREDCACHE", .SQLITE_LOCKED_VTAB: "SQLITE_LOCKED_VTAB",
        .SQLITE_READONLY_RECOVERY: "SQLITE_READONLY_RECOVERY", .SQLITE_READONLY_CANTLOCK: "SQLITE_READONLY_CANTLOCK",
        .SQLITE_READONLY_ROLLBACK: "SQLITE_READONLY_ROLLBACK", .SQLITE_READONLY_DBMOVED: "SQLITE_READONLY_DBMOVED",
        .SQLITE_READONLY_CANTINIT: "SQLITE_READONLY_CANTINIT",
        .SQLITE_READONLY_DIRECTORY: "SQLITE_READONLY_DIRECTORY",
        .SQLITE_ABORT_ROLLBACK: "SQLITE_ABORT_ROLLBACK",
        .SQLITE_IOERR_READ: "SQLITE_IOERR_READ", .SQLITE_IOERR_SHORT_READ: "SQLITE_IOERR_SHORT_READ",
        .SQLITE_IOERR_WRITE: "SQLITE_IOERR_WRITE", .SQLITE_IOERR_FSYNC: "SQLITE_IOERR_FSYNC",
        .SQLITE_IOERR_DIR_FSYNC: "SQLITE_IOERR_DIR_FSYNC", .SQLITE_IOERR_TRUNCATE: "SQLITE_IOERR_TRUNCATE",
        .SQLITE_IOERR_FSTAT: "SQLITE_IOERR_FSTAT", .SQLITE_IOERR_UNLOCK: "SQLITE_IOERR_UNLOCK",
        .SQLITE_IOERR_RDLOCK: "SQLITE_IOERR_RDLOCK", .SQLITE_IOERR_DELETE: "SQLITE_IOERR_DELETE",
        .SQLITE_IOERR_NOMEM: "SQLITE_IOERR_NOMEM", .SQLITE_IOERR_ACCESS: "SQLITE_IOERR_ACCESS",
        .SQLITE_IOERR_CHECKRESERVEDLOCK: "SQLITE_IOERR_CHECKRESERVEDLOCK", .SQLITE_IOERR_LOCK: "SQLITE_IOERR_LOCK",
        .SQLITE_IOERR_CLOSE: "SQLITE_IOERR_CLOSE", .SQLITE_IOERR_SHMOPEN: "SQLITE_IOERR_SHMOPEN",
        .SQLITE_IOERR_SHMSIZE: "SQLITE_IOERR_SHMSIZE", .SQLITE_IOERR_SHMMAP: "SQLITE_IOERR_SHMMAP",
        .SQLITE_IOERR_SEEK: "SQLITE_IOERR_SEEK", .SQLITE_IOERR_GETTEMPPATH: "SQLITE_IOERR_GETTEMPPATH",
        .SQLITE_IOERR_CONVPATH: "SQLITE_IOERR_CONVPATH",
        .SQLITE_CORRUPT_VTAB: "SQLITE_CORRUPT_VTAB", .SQLITE_CORRUPT_SEQUENCE: "SQLITE_CORRUPT_SEQUENCE",
        .SQLITE_CORRUPT_INDEX: "SQLITE_CORRUPT_INDEX",
        .SQLITE_CANTOPEN_NOTEMPDIR: "SQLITE_CANTOPEN_NOTEMPDIR", .SQLITE_CANTOPEN_ISDIR: "SQLITE_CANTOPEN_ISDIR",
        .SQLITE_CANTOPEN_FULLPATH: "SQLITE_CANTOPEN_FULLPATH", .SQLITE_CANTOPEN_CONVPATH: "SQLITE_CANTOPEN_CONVPATH",
        .SQLITE_CANTOPEN_SYMLINK: "SQLITE_CANTOPEN_SYMLINK",
        .SQLITE_CONSTRAINT_CHECK: "SQLITE_CONSTRAINT_CHECK",
        .SQLITE_CONSTRAINT_COMMITHOOK: "SQLITE_CONSTRAINT_COMMITHOOK",
        .SQLITE_CONSTRAINT_FOREIGNKEY: "SQLITE_CONSTRAINT_FOREIGNKEY",
        .SQLITE_CONSTRAINT_FUNCTION: "SQLITE_CONSTRAINT_FUNCTION",
        .SQLITE_CONSTRAINT_NOTNULL: "SQLITE_CONSTRAINT_NOTNULL",
        .SQLITE_CONSTRAINT_PRIMARYKEY: "SQLITE_CONSTRAINT_PRIMARYKEY",
        .SQLITE_CONSTRAINT_TRIGGER: "SQLITE_CONSTRAINT_TRIGGER", .SQLITE_CONSTRAINT_UNIQUE: "SQLITE_CONSTRAINT_UNIQUE",
        .SQLITE_CONSTRAINT_VTAB: "SQLITE_CONSTRAINT_VTAB", .SQLITE_CONSTRAINT_ROWID: "SQLITE_CONSTRAINT_ROWID",
        .SQLITE_CONSTRAINT_PINNED: "SQLITE_CONSTRAINT_PINNED",
        .SQLITE_CONSTRAINT_DATATYPE: "SQLITE_CONSTRAINT_DATATYPE",
        .SQLITE_NOTICE_RECOVER_WAL: "SQLITE_NOTICE_RECOVER_WAL",
        .SQLITE_NOTICE_RECOVER_ROLLBACK: "SQLITE_NOTICE_RECOVER_ROLLBACK",
        .SQLITE_WARNING_AUTOINDEX: "SQLITE_WARNING_AUTOINDEX", .SQLITE_AUTH_USER: "SQLITE_AUTH_USER",
    ]
}
