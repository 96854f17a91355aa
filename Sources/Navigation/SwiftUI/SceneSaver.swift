/// The background half of a ``SplitViewModel``: the scene's ``NavigationSession`` on the store's queue, which
/// saves the model's changes in order and sends the model the saved state whenever it is not what the model
/// shows.
///
/// The model applies a change to its own state at once and hands the saver the intents with the state they led
/// to. A save that fails, or that leads elsewhere (a history entry repaired on `back`), makes the saver send
/// the model the state as saved, with its history; so do a reload and a session restore. Every state sent
/// starts a new generation, and each change carries the generation it was made in: changes made on a state
/// the model has since replaced are dropped, not saved.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SceneSaver<Route: NavigationRoute>: @unchecked Sendable {
    /// Work for the model, run on the main actor in the order it was sent.
    typealias Delivery = @MainActor @Sendable (SplitViewModel<Route>) -> Void

    // Sendable because `session` and `generation` are read and written only by work submitted to `store`, which
    // runs it on its serial queue; the other properties are Sendable constants.
    private let store: BackgroundNavigationStore<Route>
    private var session: NavigationSession<Route>
    private var generation = 0
    private let deliveries: AsyncStream<Delivery>.Continuation
    /// Whose scene it is.
    let user: NavigationUser
    /// The scene identifier.
    let scene: String

    private init(
        store: BackgroundNavigationStore<Route>, session: NavigationSession<Route>,
        deliveries: AsyncStream<Delivery>.Continuation
    ) {
        self.store = store
        self.session = session
        self.deliveries = deliveries
        self.user = session.user
        self.scene = session.scene
    }

    /// Restores the scene on the store's queue and makes its saver.
    static func open(
        user: String, scene: String, store: BackgroundNavigationStore<Route>,
        deliveries: AsyncStream<Delivery>.Continuation
    ) async throws -> (SceneSaver, SceneSnapshot<Route>) {
        do {
            return try await store.perform { navigationStore in
                let user = try navigationStore.user(named: user)
                let saver = SceneSaver(
                    store: store, session: try navigationStore.openSession(scene: scene, for: user),
                    deliveries: deliveries)
                return (saver, saver.snapshot(report: saver.session.restoreReport))
            }
        } catch {
            throw NavigationModelError(error, saving: false)
        }
    }

    /// Saves `intents` in order, unless the model has replaced the state they were made on (`generation`), and
    /// sends the saved state back when it is not `expected`.
    func save(_ intents: [NavigationIntent<Route>], expecting expected: SplitViewState<Route>, generation: Int) {
        store.submit { _ in
            guard generation == self.generation else { return }
            do {
                for intent in intents {
                    try self.session.apply(intent)
                }
                if self.session.state != expected { self.sendSavedState() }
            } catch {
                self.sendSavedState(error: NavigationModelError(error, saving: true))
            }
        }
    }

    /// Restores the scene again from the store and sends it to the model.
    func reload() async throws -> RepairReport {
        try await withCheckedThrowingContinuation { continuation in
            store.submit { navigationStore in
                do {
                    self.session = try navigationStore.openSession(scene: self.scene, for: self.user)
                } catch {
                    continuation.resume(throwing: NavigationModelError(error, saving: false))
                    return
                }
                let report = self.session.restoreReport
                self.sendSavedState(report: report) { continuation.resume(returning: report) }
            }
        }
    }

    /// Restores the user's session `name` into the scene and sends it to the model.
    func restoreSession(named name: String) async throws -> RepairReport {
        try await withCheckedThrowingContinuation { continuation in
            store.submit { _ in
                do {
                    let report = try self.session.restoreSession(named: name)
                    self.sendSavedState(report: report) { continuation.resume(returning: report) }
                } catch {
                    continuation.resume(throwing: NavigationModelError(error, saving: true))
                }
            }
        }
    }

    /// Saves `state` as the user's session `name`, after the changes submitted before.
    func saveSession(named name: String, state: SplitViewState<Route>) async throws {
        do {
            try await store.perform { [user] store in try store.saveSession(named: name, state: state, for: user) }
        } catch {
            throw NavigationModelError(error, saving: true)
        }
    }

    /// The user's saved sessions.
    func sessions() async throws -> [SavedSession] {
        do {
            return try await store.perform { [user] store in try store.sessions(for: user) }
        } catch {
            throw NavigationModelError(error, saving: false)
        }
    }

    /// Returns once the changes submitted before are saved and the model has handled what they sent.
    func flush() async {
        await withCheckedContinuation { continuation in
            store.submit { _ in self.deliveries.yield { _ in continuation.resume() } }
        }
    }

    /// Ends the deliveries: the model is gone.
    func finish() {
        deliveries.finish()
    }

    /// Sends the saved state to the model, starting a new generation; `then` runs once the model shows it.
    /// Runs on the store's queue.
    private func sendSavedState(
        error: NavigationModelError? = nil, report: RepairReport? = nil,
        then: (@Sendable () -> Void)? = nil
    ) {
        generation += 1
        let snapshot = snapshot(report: report)
        deliveries.yield { model in
            model.adopt(snapshot, error: error)
            then?()
        }
    }

    /// The saved state with its history. Runs on the store's queue.
    private func snapshot(report: RepairReport?) -> SceneSnapshot<Route> {
        let position = session.history
        // A history that cannot be read, or that another process changed meanwhile, leaves the current state
        // alone in the model's history: `back` and `forward` are then off until the next reload.
        let entries = (try? session.store.history(ofScene: scene, for: user)).flatMap {
            $0.count == position.count ? $0 : nil
        }
        let history = NavigationHistory(
            entries: entries ?? [session.state], index: entries == nil ? 0 : position.index, current: session.state,
            limit: session.store.historyLimit)
        return SceneSnapshot(navigator: Navigator(history: history), report: report, origin: session.origin)
    }
}

/// A scene's saved state as the model adopts it.
struct SceneSnapshot<Route: NavigationRoute>: Sendable {
    /// The state and its history.
    let navigator: Navigator<Route>
    /// What the restore had to repair, when it is a restore (launch, reload, named session); `nil` after a save.
    let report: RepairReport?
    /// Where the state came from.
    let origin: RestoredScene<Route>.Origin
}
