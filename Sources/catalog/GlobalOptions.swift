import AccessTokens
import Catalog
import CatalogAPI
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation
import PostgreSQL
import PostgreSQLDB
import SQLiteDB
import Schema

/// Options every subcommand accepts.
enum GlobalOptions {
    static let database = Option.value(
        "db", valueName: "PATH",
        help: "The database file (default: $CATALOG_DB, else ./catalog.sqlite).", inherited: true)
    static let postgreSQL = Option.value(
        "database", valueName: "URL",
        help: "A PostgreSQL database instead of a SQLite file: a libpq URI, postgres://USER@HOST:PORT/NAME (default: "
            + "$CATALOG_DATABASE unless --db is given). init, info, list, show, search, changes, import, snapshot, "
            + "serve, users, tokens, nav and sessions work on PostgreSQL so far.",
        inherited: true)
    /// The subcommands that work on a PostgreSQL database; the others refuse `--database`.
    static let postgreSQLCommands: Set = [
        "init", "info", "list", "show", "search", "changes", "import", "snapshot", "serve", "users", "tokens", "nav",
        "sessions",
    ]
    static let wait = Option.value(
        "wait", valueName: "SECONDS",
        help: "Give up after waiting SECONDS for another program's lock on the database (default: wait until it is "
            + "free).",
        inherited: true)

    /// The database path the invocation names.
    static func databasePath(_ invocation: Invocation) -> String {
        invocation.value("db") ?? ProcessInfo.processInfo.environment["CATALOG_DB"] ?? "catalog.sqlite"
    }

    /// The PostgreSQL database the invocation names (`--database`, else `$CATALOG_DATABASE` when `--db` is not
    /// given), or `nil` for the SQLite file of `--db`.
    ///
    /// - Throws: `UsageError` for both `--db` and `--database`, a URI that is not PostgreSQL's, or a subcommand
    ///   that does not work on PostgreSQL yet.
    static func postgreSQLURI(_ invocation: Invocation) throws -> String? {
        let given = invocation.value("database")
        if given != nil, invocation.value("db") != nil {
            throw UsageError(
                "--db names a SQLite file and --database a PostgreSQL database: give one of them",
                commandPath: invocation.commandPath)
        }
        let environment = invocation.value("db") == nil ? ProcessInfo.processInfo.environment["CATALOG_DATABASE"] : nil
        guard let uri = given ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let source = given != nil ? "--database" : "$CATALOG_DATABASE"
        guard PostgreSQLConnection.isURI(uri) else {
            throw UsageError(
                "\(source) takes a PostgreSQL URI (postgres://USER@HOST:PORT/NAME); got "
                    + "'\(PostgreSQLConnection.redacted(uri))' (a SQLite file is named with --db PATH)",
                commandPath: invocation.commandPath)
        }
        guard let subcommand = invocation.commandPath.dropFirst().first, postgreSQLCommands.contains(subcommand) else {
            throw UsageError(
                "\(invocation.commandPath.joined(separator: " ")) works on a SQLite catalog file only so far; "
                    + "on PostgreSQL: \(postgreSQLCommands.sorted().joined(separator: ", ")) (\(source) is set)",
                commandPath: invocation.commandPath)
        }
        return uri
    }

    /// Connects to the invocation's PostgreSQL database, or returns `nil` when it names a SQLite file.
    static func connectPostgreSQL(_ invocation: Invocation) throws -> PostgreSQLConnection? {
        try postgreSQLURI(invocation).map { try PostgreSQLConnection(uri: $0) }
    }

    /// The catalog the invocation names, to read: its PostgreSQL database (migrated first, as `changes` does) or its
    /// SQLite file (created or brought up to date). `catalog list|show|search` read through it what `GET /v1/…` reads.
    static func openCatalogReader(_ invocation: Invocation) throws -> any CatalogReader {
        if let connection = try connectPostgreSQL(invocation) {
            try PostgreSQLSchema.migrator.migrate(connection)
            return PostgreSQLCatalogReader(connection)
        }
        return LibraryCatalog(try openDatabase(invocation))
    }

    /// Opens the invocation's database as `mode` says: by default creating it or bringing its schema up to date.
    static func openDatabase(_ invocation: Invocation, mode: DatabaseSchema.OpenMode = .createOrMigrate) throws
        -> Database
    {
        let path = databasePath(invocation)
        return try DatabaseSchema.openCatalog(
            path: path, configuration: configuration(invocation, path: path), mode: mode)
    }

    /// Opens the user-state file of the invocation's catalog (its users, their tokens and navigation state), with
    /// the catalog attached read-only: the catalog must exist.
    static func openUserState(_ invocation: Invocation) throws -> Database {
        let path = databasePath(invocation)
        // What it waits for is the user-state file's lock (the catalog's only while a migration runs).
        let waiting = try configuration(invocation, path: DatabaseSchema.userStatePath(forCatalog: path))
        return try DatabaseSchema.openUserState(catalogPath: path, configuration: waiting)
    }

    /// The users and access tokens of the invocation's database: the tables of its PostgreSQL database (migrated
    /// first, as `changes` does), else the user-state file of its SQLite catalog.
    static func openUsersAndTokens(_ invocation: Invocation) throws -> (users: UserDirectory, tokens: AccessTokenStore)
    {
        if let connection = try connectPostgreSQL(invocation) {
            try PostgreSQLSchema.migrator.migrate(connection)
            return (
                UserDirectory(PostgreSQLUserStorage(connection)),
                AccessTokenStore(PostgreSQLAccessTokenStorage(connection))
            )
        }
        let database = try openUserState(invocation)
        return (UserDirectory(database), AccessTokenStore(database))
    }

    /// The navigation state of the invocation's PostgreSQL database (migrated first, as `changes` does) with its
    /// catalog, which routes are checked against and titles read from; `nil` when the invocation names a SQLite file.
    static func openPostgreSQLNavigation(_ invocation: Invocation) throws -> (
        catalog: any CatalogLookup, store: NavigationStore<LibraryRoute>
    )? {
        guard let connection = try connectPostgreSQL(invocation) else { return nil }
        try PostgreSQLSchema.migrator.migrate(connection)
        return (PostgreSQLCatalogLookup(connection), NavigationStore(postgreSQLCatalog: connection))
    }

    /// How to open the database at `path`: waiting for another program's lock as long as `--wait` says (without a
    /// limit by default), and saying so on standard error.
    static func configuration(_ invocation: Invocation, path: String) throws -> Database.Configuration {
        var configuration = Database.Configuration()
        configuration.busyTimeout = try waitLimit(invocation)
        let report = LockWaitReport(path: path, limit: configuration.busyTimeout)
        configuration.onLockWait = { report.waited($0) }
        return configuration
    }

    /// The value of `--wait`, or `nil` when it is not given.
    private static func waitLimit(_ invocation: Invocation) throws -> Duration? {
        guard let text = invocation.value("wait") else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw UsageError(
                "--wait takes a number of seconds, 0 or more (e.g. 30 or 0.5); got '\(text)'",
                commandPath: invocation.commandPath)
        }
        return .seconds(seconds)
    }
}
