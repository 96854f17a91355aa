import Dispatch

/// A ``NavigationStore`` owned by one serial background queue: the single writer that the scene models of an
/// app (``SplitViewModel``, one per window) share, so their saves reach SQLite in the order they were made and
/// the main actor never waits on the database.
///
/// The store, its connection and its validator are created on the queue by the closure given to
/// ``open(_:)`` and never leave it: every call runs there, one at a time.
///
/// ```swift
/// let store = try await BackgroundNavigationStore<LibraryRoute>.open {
///     let db = try DatabaseSchema.openUserState(catalogPath: "catalog.sqlite")
///     return try NavigationStore(database: db, validator: CatalogRouteValidator(db))
/// }
/// let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
/// ```
public final class BackgroundNavigationStore<Route: NavigationRoute>: @unchecked Sendable {
    // Sendable because `store` (with the connection and validator it holds) is created on `queue`, a serial
    // queue, and used only by work submitted to it.
    private let queue: DispatchQueue
    private let store: NavigationStore<Route>

    private init(queue: DispatchQueue, store: NavigationStore<Route>) {
        self.queue = queue
        self.store = store
    }

    /// Creates the store on a new background queue.
    ///
    /// - Parameter makeStore: opens the database and makes the store; it runs on the queue, so what it opens is
    ///   used only there.
    /// - Returns: the store, ready for ``SplitViewModel/restore(user:scene:store:)``.
    /// - Throws: what `makeStore` throws.
    public static func open(
        _ makeStore: @escaping @Sendable () throws -> NavigationStore<Route>
    ) async throws -> BackgroundNavigationStore<Route> {
        let queue = DispatchQueue(label: "navigation.store", qos: .userInitiated)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { Self(queue: queue, store: try makeStore()) })
            }
        }
    }

    /// Runs `body` with the store on its queue, after the work submitted before it (the saves of every model
    /// using this store included), and returns its result.
    ///
    /// For what the models do not offer: renaming or deleting a named session, listing a user's scenes.
    ///
    /// - Parameter body: the work; it must not keep the store.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (NavigationStore<Route>) throws -> T) async throws
        -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self.store) }) }
        }
    }

    /// Runs `body` with the store on its queue, without waiting for it.
    func submit(_ body: @escaping @Sendable (NavigationStore<Route>) -> Void) {
        queue.async { body(self.store) }
    }
}
