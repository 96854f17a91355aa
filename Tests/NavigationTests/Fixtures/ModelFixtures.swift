import Foundation
import Observation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@testable import Navigation

/// A background store over an in-memory database, or over the store `make` makes on the store's queue.
func backgroundStore(
    _ make: @escaping @Sendable () throws -> NavigationStore<TestRoute> = { try makeStore() }
) async throws -> BackgroundNavigationStore<TestRoute> {
    try await BackgroundNavigationStore.open(make)
}

/// A store on the database file at `path` (migrated), with its own connection.
func fileStore(
    _ path: String, validator: any RouteValidator<TestRoute> = RouteValidation<TestRoute>.acceptingAll,
    historyLimit: Int = 100, busyTimeout: Duration = .seconds(5)
) throws -> NavigationStore<TestRoute> {
    var connection = Database.Configuration()
    connection.busyTimeout = busyTimeout
    let db = try Database(path: path, configuration: connection)
    try NavigationSchema.migrator.migrate(db)
    var configuration = NavigationStore<TestRoute>.Configuration()
    configuration.historyLimit = historyLimit
    return try NavigationStore(database: db, validator: validator, configuration: configuration)
}

/// The state of scene `scene` of user `user` as a new connection restores it, with its history.
func savedScene(_ path: String, user: String = "ada", scene: String = "main") throws
    -> (state: SplitViewState<TestRoute>, history: [SplitViewState<TestRoute>])
{
    let store = try fileStore(path)
    let user = try #require(try store.existingUser(named: user))
    return (try store.restore(scene: scene, for: user).state, try store.history(ofScene: scene, for: user))
}

/// The names of the model's properties whose observers were told of a change, collected while a test runs.
final class ObservedChanges: @unchecked Sendable {
    // Sendable because `names` is read and written only under `lock`.
    private let lock = NSLock()
    private var names: Set<String> = []

    func insert(_ name: String) {
        lock.withLock { _ = names.insert(name) }
    }

    var all: Set<String> { lock.withLock { names } }
}

/// Every observable property of a model, by name, read as text so that a test can compare values.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func observedProperties() -> [(String, (SplitViewModel<TestRoute>) -> String)] {
    [
        ("sidebar", { "\(String(describing: $0.sidebar))" }),
        ("content", { "\(String(describing: $0.content))" }),
        ("detail", { "\(String(describing: $0.detail))" }),
        ("detailStack", { "\($0.detailStack)" }),
        ("visibility", { "\($0.visibility)" }),
        ("compactColumn", { "\($0.compactColumn)" }),
        ("layout", { "\($0.layout)" }),
        ("history", { "\($0.history)" }),
        ("lastError", { "\(String(describing: $0.lastError))" }),
        ("restoreReport", { "\($0.restoreReport)" }),
    ]
}

/// Starts tracking every observable property of `model`: the returned changes collect the names of those whose
/// observers are told of a change (each once).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func track(_ model: SplitViewModel<TestRoute>) -> ObservedChanges {
    let changes = ObservedChanges()
    for (name, read) in observedProperties() {
        withObservationTracking {
            _ = read(model)
        } onChange: {
            changes.insert(name)
        }
    }
    return changes
}

/// Runs `change` on `model` and returns the properties whose observers were notified and the properties whose
/// value changed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor func notifications(
    of model: SplitViewModel<TestRoute>, during change: () -> Void
) -> (notified: Set<String>, changed: Set<String>) {
    let properties = observedProperties()
    let before = properties.map { name, read in read(model) }
    let changes = track(model)
    change()
    let changed = zip(properties, before).filter { property, value in property.1(model) != value }
    return (changes.all, Set(changed.map(\.0.0)))
}
