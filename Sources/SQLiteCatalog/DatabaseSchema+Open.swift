import Foundation
public import SQLiteDB

/// The policy for opening a catalog file, the same for every program (a command line, a server, an app): what is
/// refused, and how a new catalog comes into being.
extension DatabaseSchema {
    /// What ``openCatalog(path:configuration:mode:)`` does with the file at its path.
    public enum OpenMode: Sendable, Hashable {
        /// Create the catalog when no file exists, or bring an existing one to this program's schema: for a
        /// program that writes to a catalog it may have to start.
        case createOrMigrate
        /// The file must exist; bring it to this program's schema.
        case migrateExisting
        /// The file must exist; use it with the schema it has, never migrated: for a program that reports which
        /// migrations are pending.
        case existingAsIs
    }

    /// Opens the catalog at `path` as `mode` says, refusing a file that is not safely a catalog.
    ///
    /// Every mode refuses a path that names something other than a regular file (a directory, a device such as
    /// `/dev/null`, a named pipe), and an empty file: SQLite would take it as a new database, but an empty file where
    /// a catalog should be is more likely a lost catalog (truncated, copied badly) than a new one; only
    /// ``initializeCatalog(path:configuration:)`` makes a catalog of it. Every mode refuses a database that has a
    /// migration this program does not know, or a changed one, and a damaged file is refused before opening
    /// writes to it.
    ///
    /// A new catalog is built under a hidden name beside `path` and appears at `path` only once it is whole, so a
    /// program stopped while creating it leaves no empty file for the next one to refuse.
    ///
    /// ```swift
    /// let db = try DatabaseSchema.openCatalog(path: "catalog.sqlite")
    /// let reader = try DatabaseSchema.openCatalog(path: "catalog.sqlite", mode: .existingAsIs)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The catalog file.
    ///   - configuration: How the connection is opened.
    ///   - mode: Whether the file may be created, and whether its schema is brought up to date.
    /// - Returns: A connection to the catalog.
    /// - Throws: ``CatalogFileError`` when the file is missing (where it must exist), empty, not a database,
    ///   damaged, newer than this program, unreachable or busy; `DatabaseError` for a failure that says nothing
    ///   about the file.
    public static func openCatalog(
        path: String, configuration: Database.Configuration = Database.Configuration(),
        mode: OpenMode = .createOrMigrate
    ) throws -> Database {
        try explainingFileErrors(path) {
            switch mode {
            case .createOrMigrate:
                try refuseUnusableFile(path)
                if isAbsent(path) { _ = createWhole(at: path, configuration: configuration, migrator: catalogMigrator) }
                return try migrateCatalogFile(path: path, configuration: configuration).db
            case .migrateExisting:
                try requireExistingFile(path)
                return try migrateCatalogFile(path: path, configuration: configuration).db
            case .existingAsIs:
                try requireExistingFile(path)
                let db = try Database(path: path, configuration: configuration)
                _ = try catalogFileMigrator(for: db).pendingMigrations(in: db)
                return db
            }
        }
    }

    /// Makes the file at `path` a catalog, as a person asks for explicitly: creates it (it appears only once it is
    /// whole), takes an existing empty file as a new catalog, or brings an existing catalog to this program's
    /// schema.
    ///
    /// - Parameters:
    ///   - path: The catalog file.
    ///   - configuration: How the connection is opened.
    /// - Returns: The migrations applied now; empty when the catalog was up to date.
    /// - Throws: ``CatalogFileError`` when the file is not a database, is damaged, newer than this program,
    ///   unreachable or busy; `DatabaseError` for a failure that says nothing about the file.
    @discardableResult
    public static func initializeCatalog(
        path: String, configuration: Database.Configuration = Database.Configuration()
    ) throws -> [Migration] {
        try explainingFileErrors(path) {
            try refuseUnusableFile(path, allowingEmpty: true)
            if isAbsent(path),
                let applied = createWhole(at: path, configuration: configuration, migrator: catalogMigrator)
            {
                return applied
            }
            return try migrateCatalogFile(path: path, configuration: configuration).applied
        }
    }

    /// The migrator that reads the catalog file `db` as it is: a catalog file made before its users' state moved
    /// to a file of its own (``openUserState(catalogPath:configuration:)``) still holds that state's tables and
    /// migrations until it is next migrated.
    public static func catalogFileMigrator(for db: Database) throws -> Migrator {
        try db.tableExists("users") ? migrator : catalogMigrator
    }

    /// Opens the catalog file at `path`, moves out the users' state an older catalog file holds, and applies the
    /// catalog's pending migrations.
    private static func migrateCatalogFile(path: String, configuration: Database.Configuration) throws -> (
        db: Database, applied: [Migration]
    ) {
        let db = try Database(path: path, configuration: configuration)
        var applied: [Migration] = []
        if try db.tableExists("users") {
            // Both halves at this build's schema first, so the tables moved have the columns their new file has.
            applied = try migrator.migrate(db)
            try moveUserState(outOf: db, catalogPath: path)
        }
        applied += try catalogMigrator.migrate(db)
        return (db, applied.filter { catalogMigrator.migrations.contains($0) })
    }

    /// Builds a catalog under a hidden name beside `path`, then links it to `path` unless a file appeared there
    /// meanwhile (`link`, unlike `rename`, never replaces a file another process may hold open).
    ///
    /// - Returns: The migrations applied, or `nil` when the catalog could not be built or linked (a directory
    ///   without write permission, a full disk, a file system without hard links, another process first): the
    ///   caller then opens `path` itself, and what SQLite meets there is what it reports.
    static func createWhole(at path: String, configuration: Database.Configuration, migrator: Migrator) -> [Migration]?
    {
        let url = URL(filePath: path)
        let hidden = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent)-\(UUID())").path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: hidden + suffix)
            }
        }
        let applied: [Migration]
        do {
            let db = try Database(path: hidden, configuration: configuration)
            applied = try migrator.migrate(db)
            // Closing the only connection checkpoints the WAL into the file and removes it.
            try db.close()
        } catch {
            return nil
        }
        return link(hidden, path) == 0 ? applied : nil
    }

    /// Whether `path` names a file that does not exist yet (rather than memory, or a file that does).
    static func isAbsent(_ path: String) -> Bool {
        path != ":memory:" && !path.isEmpty && !FileManager.default.fileExists(atPath: path)
    }

    /// Throws ``CatalogFileError/missing(path:)`` unless `path` exists, and what ``refuseUnusableFile(_:allowingEmpty:)``
    /// throws.
    private static func requireExistingFile(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw CatalogFileError.missing(path: path) }
        try refuseUnusableFile(path)
    }

    /// Throws ``CatalogFileError/cannotOpen(path:reason:)`` when `path` names something other than a regular file
    /// (a directory, a device, a named pipe, a socket: SQLite would misreport it, or block reading a pipe), and
    /// ``CatalogFileError/empty(path:)`` when it is a regular file of 0 bytes, unless `allowingEmpty`. A path with
    /// nothing at it passes (symbolic links are followed).
    static func refuseUnusableFile(_ path: String, allowingEmpty: Bool = false) throws {
        var info = stat()
        guard path != ":memory:", !path.isEmpty, stat(path, &info) == 0 else { return }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if info.st_size == 0 && !allowingEmpty { throw CatalogFileError.empty(path: path) }
            return
        case S_IFDIR: throw CatalogFileError.cannotOpen(path: path, reason: .isDirectory)
        case S_IFCHR: kind = "character device"
        case S_IFBLK: kind = "block device"
        case S_IFIFO: kind = "named pipe (FIFO)"
        case S_IFSOCK: kind = "socket"
        default: kind = "special file"
        }
        throw CatalogFileError.cannotOpen(path: path, reason: .notARegularFile(kind: kind))
    }

    /// Runs `body`, turning what SQLite and the migrator report about the file at `path` into a
    /// ``CatalogFileError``.
    static func explainingFileErrors<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CatalogFileError(error, path: path) ?? error
        }
    }
}
