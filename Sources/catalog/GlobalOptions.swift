import CatalogStore
import CommandLineKit
import Foundation
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB

/// Options every subcommand accepts.
enum GlobalOptions {
    static let database = TypedOption<String?>(
        "db", valueName: "PATH", help: "The database file.", whenAbsent: "$CATALOG_DB, else ./catalog.sqlite",
        inherited: true)
    // The default is written in the help: it depends on --db, and a sentence follows it.
    static let postgreSQL = TypedOption<String?>(
        "database", valueName: "URL",
        help: "A PostgreSQL database instead of a SQLite file: a libpq URI, postgres://USER@HOST:PORT/NAME (default: "
            + "$CATALOG_DATABASE unless --db is given). Every subcommand but sync and demo works on PostgreSQL.",
        inherited: true)
    static let wait = TypedOption<Duration?>(
        "wait", valueName: "SECONDS", parser: .seconds,
        help: "Give up after waiting SECONDS for another program's lock on the database.",
        whenAbsent: "wait until it is free", inherited: true)

    /// The database path the invocation names.
    static func databasePath(_ invocation: Invocation) throws -> String {
        try invocation[database] ?? ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    }

    /// The subcommands that need a store to have a capability, which a PostgreSQL database does not have.
    private static let requirements: [String: StoreCapability] = [
        "sync": .portableFile, "demo": .portableFile,
    ]

    /// The database the invocation names, resolved once: the PostgreSQL database of `--database` (else of
    /// `$CATALOG_DATABASE` when `--db` is not given), or the SQLite file of `--db`.
    ///
    /// - Throws: `UsageError` for both `--db` and `--database`, a URI that is not PostgreSQL's, or a subcommand that
    ///   needs what the database cannot do.
    static func location(_ invocation: Invocation) throws -> StoreLocation {
        let given = try invocation[postgreSQL]
        if given != nil, invocation.isGiven(database) {
            throw UsageError(
                "--db names a SQLite file and --database a PostgreSQL database: give one of them",
                commandPath: invocation.commandPath)
        }
        let environment = invocation.isGiven(database) ? nil : ProcessInfo.processInfo.environment["CATALOG_DATABASE"]
        guard let uri = given ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .sqlite(path: try databasePath(invocation))
        }
        let source = given != nil ? "--database" : "$CATALOG_DATABASE"
        guard PostgreSQLConnection.isURI(uri) else {
            throw UsageError(
                "\(source) takes a PostgreSQL URI (postgres://USER@HOST:PORT/NAME); got "
                    + "'\(PostgreSQLConnection.redacted(uri))' (a SQLite file is named with --db PATH)",
                commandPath: invocation.commandPath)
        }
        let location = StoreLocation.postgreSQL(uri: uri)
        if let subcommand = invocation.commandPath.dropFirst().first, let needed = requirements[subcommand],
            !location.capabilities.contains(needed)
        {
            throw UsageError(
                "\(invocation.commandPath.joined(separator: " ")) works on a SQLite catalog file only; every "
                    + "subcommand but \(requirements.keys.sorted().joined(separator: ", ")) works on PostgreSQL "
                    + "(\(source) is set)",
                commandPath: invocation.commandPath)
        }
        return location
    }

    /// The store of the invocation's database (or of `location`, resolved from it already): its SQLite catalog
    /// opened as `mode` says (waiting for other programs' locks as `--wait` says), or its PostgreSQL database,
    /// migrated first.
    static func openStore(
        _ invocation: Invocation, at location: StoreLocation? = nil, mode: DatabaseSchema.OpenMode = .createOrMigrate
    ) throws -> any CatalogStore {
        let limit = try invocation[wait]
        return try (location ?? self.location(invocation)).open(mode: mode) { path in
            configuration(waiting: limit, path: path)
        }
    }

    /// Opens the invocation's database as `mode` says: by default creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation, mode: DatabaseSchema.OpenMode = .createOrMigrate) throws
        -> Database
    {
        let path = try databasePath(invocation)
        return try DatabaseSchema.openCatalog(
            path: path, configuration: configuration(invocation, path: path), mode: mode)
    }

    /// Opens the user-state file of the invocation's catalog (its users, their tokens and navigation state), with
    /// the catalog attached read-only: the catalog must exist.
    static func openUserState(_ invocation: Invocation) throws -> Database {
        let path = try databasePath(invocation)
        // What it waits for is the user-state file's lock (the catalog's only while a migration runs).
        let waiting = try configuration(invocation, path: DatabaseSchema.userStatePath(forCatalog: path))
        return try DatabaseSchema.openUserState(catalogPath: path, configuration: waiting)
    }

    /// How to open the database at `path`: waiting for another program's lock as long as `--wait` says (without a
    /// limit by default), and saying so on standard error.
    static func configuration(_ invocation: Invocation, path: String) throws -> Database.Configuration {
        configuration(waiting: try invocation[wait], path: path)
    }

    /// How to open the database at `path`, waiting for another program's lock at most `limit` (`nil`: no limit).
    private static func configuration(waiting limit: Duration?, path: String) -> Database.Configuration {
        var configuration = Database.Configuration()
        configuration.busyTimeout = limit
        let report = LockWaitReport(path: path, limit: limit)
        configuration.onLockWait = { report.waited($0) }
        return configuration
    }
}
