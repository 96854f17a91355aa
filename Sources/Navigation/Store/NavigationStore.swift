public import Foundation

/// Navigation state in a database, per user and per scene (window): restored and repaired at launch, saved
/// at every intent, with a bounded history and named sessions.
///
/// The same rules hold on SQLite and PostgreSQL: the `SQLiteCatalog` module makes a store on a SQLite connection or pool
/// (`NavigationStore(database:)`, whose pool's readers then restore scenes while its writer saves), the `PostgreSQL`
/// module one on a PostgreSQL connection. The database must carry the navigation tables (``NavigationSchema``).
/// Every query is scoped by the ``NavigationUser`` passed in, so one user never reads or changes another's rows
/// through it.
///
/// ```swift
/// let db = try DatabaseSchema.openUserState(catalogPath: "catalog.sqlite")
/// let validator = CatalogRouteValidator(db)
/// let store = try NavigationStore<LibraryRoute>(database: db, validator: validator)
/// let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
/// print(session.restoreReport)                // what was repaired, if anything
/// try session.apply(.selectSidebar(.authors))  // applied and saved in one transaction
/// ```
public final class NavigationStore<Route: NavigationRoute> {
    /// How the store keeps its history and its WAL.
    public struct Configuration: Sendable {
        /// The most history entries kept per scene (at least 1).
        public var historyLimit = NavigationHistory<Route>.defaultLimit
        /// Who runs WAL checkpoints.
        public var checkpoints = CheckpointPolicy.background(everySaves: 200)

        /// The defaults: 100 history entries, background checkpoints every 200 saves.
        public init() {}
    }

    /// Who runs the WAL checkpoints of the store's database file.
    ///
    /// A save's p99 should stay under 1 ms; SQLite's automatic checkpoint (every 1,000 WAL pages)
    /// runs inside the COMMIT that crosses the threshold and stalls that save for tens of milliseconds.
    public enum CheckpointPolicy: Sendable, Hashable {
        /// Leave checkpoints to the connection: SQLite's default (inside a commit), or the background checkpoints
        /// a SQLite connection may be opened with.
        case sqliteAutomatic
        /// Turn automatic checkpoints off on this connection and run a passive checkpoint on a background
        /// connection after every `everySaves` saves: no save waits, and the WAL stays bounded.
        case background(everySaves: Int)
        /// Turn automatic checkpoints off; the app calls ``NavigationStore/checkpoint()`` when idle.
        case manual
    }

    /// Where the store reads and saves.
    let storage: any NavigationStorage
    /// Where it finds its users.
    let users: any NavigationUsers
    let repairer: StateRepairer<Route>
    /// The configuration in effect.
    public let configuration: Configuration

    /// A store on `storage`, the navigation tables of one database, with the users of `users`, checking restored
    /// routes with `validator`.
    ///
    /// - Parameters:
    ///   - storage: the database's statements.
    ///   - users: the accounts of the same database.
    ///   - validator: says whether a restored route still exists.
    ///   - configuration: the history limit (the checkpoint policy is the SQLite side's).
    package init(
        storage: any NavigationStorage, users: any NavigationUsers,
        validator: any RouteValidator<Route> = RouteValidation<Route>.acceptingAll,
        configuration: Configuration = Configuration()
    ) {
        self.storage = storage
        self.users = users
        self.repairer = StateRepairer(validator: validator)
        self.configuration = configuration
    }

    var historyLimit: Int { max(1, configuration.historyLimit) }

    /// Rows below a scene's `history_first` are deleted when it reaches a multiple of this.
    static var pruneBatch: Int64 { 16 }

    // MARK: Users

    /// The user named `name`, created on first use.
    ///
    /// - Parameter name: the user's unique name, which follows the rules of ``NavigationName``.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error.
    public func user(named name: String) throws -> NavigationUser {
        try users.user(named: name)
    }

    /// The user named `name` if it exists; never creates one.
    ///
    /// - Parameter name: the user's name.
    /// - Throws: the database's error.
    public func existingUser(named name: String) throws -> NavigationUser? {
        try users.existingUser(named: name)
    }

    // MARK: Scenes

    /// Opens a scene for browsing: restores it, then applies and saves intents.
    ///
    /// - Parameters:
    ///   - scene: the scene (window) identifier, e.g. `main`.
    ///   - user: whose scene it is.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error; never for bad stored state.
    public func openSession(scene: String, for user: NavigationUser) throws -> NavigationSession<Route> {
        NavigationSession(store: self, user: user, scene: scene, restored: try restore(scene: scene, for: user))
    }

    /// Opens scene `scene` of the user named `name` (created on first use) for browsing, as a relaunch does.
    ///
    /// - Parameters:
    ///   - scene: the scene (window) identifier, e.g. `main`.
    ///   - name: the user's name.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error; never for bad stored state.
    public func openSession(scene: String, forUserNamed name: String) throws -> NavigationSession<Route> {
        try openSession(scene: scene, for: try user(named: name))
    }

    /// Restores a scene's state: decode → migrate → structural check → reference check → repair.
    ///
    /// A scene without saved state starts from the user's most recently used scene; bad stored state starts
    /// clean. Either way the result says so, and a launch is never blocked. A repaired state is written back,
    /// so the same repair is reported once; a route whose entry was merged into another only shows the survivor,
    /// and says so at each restore until the scene is saved again (a lookup, not a write).
    ///
    /// - Parameters:
    ///   - scene: the scene identifier.
    ///   - user: whose scene it is.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error when the database fails.
    public func restore(scene: String, for user: NavigationUser) throws -> RestoredScene<Route> {
        try NavigationName.validate(scene, as: .scene)
        let (saved, lastUsed) = try storage.sceneRows(scene: scene, user: user)
        if let row = saved {
            let (state, report) = repairer.restore(row.state, format: row.format)
            var revision = row.revision(own: true)
            // A route sent on to the entry its own was merged into loses nothing and costs one lookup more: it is
            // followed (and reported) at every restore until the scene is saved again, with no write on the
            // read path. Any other repair is written back, so that it is reported once.
            if report.repairs.contains(where: { $0.mergedInto == nil }) || report.migratedFromFormat != nil {
                let text = StateFormat.encode(state)
                if writeBack(text, over: row, user: user) {
                    revision = row.revision(own: true, writtenBack: text)
                }
            }
            return RestoredScene(
                state: state, report: report, origin: .savedState, history: row.position, revision: revision)
        }
        guard let lastUsed else {
            return RestoredScene(
                state: SplitViewState(), report: RepairReport(), origin: .empty,
                history: HistoryPosition(index: 0, count: 1), revision: .nothingSaved)
        }
        let (state, report) = repairer.restore(lastUsed.state, format: lastUsed.format)
        return RestoredScene(
            state: state, report: report, origin: .lastUsedScene(lastUsed.scene),
            history: HistoryPosition(index: 0, count: 1), revision: lastUsed.revision(own: false))
    }

    /// The scene's current revision, read from its row (or, without one, from the row it would start from): what
    /// ``restore(scene:for:)`` reports, without restoring.
    ///
    /// - Parameters:
    ///   - scene: the scene identifier.
    ///   - user: whose scene it is.
    /// - Throws: the database's error.
    public func revision(ofScene scene: String, for user: NavigationUser) throws -> SceneRevision {
        Self.currentRevision(try storage.sceneRows(scene: scene, user: user))
    }

    /// The revision of the scene whose rows are `rows`.
    private static func currentRevision(_ rows: (own: SceneRow?, lastUsed: SceneRow?)) -> SceneRevision {
        rows.own?.revision(own: true) ?? rows.lastUsed?.revision(own: false) ?? .nothingSaved
    }

    /// Throws ``NavigationStoreError/staleRevision`` unless the scene is at `expected` (checked inside the saving
    /// transaction, so nothing can change the scene between the check and the save).
    private func check(
        _ expected: SceneRevision?, scene: String, user: NavigationUser, in transaction: any SceneTransaction
    ) throws {
        guard let expected, Self.isStale(expected, own: try transaction.sceneRows(scene: scene, user: user).own)
        else { return }
        throw NavigationStoreError.staleRevision
    }

    /// Whether a scene read at `expected` was saved since, by another program or request.
    ///
    /// - Throws: the database's error.
    func hasChanged(scene: String, for user: NavigationUser, since expected: SceneRevision) throws -> Bool {
        Self.isStale(expected, own: try storage.sceneRows(scene: scene, user: user).own)
    }

    /// Whether the scene whose own row is `own` is no longer at `expected`. A scene opened without a row of its own
    /// started from another scene's state (or from nothing); it is stale once it has a row, not when that other
    /// scene moves on, which changes nothing this scene shows.
    private static func isStale(_ expected: SceneRevision, own: SceneRow?) -> Bool {
        (own?.revision(own: true) ?? (expected.isOwn ? .nothingSaved : expected)) != expected
    }

    /// The user's scenes with saved state, most recently used first.
    ///
    /// - Parameter user: whose scenes.
    /// - Throws: the database's error.
    public func scenes(for user: NavigationUser) throws -> [SceneSummary] {
        try storage.scenes(of: user)
    }

    /// Deletes a scene's state and history.
    ///
    /// - Parameters:
    ///   - scene: the scene identifier.
    ///   - user: whose scene it is.
    /// - Returns: whether the scene had saved state.
    /// - Throws: the database's error.
    @discardableResult
    public func deleteScene(_ scene: String, for user: NavigationUser) throws -> Bool {
        try storage.deleteScene(scene, user: user)
    }

    /// Deletes every scene, of every user, unused since `date`, with its history (maintenance).
    ///
    /// - Parameter date: scenes last changed before it are deleted.
    /// - Returns: the number of scenes deleted.
    /// - Throws: the database's error.
    @discardableResult
    public func pruneScenes(unusedSince date: Date) throws -> Int {
        try storage.deleteScenes(unusedSince: date)
    }

    /// Deletes every scene unused for `days` days (maintenance).
    ///
    /// - Parameters:
    ///   - days: how long a scene may stay unused.
    ///   - now: the current time.
    /// - Returns: the number of scenes deleted.
    /// - Throws: the database's error.
    @discardableResult
    public func pruneScenes(unusedForDays days: Int, now: Date = Date()) throws -> Int {
        try pruneScenes(unusedSince: now.addingTimeInterval(-Double(days) * 86_400))
    }

    /// The scene's history, oldest first, each entry restored and repaired like the current state.
    ///
    /// - Parameters:
    ///   - scene: the scene identifier.
    ///   - user: whose scene it is.
    /// - Returns: the entries; empty when the scene has no saved state.
    /// - Throws: the database's error.
    public func history(ofScene scene: String, for user: NavigationUser) throws -> [SplitViewState<Route>] {
        try storage.history(ofScene: scene, user: user).map { repairer.restore($0.state, format: $0.format).0 }
    }

    /// Runs a passive WAL checkpoint now: call it when the app is idle (with the ``CheckpointPolicy/manual``
    /// policy) or before closing. On PostgreSQL, whose server runs its own checkpoints, it does nothing.
    ///
    /// - Throws: the database's error.
    public func checkpoint() throws {
        try storage.checkpoint()
    }

    // MARK: Writing (used by NavigationSession)

    /// Records `state` as the scene's new current entry: one transaction with the scene row, the history
    /// append, the forward truncation and the pruning. Creates the scene row, with `previous` as its
    /// first entry, on the scene's first save. With `expected`, refuses to save unless the scene is still at that
    /// revision. Every save of a scene comes here, so here a state over ``NavigationLimits`` is refused, whatever made
    /// it.
    func record(
        _ state: SplitViewState<Route>, after previous: SplitViewState<Route>, scene: String, user: NavigationUser,
        expecting expected: SceneRevision? = nil
    ) throws -> (HistoryPosition, SceneRevision) {
        try NavigationLimits.check(state)
        let saved = try storage.write(for: user) { transaction throws -> (HistoryPosition, SceneRevision) in
            try check(expected, scene: scene, user: user, in: transaction)
            let now = Date()
            let window =
                try transaction.sceneWindow(scene: scene, user: user)
                ?? createScene(scene, with: previous, user: user, now: now, in: transaction)
            let stored = StoredText(state)
            if window.last > window.cursor {
                try transaction.deleteHistory(scene: window.id, after: window.cursor)
            }
            if try isEntry(stored, of: state, after: previous, at: window, in: transaction) {
                // Back at the entry itself: its visibility again (NavigationHistory.record(_:)).
                let back = SceneWindow(id: window.id, first: window.first, cursor: window.cursor, last: window.cursor)
                try transaction.updateScene(back, stored, at: now)
                return (
                    HistoryPosition(
                        index: Int(window.cursor - window.first), count: Int(window.cursor - window.first + 1)),
                    SceneRevision(
                        own: true, scene: scene, format: stored.format, state: stored.state, first: window.first,
                        cursor: window.cursor, last: window.cursor)
                )
            }
            let newPosition = window.cursor + 1
            try transaction.insertHistoryEntry(scene: window.id, at: newPosition, stored, recordedAt: now)
            let first = max(window.first, newPosition - Int64(historyLimit) + 1)
            // Entries below `first` are out of the history at once; their rows go in batches of
            // `pruneBatch`, so most saves do not also rewrite the page holding the oldest rows.
            if first > window.first, first % Self.pruneBatch == 0 {
                try transaction.deleteHistory(scene: window.id, before: first)
            }
            try transaction.updateScene(
                SceneWindow(id: window.id, first: first, cursor: newPosition, last: newPosition), stored, at: now)
            return (
                HistoryPosition(index: Int(newPosition - first), count: Int(newPosition - first + 1)),
                SceneRevision(
                    own: true, scene: scene, format: stored.format, state: stored.state, first: first,
                    cursor: newPosition, last: newPosition)
            )
        }
        storage.didSave()
        return saved
    }

    /// Moves the scene's cursor back (`-1`) or forward (`+1`) in one transaction: loads and repairs the next
    /// entry that way, lets `transition` decide (the pure function), and saves the move.
    ///
    /// An entry that shows the `current` state (a repair removed what told them apart, or it differed only in
    /// the visibility that `back` and `forward` keep) is collapsed: its row is deleted and the move goes on to
    /// the entry after it, so every move shows something else. The entries stay as recorded (repaired); the
    /// scene's state is the entry as shown, with the current visibility.
    func move(
        by offset: Int64, from current: SplitViewState<Route>, scene: String, user: NavigationUser,
        expecting expected: SceneRevision? = nil,
        transition: (SplitViewState<Route>) throws(NavigationError) -> NavigationTransition<Route>
    ) throws -> (NavigationTransition<Route>, RepairReport, HistoryPosition, SceneRevision) {
        let result = try storage.write(for: user) {
            transaction throws -> (NavigationTransition<Route>, RepairReport, HistoryPosition, SceneRevision) in
            try check(expected, scene: scene, user: user, in: transaction)
            guard let window = try transaction.sceneWindow(scene: scene, user: user) else {
                throw offset < 0 ? NavigationError.noPreviousEntry : NavigationError.noNextEntry
            }
            var target = window.cursor + offset
            var report = RepairReport()
            while true {
                guard (window.first...window.last).contains(target) else {
                    throw offset < 0 ? NavigationError.noPreviousEntry : NavigationError.noNextEntry
                }
                let stored = try transaction.historyEntry(scene: window.id, at: target)
                let (entry, repairs) = repairer.restore(
                    stored?.state ?? "", format: stored?.format ?? StateFormat.current)
                report.repairs += repairs.repairs
                report.migratedFromFormat = report.migratedFromFormat ?? repairs.migratedFromFormat
                let result = try transition(entry)
                if result.state == current {
                    target += offset
                    continue
                }
                let collapsed = try collapse(between: window.cursor, and: target, scene: window.id, in: transaction)
                target -= offset > 0 ? collapsed : 0
                if !repairs.isEmpty || repairs.migratedFromFormat != nil {
                    try transaction.replaceHistoryEntry(scene: window.id, at: target, with: StoredText(entry))
                }
                let shown = StoredText(result.state)
                let moved = SceneWindow(
                    id: window.id, first: window.first, cursor: target, last: window.last - collapsed)
                try transaction.updateScene(moved, shown, at: Date())
                let position = HistoryPosition(
                    index: Int(target - moved.first), count: Int(moved.last - moved.first + 1))
                let revision = SceneRevision(
                    own: true, scene: scene, format: shown.format, state: shown.state, first: moved.first,
                    cursor: target, last: moved.last)
                return (result, report, position, revision)
            }
        }
        storage.didSave()
        return result
    }

    /// Whether `state` is the history entry at the window's cursor, which the scene showed as `previous`: only a
    /// state that differs from `previous` in its visibility alone can be (after `back`, the scene shows its entry
    /// with the visibility it kept), so only then is the entry read, and compared as stored text.
    private func isEntry(
        _ stored: StoredText, of state: SplitViewState<Route>, after previous: SplitViewState<Route>,
        at window: SceneWindow, in transaction: any SceneTransaction
    ) throws -> Bool {
        var sameVisibility = previous
        sameVisibility.visibility = state.visibility
        guard sameVisibility == state else { return false }
        let entry = try transaction.historyEntry(scene: window.id, at: window.cursor)
        return entry?.format == stored.format && entry?.state == stored.state
    }

    /// Deletes the entries strictly between `cursor` and `target` (the storage renumbers the ones after them).
    ///
    /// - Returns: the number of entries deleted.
    private func collapse(
        between cursor: Int64, and target: Int64, scene: Int64, in transaction: any SceneTransaction
    ) throws -> Int64 {
        let (low, high) = (min(cursor, target) + 1, max(cursor, target) - 1)
        guard low <= high else { return 0 }
        try transaction.collapseHistory(scene: scene, from: low, through: high)
        return high - low + 1
    }

    private func createScene(
        _ scene: String, with state: SplitViewState<Route>, user: NavigationUser, now: Date,
        in transaction: any SceneTransaction
    ) throws -> SceneWindow {
        try NavigationName.validate(scene, as: .scene)
        return try transaction.insertScene(scene, StoredText(state), user: user, at: now)
    }

    /// Stores a repaired state's `text` over `row`, the stored one it was repaired from, so the repair is reported
    /// once. Only while the row is as it was read: a state saved since (by another process, or another request of a
    /// server) is newer than the repair and stays. Best effort: a read-only or busy database keeps the stored state,
    /// and the next restore repairs it again.
    ///
    /// - Returns: whether it was stored.
    private func writeBack(_ text: String, over row: SceneRow, user: NavigationUser) -> Bool {
        let repaired = StoredText(format: StateFormat.current, state: text)
        let stored = try? storage.write(for: user) { transaction in
            guard try transaction.replaceState(of: row, with: repaired) else { return false }
            try transaction.replaceHistoryEntry(scene: row.id, at: row.cursor, with: repaired)
            return true
        }
        return stored ?? false
    }
}

// The store may hold a connection, which SQLite lets one thread use at a time.
@available(*, unavailable)
extension NavigationStore: Sendable {}
