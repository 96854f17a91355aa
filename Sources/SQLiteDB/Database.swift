internal import CSQLite
import Foundation

/// One connection to a SQLite database: a file, or memory.
///
/// Files open in WAL mode with `foreign_keys=ON`, `synchronous=NORMAL` and a busy timeout, so two
/// processes can share a file. A connection is used by one thread at a time; share a file across
/// threads or tasks with ``DatabasePool``.
///
/// ```swift
/// let db = try Database(path: "catalog.sqlite")
/// try db.execute("INSERT INTO notes(text) VALUES (?)", ["Hello"])
/// let texts = try db.fetchAll(String.self, "SELECT text FROM notes")
/// ```
public final class Database {
    /// How a connection is opened.
    public struct Configuration: Sendable {
        /// Open for reading only: every write fails with `SQLITE_READONLY`. The file must exist.
        public var readOnly = false
        /// `PRAGMA synchronous` (https://sqlite.org/pragma.html#pragma_synchronous). In WAL mode `normal`
        /// keeps the database consistent after a crash; only the last commits can be lost after a power cut.
        public var synchronous = Synchronous.normal
        /// How long to wait for another connection's lock before failing with `SQLITE_BUSY`; `nil` waits until the
        /// lock is free, however long that takes.
        public var busyTimeout: Duration? = .seconds(5)
        /// Called on the connection's thread while it waits for another connection's lock: with zero when a wait
        /// begins, then about once a second with how long it has waited so far. It lets a program say why nothing
        /// happens (the library itself prints nothing); it must return quickly.
        public var onLockWait: (@Sendable (_ waited: Duration) -> Void)?
        /// `PRAGMA cache_size` in KiB, or `nil` for SQLite's default (2 MiB).
        public var cacheSizeKiB: Int?
        /// `PRAGMA mmap_size` in bytes, or `nil` to read through system calls (SQLite's default).
        public var mmapSize: Int?
        /// Other database files the connection reads beside its own, attached read-only: a query names their
        /// tables as `schema.table`, or unqualified when the connection's own file has no table of that name.
        /// Read-only, so a write transaction on this connection (even `BEGIN IMMEDIATE`) never takes their locks,
        /// and waits for nothing another process does to them.
        public var readOnlyAttachments: [Attachment] = []
        /// When commits are copied from the WAL into the database file (a writing connection on a file only).
        public var checkpoints = Checkpoints.automatic

        public init() {}
    }

    /// A database file attached to a connection under a schema name.
    public struct Attachment: Sendable, Hashable {
        /// The schema name queries use for it.
        public var schema: String
        /// The file; it must exist.
        public var path: String

        public init(schema: String, path: String) {
            self.schema = schema
            self.path = path
        }
    }

    /// When a connection's commits are copied from the WAL back into the database file
    /// (https://sqlite.org/wal.html#checkpointing).
    public enum Checkpoints: Sendable, Hashable {
        /// SQLite's own: the commit that takes the WAL past 1,000 pages copies it back and syncs the file before it
        /// returns, so that one commit takes milliseconds instead of microseconds.
        case automatic
        /// A passive checkpoint on a connection of its own, on a background queue, asked for by each commit that
        /// leaves at least `pages` pages in the WAL: no commit waits for one, but closing the connection waits for
        /// the one its commits asked for. For a connection that lives long and writes often (a server's writer);
        /// readers and other processes are unaffected. `PRAGMA wal_autocheckpoint` on the connection replaces it.
        case background(pages: Int)
    }

    /// Values of `PRAGMA synchronous`.
    public enum Synchronous: String, Sendable, CaseIterable {
        case off = "OFF"
        case normal = "NORMAL"
        case full = "FULL"
        case extra = "EXTRA"
    }

    let handle: OpaquePointer
    /// The file path, or `":memory:"`.
    public let path: String
    private var statementCache: [String: Statement] = [:]
    private let busyHandler: BusyHandler
    private var isClosed = false
    /// The checkpointer a ``Checkpoints/background(pages:)`` connection's commits call on: kept as long as the
    /// connection, whose WAL hook points at it.
    private var checkpointer: BackgroundCheckpointer?
    package var savepointDepth = 0

    /// Opens (and, unless read-only, creates) the database file at `path`.
    ///
    /// A file it creates is readable and writable by its owner only (0600), whatever the umask, and so are the
    /// `-wal` and `-shm` files SQLite makes beside it; an existing file keeps its permissions
    /// (``restrictToOwner(path:)`` narrows them).
    ///
    /// - Throws: ``DatabaseError`` when the file cannot be opened or is not a SQLite database
    ///   (`SQLITE_NOTADB`), with the path in the message.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        // A read-only attachment is named by a URI (`?mode=ro`).
        if !configuration.readOnlyAttachments.isEmpty { flags |= SQLITE_OPEN_URI }
        // SQLite would create the file 0644 less the umask; a URI names its file in a form of its own.
        if !configuration.readOnly && !(flags & SQLITE_OPEN_URI != 0 && path.hasPrefix("file:")) {
            Self.createPrivateFile(path)
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError(code: code, connection: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw DatabaseError(extendedResultCode: error.extendedResultCode, message: "\(error.message): \(path)")
        }
        self.handle = connection
        self.path = path
        self.busyHandler = BusyHandler(timeout: configuration.busyTimeout, observer: configuration.onLockWait)
        do {
            try configure(configuration)
        } catch let error as DatabaseError {
            BusyHandler.remove(from: connection)
            sqlite3_close_v2(connection)
            isClosed = true
            throw DatabaseError(
                extendedResultCode: error.extendedResultCode, message: "\(error.message): \(path)", sql: error.sql)
        }
    }

    /// Opens a private in-memory database, gone when the connection closes.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
        try Database(path: ":memory:", configuration: configuration)
    }

    deinit {
        if !isClosed {
            checkpointer?.finish()
            statementCache.removeAll()
            BusyHandler.remove(from: handle)
            // close_v2 defers the close until statements a caller still holds are finalized.
            sqlite3_close_v2(handle)
        }
    }

    private func configure(_ configuration: Configuration) throws {
        sqlite3_extended_result_codes(handle, 1)
        busyHandler.install(on: handle)
        // Reading the schema fails early, with SQLITE_NOTADB, on a file that is not a database.
        try execute("SELECT count(*) FROM sqlite_schema")
        try execute("PRAGMA foreign_keys = ON")
        if !configuration.readOnly && path != ":memory:" && !path.isEmpty {
            try switchToWAL()
        }
        if !configuration.readOnly {
            try execute("PRAGMA synchronous = \(configuration.synchronous.rawValue)")
            if case .background(let pages) = configuration.checkpoints, path != ":memory:", !path.isEmpty {
                let checkpointer = BackgroundCheckpointer(path: path)
                checkpointer.hookCommits(of: handle, everyPages: pages)
                self.checkpointer = checkpointer
            }
        }
        if let cacheSizeKiB = configuration.cacheSizeKiB {
            try execute("PRAGMA cache_size = -\(cacheSizeKiB)")
        }
        if let mmapSize = configuration.mmapSize {
            try execute("PRAGMA mmap_size = \(mmapSize)")
        }
        for attachment in configuration.readOnlyAttachments {
            try execute("ATTACH DATABASE ? AS \"\(attachment.schema)\"", [Self.readOnlyURI(attachment.path)])
        }
    }

    /// A URI naming the file at `path` for reading only, its path percent-encoded so that `?` and `#` in a name
    /// stay part of it.
    private static func readOnlyURI(_ path: String) -> String {
        let allowed = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8))
        var uri = "file:"
        for byte in path.utf8 {
            if allowed.contains(byte) {
                uri.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                uri += (byte < 16 ? "%0" : "%") + hex
            }
        }
        return uri + "?mode=ro"
    }

    /// Turns on WAL mode, which rewrites the file header of a database in another mode: only after the database
    /// reads back whole, so that opening never writes to a damaged file. The check runs once per database (the
    /// mode is persistent); a new, empty database has nothing to check.
    private func switchToWAL() throws {
        guard try fetchOne(String.self, "PRAGMA journal_mode")?.lowercased() != "wal" else { return }
        if try fetchOne(Int.self, "PRAGMA page_count") ?? 0 > 0 {
            let problems = try fetchAll(String.self, "PRAGMA quick_check(1)")
            guard problems == ["ok"] else {
                throw DatabaseError(
                    extendedResultCode: .SQLITE_CORRUPT,
                    message: "database disk image is malformed (\(problems.first ?? "quick_check failed"))")
            }
        }
        try execute("PRAGMA journal_mode = WAL")
    }

    /// Closes the connection now rather than when it is released.
    ///
    /// - Throws: ``DatabaseError`` when SQLite refuses (a statement from ``prepare(_:)`` is still alive).
    public func close() throws {
        guard !isClosed else { return }
        checkpointer?.finish()
        statementCache.removeAll()
        let code = sqlite3_close(handle)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: nil) }
        isClosed = true
    }

    /// Waits until the background checkpoints its commits asked for are done (tests and benchmarks).
    package func waitForBackgroundCheckpoints() {
        checkpointer?.waitUntilIdle()
    }

    /// The version of the SQLite library, e.g. `"3.40.1"`.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The number of rows changed since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// Whether the connection was opened read-only.
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    // MARK: Statements

    /// Prepares one statement.
    ///
    /// - Throws: ``DatabaseError`` with the SQL, e.g. for a syntax error or an unknown table.
    public func prepare(_ sql: String) throws -> Statement {
        try prepare(sql, flags: 0)
    }

    /// Returns the prepared statement kept for `sql`, preparing it on first use.
    ///
    /// Statements come back reset. Use it for SQL that runs many times (an insert in a loop): it saves the
    /// parse and plan. When the cached statement is still running (a nested query of the same SQL), a fresh
    /// one is prepared instead.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            if sqlite3_stmt_busy(statement.handle) == 0 {
                return statement
            }
            return try prepare(sql)
        }
        let statement = try prepare(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        statementCache[sql] = statement
        return statement
    }

    private func prepare(_ sql: String, flags: UInt32) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: sql) }
        guard let statement else {
            throw DatabaseError(extendedResultCode: .SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql)
        }
        return Statement(handle: statement, sql: sql)
    }

    /// Runs one or more `;`-separated statements without arguments (DDL, PRAGMAs, a migration).
    ///
    /// - Throws: ``DatabaseError`` carrying the statement that failed.
    public func execute(_ sql: String) throws {
        try sql.withCString { start in
            var next = start
            while next.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, next, -1, &statement, &tail)
                let end = tail ?? next + strlen(next)
                guard code == SQLITE_OK else {
                    // After an error the tail only says where parsing stopped: name the rest of the statement.
                    let rest = String(cString: next)
                    let statementText = rest.firstIndex(of: ";").map { String(rest[...$0]) } ?? rest
                    throw DatabaseError(
                        code: code, connection: handle,
                        sql: statementText.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                let text = String(decoding: UnsafeRawBufferPointer(start: next, count: end - next), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                next = end
                // Whitespace or a comment prepares to no statement: nothing to run.
                if let statement {
                    try Statement(handle: statement, sql: text).execute()
                }
            }
        }
    }

    /// Runs one statement with positional arguments, through the statement cache.
    ///
    /// ```swift
    /// try db.execute("UPDATE books SET title = ? WHERE id = ?", ["Dune", 42])
    /// ```
    public func execute(_ sql: String, _ arguments: StatementArguments) throws {
        try cachedStatement(sql).execute(arguments)
    }

    /// Runs one statement with named arguments (`:name`, `$name` or `@name`).
    public func execute(_ sql: String, _ arguments: [String: (any DatabaseValueConvertible)?]) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        while try statement.step() {}
    }

    // MARK: Fetching
    //
    // The fetch methods are inlinable so each caller gets a loop specialized for its row type: generic
    // array and witness calls per row cost ~40 % over the C API otherwise.

    /// Decodes every row of `sql`.
    @inlinable
    public func fetchAll<T: RowDecodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = [])
        throws -> [T]
    {
        try cachedStatement(sql).fetchAll(type, arguments)
    }

    /// Decodes the first row of `sql`, or returns `nil` when there is none.
    @inlinable
    public func fetchOne<T: RowDecodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = [])
        throws -> T?
    {
        try cachedStatement(sql).fetchOne(type, arguments)
    }

    /// Reads the first column of every row of `sql`.
    @inlinable
    public func fetchAll<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> [T] {
        try cachedStatement(sql).fetchAll(type, arguments)
    }

    /// Reads the first columns of every row of `sql` as a tuple, one type a column, each non-optional: for a query
    /// whose rows are too plain to deserve a ``RowDecodable`` type.
    ///
    /// ```swift
    /// for (name, sql) in try db.fetchAll("SELECT name, sql FROM sqlite_schema", as: String.self, String.self) { … }
    /// ```
    @inlinable
    public func fetchAll<each Value: DatabaseValueConvertible>(
        _ sql: String, _ arguments: StatementArguments = [], as types: repeat (each Value).Type
    ) throws -> [(repeat each Value)] {
        try cachedStatement(sql).fetchAll(arguments, as: repeat each types)
    }

    /// Reads the first column of the first row of `sql`: `nil` when there is no row or the value is NULL.
    ///
    /// ```swift
    /// let count = try db.fetchOne(Int.self, "SELECT count(*) FROM books") ?? 0
    /// ```
    @inlinable
    public func fetchOne<T: DatabaseValueConvertible>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        try cachedStatement(sql).fetchOne(type, arguments)
    }

    /// A cursor over the rows of `sql`, decoded one at a time.
    ///
    /// The cursor holds its own statement (not the cached one), so other queries can run while it is open.
    public func cursor<T: RowDecodable>(_ type: T.Type, _ sql: String, _ arguments: StatementArguments = [])
        throws -> RowCursor<T>
    {
        try prepare(sql).cursor(type, arguments)
    }
}

// SQLite allows a connection on one thread at a time (opened with SQLITE_OPEN_NOMUTEX); DatabasePool is the
// Sendable way to share a file.
@available(*, unavailable)
extension Database: Sendable {}
