import SQLiteDB

/// Failures of the command line itself, and database failures explained for the person at the terminal: which
/// file, what happened, what to do.
enum CLIError: Error, CustomStringConvertible {
    case missingDatabase(path: String)
    case notATerminal
    /// The file exists but is empty: a new SQLite database to SQLite, more likely a lost one to a person.
    case emptyDatabaseFile(path: String)
    /// SQLITE_NOTADB: the file is not a SQLite database.
    case notADatabase(path: String)
    /// SQLITE_CORRUPT: the file is a damaged database.
    case damagedDatabase(path: String, detail: String)
    /// SQLITE_FULL, or a write cut short: the change was rolled back.
    case diskFull(path: String)
    /// The file cannot be opened or created (SQLITE_CANTOPEN, SQLITE_PERM).
    case cannotOpen(path: String, reason: String)
    /// The file or its directory is read-only (SQLITE_READONLY).
    case cannotWrite(path: String, reason: String)
    /// Another I/O error reported by the operating system (SQLITE_IOERR).
    case ioError(path: String, detail: String)
    /// The schema cannot be used or brought up to date (newer, changed, or a migration failed).
    case schema(path: String, problem: MigrationError)
    /// Another connection held a lock for longer than the busy timeout.
    case busy(path: String)

    var description: String {
        switch self {
        case .missingDatabase(let path):
            return "no database at \(path); create it with 'catalog --db \(path) init'"
        case .notATerminal:
            return "catalog browse needs a terminal: standard input and output must both be one; "
                + "to read or change the navigation state from a script or a pipe, use 'catalog nav' "
                + "(see 'catalog nav --help')"
        case .emptyDatabaseFile(let path):
            return "\(path) is an empty file, not a catalog database (was it truncated or copied badly?); "
                + "restore it from a backup, or run 'catalog --db \(path) init' to start a new catalog in it"
        case .notADatabase(let path):
            return "\(path): file is not a database (it is not a SQLite file); check the --db path, "
                + "or move the file away and run 'catalog --db \(path) init' to create a new catalog"
        case .damagedDatabase(let path, let detail):
            return "\(path) is damaged (\(detail)); restore it from a backup or snapshot, "
                + "or try to salvage it with 'sqlite3 \(path) .recover'"
        case .diskFull(let path):
            return
                "database or disk is full while writing \(path); the change in progress was rolled back and what was "
                + "committed before stays: free some space and retry"
        case .cannotOpen(let path, let reason), .cannotWrite(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .ioError(let path, let detail):
            return "I/O error on \(path) (\(detail)); check the disk and the file system, then retry"
        case .schema(let path, let problem):
            return "\(path): \(problem)"
        case .busy(let path):
            return "\(path) is locked by another program for longer than the busy timeout; retry when it is done"
        }
    }

    /// The exit status: 65 for unusable data, 1 for everything else.
    var exitStatus: Int32 {
        switch self {
        case .emptyDatabaseFile, .notADatabase, .damagedDatabase: ExitStatus.dataError
        case .schema(_, let problem): ExitStatus.for(problem)
        default: ExitStatus.failure
        }
    }
}
