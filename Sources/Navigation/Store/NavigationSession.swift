import Foundation

/// One scene of one user, open for browsing: the restored state, kept in step with the store as intents
/// are applied, synchronously.
///
/// It is the handle for code that may block on the database: a command that applies one intent and exits, a
/// terminal loop that waits on the keyboard anyway. An app with a user interface binds to ``SplitViewModel``,
/// which is built on a session and saves through it on a background queue.
///
/// Each ``apply(_:)`` runs the pure transition function, checks every route and link the new state brings in
/// with the store's ``RouteValidator``, and saves the result in one transaction; a refused intent changes nothing, in
/// memory or on disk.
///
/// ```swift
/// let session = try store.openSession(scene: "main", for: user)
/// try session.apply(.selectSidebar(.genres))
/// try session.apply(.selectContent(.genre(id)))
/// try session.apply(.back)
/// ```
public final class NavigationSession<Route: NavigationRoute> {
    /// The store it saves to.
    public let store: NavigationStore<Route>
    /// Whose scene it is.
    public let user: NavigationUser
    /// The scene identifier.
    public let scene: String
    /// The current state.
    public private(set) var state: SplitViewState<Route>
    /// The position in the scene's history.
    public private(set) var history: HistoryPosition
    /// The revision of the saved state ``state`` was restored from or last saved as.
    public private(set) var revision: SceneRevision
    /// The repairs made when the session was opened.
    public let restoreReport: RepairReport
    /// Where the opening state came from.
    public let origin: RestoredScene<Route>.Origin

    init(store: NavigationStore<Route>, user: NavigationUser, scene: String, restored: RestoredScene<Route>) {
        self.store = store
        self.user = user
        self.scene = scene
        self.state = restored.state
        self.history = restored.history
        self.revision = restored.revision
        self.restoreReport = restored.report
        self.origin = restored.origin
    }

    /// Applies `intent` to the scene as it is saved, and saves the result.
    ///
    /// Another program (a second `catalog nav`, a browser, a server) may save the same scene while this session
    /// holds it. The save checks the scene's revision in its transaction: when the scene changed, the session
    /// first takes on what was saved (restored and repaired as on opening) and applies `intent` to that, so no
    /// writer's change is overwritten and no history entry is recorded twice.
    ///
    /// - Parameter intent: what the user did.
    /// - Returns: the repairs made to a history entry that `back` or `forward` moved to (a book deleted since
    ///   it was recorded), or to the saved scene taken on; empty otherwise.
    /// - Throws: ``NavigationError`` when the intent is refused (``NavigationError/notFound(route:)`` when it
    ///   brings in a route the validator does not know, ``NavigationError/notInSection(route:sidebar:)`` or
    ///   ``NavigationError/notLinked(route:from:)`` when it brings in a link the data lacks,
    ///   ``NavigationError/routeTooLong(route:bytes:)`` or ``NavigationError/stateTooLarge(bytes:)`` when the state it
    ///   makes is over ``NavigationLimits``);
    ///   ``NavigationStoreError/sceneBusy(scene:attempts:)`` when others changed the scene at every attempt;
    ///   the database's error when checking or saving fails. A refused intent saves nothing.
    @discardableResult
    public func apply(_ intent: NavigationIntent<Route>) throws -> RepairReport {
        var report = RepairReport()
        for attempt in 0..<Self.attempts {
            if attempt > 0 { Self.pause(before: attempt) }
            do {
                let moved = try apply(intent, expecting: revision)
                report.repairs += moved.repairs
                report.migratedFromFormat = report.migratedFromFormat ?? moved.migratedFromFormat
                return report
            } catch NavigationStoreError.staleRevision {
                report.repairs += try takeSavedScene().repairs
            }
        }
        throw NavigationStoreError.sceneBusy(scene: scene, attempts: Self.attempts)
    }

    /// How many times ``apply(_:)`` takes on a scene another writer changed before it gives up.
    static var attempts: Int { 10 }

    /// Waits a random time of up to 2^(attempt − 1) ms before attempt `attempt` (1, 2 … 9): two writers that keep
    /// saving one scene at once fall out of step, and a burst of saves elsewhere is over before the last attempts.
    private static func pause(before attempt: Int) {
        let limit = 1 << (attempt - 1)
        Thread.sleep(forTimeInterval: Double.random(in: 0...Double(limit)) / 1000)
    }

    /// Takes on the scene as saved when another program (a `catalog nav`, a server, another window) saved it since
    /// this session read or last saved it, so a view can show what the user chose elsewhere.
    ///
    /// - Returns: the repairs restoring the saved scene needed, or `nil` when the scene is as this session has it.
    /// - Throws: the database's error.
    public func followSavedScene() throws -> RepairReport? {
        guard try store.hasChanged(scene: scene, for: user, since: revision) else { return nil }
        return try takeSavedScene()
    }

    /// Takes on the scene as saved now: its state, history position and revision.
    ///
    /// - Returns: the repairs restoring it needed.
    private func takeSavedScene() throws -> RepairReport {
        let restored = try store.restore(scene: scene, for: user)
        state = restored.state
        history = restored.history
        revision = restored.revision
        return restored.report
    }

    /// Applies `intent` and saves the result, unless the saved scene has changed since this session read or last
    /// saved it (another process or request saved it meanwhile).
    ///
    /// - Returns: the repairs made to a history entry that `back` or `forward` moved to.
    /// - Throws: ``NavigationStoreError/staleRevision`` when the saved scene is no longer at ``revision`` (nothing is
    ///   saved: open the scene again to see its state), and what ``apply(_:)`` throws.
    @discardableResult
    public func applyUnlessChanged(_ intent: NavigationIntent<Route>) throws -> RepairReport {
        try apply(intent, expecting: revision)
    }

    private func apply(_ intent: NavigationIntent<Route>, expecting expected: SceneRevision?) throws -> RepairReport {
        switch intent {
        case .back, .forward:
            let offset: Int64 = intent == .back ? -1 : 1
            let current = state
            let (transition, report, position, revision) = try store.move(
                by: offset, from: current, scene: scene, user: user, expecting: expected
            ) { (entry) throws(NavigationError) -> NavigationTransition<Route> in
                let neighbors = offset < 0 ? HistoryNeighbors(previous: entry) : HistoryNeighbors(next: entry)
                return try current.applying(intent, history: neighbors)
            }
            state = transition.state
            history = position
            self.revision = revision
            return report
        default:
            let (next, report) = try checkRoutes(introducedBy: try state.applying(intent).state)
            try commit(next, expecting: expected)
            return report
        }
    }

    /// Replaces the state with `state`, a whole state made elsewhere (a client that runs the transitions itself),
    /// checked and repaired as a restored one is, and saves it like an intent, unless the saved scene has changed
    /// since this session read or last saved it.
    ///
    /// - Parameter state: the new state; routes whose entity no longer exists are repaired away.
    /// - Returns: the repairs made to `state`.
    /// - Throws: ``NavigationError/routeTooLong(route:bytes:)`` or ``NavigationError/stateTooLarge(bytes:)`` when
    ///   `state` is over ``NavigationLimits`` (refused, not cut down: nothing is saved),
    ///   ``NavigationStoreError/staleRevision`` when the saved scene is no longer at ``revision``, the database's error when
    ///   checking or saving fails.
    @discardableResult
    public func replaceStateUnlessChanged(with state: SplitViewState<Route>) throws -> RepairReport {
        try NavigationLimits.check(state)
        let (repaired, report) = store.repairer.restore(StateFormat.encode(state), format: StateFormat.current)
        try commit(repaired, expecting: revision)
        return report
    }

    /// Refuses `next` when a route it has and the current state lacks names something that does not exist, or
    /// when a link it has and the current state lacks is not in the data (a band selected under a genre it is
    /// not in, a book pushed onto an author who did not write it). A route whose entity was merged into another
    /// (a deep link naming the old uuid) is replaced by its successor, and the report says so.
    ///
    /// Routes and links already in the state were checked when they came in (or repaired at restore), so only
    /// new ones cost a lookup.
    ///
    /// - Returns: `next`, with merged routes followed, and the repairs that followed them.
    private func checkRoutes(introducedBy next: SplitViewState<Route>) throws -> (SplitViewState<Route>, RepairReport) {
        let validator = store.repairer.validator
        let currentRoutes = Set(state.routes)
        var successors: [Route: Route] = [:]
        var repairs: [Repair] = []
        // A route in two places (a content selection is its detail root too) is looked up and reported once.
        for (element, route) in next.elements where !currentRoutes.contains(route) && successors[route] == nil {
            guard try !validator.exists(route) else { continue }
            guard let successor = try validator.successor(of: route), try validator.exists(successor) else {
                throw NavigationError.notFound(route: route.path)
            }
            successors[route] = successor
            repairs.append(
                Repair(
                    element: element, storedValue: route.path, reason: .mergedInto(successor: successor.path),
                    removed: []))
        }
        let followed = successors.isEmpty ? next : next.replacingRoutes { successors[$0] ?? $0 }
        let currentLinks = Set(state.links)
        for link in followed.links where !currentLinks.contains(link) {
            guard try validator.isLinked(link.route, from: link.origin) else { throw link.refusal }
        }
        return (followed, RepairReport(repairs: repairs))
    }

    /// The scene's history, oldest first; ``history`` says which entry is current.
    ///
    /// - Throws: the database's error when reading fails.
    public func historyEntries() throws -> [SplitViewState<Route>] {
        try store.history(ofScene: scene, for: user)
    }

    /// Saves the current state as the user's session `name`.
    ///
    /// - Parameter name: the session's name.
    /// - Throws: ``NavigationStoreError/invalidName(kind:problem:)``, the database's error.
    public func saveSession(named name: String) throws {
        try store.saveSession(named: name, state: state, for: user)
    }

    /// Restores the user's session `name` into this scene, recorded in its history.
    ///
    /// - Parameter name: the session's name.
    /// - Returns: the repairs the saved state needed.
    /// - Throws: ``NavigationStoreError/sessionNotFound(name:)``, the database's error.
    @discardableResult
    public func restoreSession(named name: String) throws -> RepairReport {
        let (restored, report) = try store.loadSession(named: name, for: user)
        try commit(restored)
        return report
    }

    /// Records `next` when it differs from the current state; with `expected`, only while the saved scene is at
    /// that revision.
    private func commit(_ next: SplitViewState<Route>, expecting expected: SceneRevision? = nil) throws {
        guard next != state else { return }
        (history, revision) = try store.record(next, after: state, scene: scene, user: user, expecting: expected)
        state = next
    }
}

// A session uses its store's connection.
@available(*, unavailable)
extension NavigationSession: Sendable {}
