public import Catalog
public import Navigation
public import SQLiteDB

/// One user's browsing scene over the catalog: the restored split-view state, intents applied and saved at
/// once, display names from the catalog, and the user's named sessions.
///
/// Opening it is a relaunch: the scene's saved state is restored and repaired against the catalog (a book
/// deleted since is cut from the stack, and ``restoreReport`` says so).
///
/// It drives the scene through a `NavigationSession`, synchronously: for the `catalog` command, which applies one
/// intent, reports a refusal and exits, and for the terminal browser's loop, which blocks on the keyboard. An app
/// with a user interface uses `SplitViewModel` instead, which saves through the same kind of session on a
/// background queue.
///
/// ```swift
/// let db = try DatabaseSchema.openCatalog(path: "catalog.sqlite")
/// let browser = try LibraryBrowser(database: db, user: "ada", scene: "main")
/// try browser.apply(.selectSidebar(.genres))
/// try browser.apply(.selectContent(.genre(metalID)))
/// print(try browser.title(of: browser.state.detail!))   // "Heavy Metal"
/// ```
public final class LibraryBrowser {
    /// The catalog the routes point into.
    public let catalog: LibraryCatalog
    /// Where scenes, history and sessions are saved.
    public let store: NavigationStore<LibraryRoute>
    private let session: NavigationSession<LibraryRoute>

    /// Opens scene `scene` of user `user` (created on first use) on a migrated database.
    ///
    /// - Throws: `NavigationStoreError` for an empty user or scene name or a database without the
    ///   navigation tables, `DatabaseError` when reading fails. A corrupt saved state does not throw: it is
    ///   repaired, and the repairs are in ``restoreReport``.
    public init(
        database: Database, user: String = "default", scene: String = "main",
        configuration: NavigationStore<LibraryRoute>.Configuration = .init()
    ) throws {
        catalog = LibraryCatalog(database)
        store = try NavigationStore(
            database: database, validator: CatalogRouteValidator(database), configuration: configuration)
        session = try store.openSession(scene: scene, for: try store.user(named: user))
    }

    /// The user's name.
    public var userName: String { session.user.name }
    /// The scene's identifier.
    public var scene: String { session.scene }
    /// The current state.
    public var state: SplitViewState<LibraryRoute> { session.state }
    /// The position in the scene's history.
    public var history: HistoryPosition { session.history }
    /// What the restore at opening had to repair.
    public var restoreReport: RepairReport { session.restoreReport }
    /// Where the opening state came from (the scene's own, the user's last used scene, or nothing).
    public var origin: RestoredScene<LibraryRoute>.Origin { session.origin }

    /// Applies `intent` and saves the result in one transaction.
    ///
    /// - Returns: repairs made to the history entry that `back` or `forward` reached; empty otherwise.
    /// - Throws: `NavigationError` when the intent makes no sense here or names an entity the catalog does not
    ///   have (the state is unchanged), or `DatabaseError` when saving fails.
    @discardableResult
    public func apply(_ intent: NavigationIntent<LibraryRoute>) throws -> RepairReport {
        try session.apply(intent)
    }

    /// The scene's history, oldest first; ``history`` says which entry is current.
    public func historyEntries() throws -> [SplitViewState<LibraryRoute>] {
        try store.history(ofScene: session.scene, for: session.user)
    }

    /// What the user sees for `route`: the entity's title or name, or the section's name.
    ///
    /// - Returns: e.g. "The Hobbit", "J. R. R. Tolkien", "Books"; for an entity that no longer exists,
    ///   its kind and "(deleted)".
    public func title(of route: LibraryRoute) throws -> String {
        try catalog.title(of: route)
    }

    // MARK: Named sessions

    /// The user's saved sessions, by name.
    public func sessions() throws -> [SavedSession] {
        try store.sessions(for: session.user)
    }

    /// Saves the current state as session `name`, replacing one of that name.
    public func saveSession(named name: String) throws {
        try session.saveSession(named: name)
    }

    /// Restores session `name` into this scene (recorded in its history, so `back` returns).
    ///
    /// - Returns: the repairs the saved state needed (entities deleted since it was saved).
    /// - Throws: `NavigationStoreError.sessionNotFound` when there is no such session.
    @discardableResult
    public func restoreSession(named name: String) throws -> RepairReport {
        try session.restoreSession(named: name)
    }

    /// Renames session `name` to `newName`.
    public func renameSession(named name: String, to newName: String) throws {
        try store.renameSession(named: name, to: newName, for: session.user)
    }

    /// Deletes session `name`.
    public func deleteSession(named name: String) throws {
        try store.deleteSession(named: name, for: session.user)
    }
}

// It wraps one connection.
@available(*, unavailable)
extension LibraryBrowser: Sendable {}
