import Foundation
import Navigation
import SQLiteDB

/// An in-memory database with the navigation tables alone, and a store on it.
func makeStore(
    validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll, historyLimit: Int = 100
) throws -> NavigationStore<TestRoute> {
    let db = try Database.inMemory()
    try NavigationSchema.migrator.migrate(db)
    var configuration = NavigationStore<TestRoute>.Configuration()
    configuration.historyLimit = historyLimit
    return try NavigationStore(database: db, validator: validator, configuration: configuration)
}

/// A temporary database file, removed with its WAL when the value is released.
final class TemporaryDatabaseFile {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appending(path: "nav-test-\(UUID().uuidString).sqlite").path
    }

    deinit {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
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
