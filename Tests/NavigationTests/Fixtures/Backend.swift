import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@testable import Navigation

/// The two databases a navigation store keeps its rows in: the store's rules are tested on each (PostgreSQL's cases
/// are skipped, with the reason, when its programs are not installed).
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgreSQL

    var testDescription: String { rawValue }

    /// A new database of this kind with its migrations applied.
    func makeDatabase() throws -> NavigationDatabase {
        switch self {
        case .sqlite:
            let db = try Database.inMemory()
            try NavigationSchema.migrator.migrate(db)
            return .sqlite(db)
        case .postgreSQL:
            let uri = try PostgresCluster.shared().createDatabase("navigation")
            try PostgreSQLCatalogSchema.migrator.migrate(try PostgreSQLConnection(uri: uri))
            return .postgreSQL(uri: uri)
        }
    }

    /// A store on a new database of this kind.
    func makeStore(
        validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll, historyLimit: Int = 100
    ) throws -> NavigationStore<TestRoute> {
        try makeDatabase().store(validator: validator, historyLimit: historyLimit)
    }
}

/// A test's database, on which it may open several stores, as several processes would.
enum NavigationDatabase {
    case sqlite(Database)
    case postgreSQL(uri: String)

    /// A new store on the database (on PostgreSQL with a connection of its own).
    func store(
        validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll, historyLimit: Int = 100
    ) throws -> NavigationStore<TestRoute> {
        var configuration = NavigationStore<TestRoute>.Configuration()
        configuration.historyLimit = historyLimit
        switch self {
        case .sqlite(let db):
            return try NavigationStore(database: db, validator: validator, configuration: configuration)
        case .postgreSQL(let uri):
            return NavigationStore(
                postgreSQL: try PostgreSQLConnection(uri: uri), validator: validator, configuration: configuration)
        }
    }
}

extension NavigationStore {
    /// Runs SQL without parameters on the store's database, so one text suits both backends.
    func execute(_ sql: String) throws {
        if let postgreSQL = storage as? SQLNavigationStorage<PostgreSQLConnection> {
            try postgreSQL.database.execute(sql)
        } else {
            try database.execute(sql)
        }
    }

    /// Overwrites the stored state of scene `scene` with `state` in `format`, as an older program (or damage) left it.
    func overwriteState(ofScene scene: String, format: Int, state: String) throws {
        let quoted = state.replacingOccurrences(of: "'", with: "''")
        try execute("UPDATE nav_scenes SET format = \(format), state = '\(quoted)' WHERE scene = '\(scene)'")
    }

    /// The integer that SQL without parameters selects.
    func integer(_ sql: String) throws -> Int? {
        if let postgreSQL = storage as? SQLNavigationStorage<PostgreSQLConnection> {
            return try postgreSQL.database.fetchOne(Int.self, sql)
        }
        return try database.fetchOne(Int.self, sql)
    }
}
