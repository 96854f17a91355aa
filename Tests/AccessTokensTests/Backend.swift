import AccessTokens
import Accounts
import Navigation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The two databases that hold users and their tokens: every test of their rules runs on each (PostgreSQL's cases
/// are skipped, with the reason, when its programs are not installed).
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgreSQL

    var testDescription: String { rawValue }

    /// A new database of this kind with every migration applied, and a user named `ada` in it.
    func open() throws -> UserState {
        switch self {
        case .sqlite:
            let db = try Database.inMemory()
            try DatabaseSchema.migrator.migrate(db)
            return try UserState(
                users: UserDirectory(db), tokens: AccessTokenStore(db), execute: { try db.execute($0) },
                strings: { try db.fetchAll(String.self, $0) })
        case .postgreSQL:
            let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("tokens"))
            try PostgreSQLCatalogSchema.migrator.migrate(connection)
            return try UserState(
                users: UserDirectory(connection), tokens: AccessTokenStore(connection),
                execute: { try connection.execute($0) }, strings: { try connection.fetchAll(String.self, $0) })
        }
    }
}

/// The users and tokens of one new database, a user of it, and plain SQL for looking underneath them.
struct UserState {
    let users: UserDirectory
    let tokens: AccessTokenStore
    /// `ada`, created with the database.
    let ada: NavigationUser
    /// Runs SQL without parameters, so one text suits both backends.
    let execute: (String) throws -> Void
    /// The first column, text, of every row of SQL without parameters.
    let strings: (String) throws -> [String]

    init(
        users: UserDirectory, tokens: AccessTokenStore, execute: @escaping (String) throws -> Void,
        strings: @escaping (String) throws -> [String]
    ) throws {
        self.users = users
        self.tokens = tokens
        self.execute = execute
        self.strings = strings
        ada = try users.user(named: "ada")
    }

    /// The number of rows of `table`.
    func count(_ table: String) throws -> Int {
        Int(try strings("SELECT CAST(count(*) AS TEXT) FROM \(table)").first ?? "") ?? -1
    }
}
