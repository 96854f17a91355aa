import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@testable import Navigation

/// An in-memory database with the navigation tables alone, and a store on it.
func makeStore(
    validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll, historyLimit: Int = 100
) throws -> NavigationStore<TestRoute> {
    try Backend.sqlite.makeStore(validator: validator, historyLimit: historyLimit)
}

/// A database file in a temporary directory (removed when the test process exits, so it outlives every
/// connection a test opens on it).
struct TemporaryDatabaseFile {
    let path: String

    init() throws {
        path = try TemporaryFiles("navigation").path("navigation.sqlite")
    }

    func openStore(validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll) throws
        -> NavigationStore<TestRoute>
    {
        let db = try Database(path: path)
        try NavigationSchema.migrator.migrate(db)
        return try NavigationStore(database: db, validator: validator)
    }
}

/// A state through intents, failing the test on a refused one.
func navigate(_ intents: [NavigationIntent<TestRoute>]) throws -> SplitViewState<TestRoute> {
    var state = SplitViewState<TestRoute>()
    for intent in intents {
        state = try state.applying(intent).state
    }
    return state
}

extension NavigationStore {
    /// The SQLite storage of a test's store.
    var sqlite: SQLNavigationStorage<SQLiteConnections> {
        get throws { try #require(storage as? SQLNavigationStorage<SQLiteConnections>) }
    }

    /// The connection a test's store was made on, to look at its rows.
    var database: Database {
        get throws { try #require(try sqlite.database.writer as? Database) }
    }
}
