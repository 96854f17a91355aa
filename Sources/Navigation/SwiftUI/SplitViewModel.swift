public import Foundation
public import Observation

/// The navigation state of one scene (window) as an observable object a `NavigationSplitView` binds to
/// directly, saved in the background.
///
/// Restore one per scene with ``restore(user:scene:store:)``. Its settable properties turn what a view writes
/// into the state machine's intents, so the rules hold whatever the view does: `List(selection: $model.sidebar)`
/// selects a sidebar route (a new one clears the content and the detail), `List(selection: $model.content)` a
/// content row, `NavigationStack(path: $model.detailStack)` pushes and pops. Each property notifies its
/// observers only when its value changes.
///
/// ```swift
/// let model = try await SplitViewModel.restore(user: "ada", scene: "main", store: store)
/// model.sidebar = .genres          // content, detail and stack cleared; layout follows the sidebar
/// model.content = .genre(metalID)  // the genre becomes the detail root
/// model.detailStack.append(.band(motorheadID))
/// model.back()
/// await model.flush()              // on quit: every change saved
/// ```
///
/// Saving: a change applies to the model's state at once, on the main actor, and is saved afterwards, in
/// order, by the store's one background writer (``BackgroundNavigationStore``), so the main actor never waits
/// on SQLite. A change the state machine refuses (content outside the sidebar's section, `back` with no earlier
/// entry) changes nothing and sets ``lastError``. When a save fails (the disk is full, the route names
/// something deleted meanwhile), the model goes back to the last saved state, with its history; the changes
/// made after the failed one are dropped too, since they were made on top of it; ``lastError`` says what
/// happened. So the model always ends up showing what is saved, and nothing is ever half-saved (each change is
/// one transaction). The model also takes the saved state when a save leads elsewhere than it computed: `back`
/// to an entry whose book was deleted since shows the entry repaired.
///
/// The synchronous ``NavigationSession`` stays the primitive underneath: the writer applies each change to the
/// scene's session, which checks it against the store's validator and saves it in one transaction. A command
/// that applies one intent and exits uses the session directly.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class SplitViewModel<Route: NavigationRoute> {
    /// The sidebar route's column count: two (sidebar and detail) or three.
    public var layout: SplitViewLayout { observed(keyPaths.layout, shownLayout) }
    /// The root of the detail column: the content selection, a two-column sidebar route, or what a toolbar
    /// showed (``showDetail(_:)``).
    public var detail: Route? { observed(keyPaths.detail, shownDetail) }
    /// The scene's position in its history.
    public var history: HistoryPosition { observed(keyPaths.history, shownPosition) }
    /// Why the last change was refused or could not be saved; set it to `nil` once shown.
    public var lastError: NavigationModelError?
    /// What the last restore, reload or session restore had to repair in the saved state ("this book is no longer
    /// available").
    public private(set) var restoreReport: RepairReport
    /// Where the state restored at launch came from: the scene's own, the user's most recently used scene,
    /// or nothing.
    public let origin: RestoredScene<Route>.Origin

    // The shown state, one value per observed property. The properties a change writes are observed by hand,
    // through key paths made once: the `@Observable` macro's accessors evaluate a key path literal at each read
    // and write, and one into a generic class is instantiated anew each time, which was half of a change's cost
    // on the main actor (`catalog-bench navigation`).
    @ObservationIgnored private var sidebarRoute: Route?
    @ObservationIgnored private var markedSidebar: Route?
    @ObservationIgnored private var contentRoute: Route?
    @ObservationIgnored private var shownDetail: Route?
    @ObservationIgnored private var stack: [Route]
    @ObservationIgnored private var columnVisibility: ColumnVisibility
    @ObservationIgnored private var topColumn: CompactColumn
    @ObservationIgnored private var shownLayout: SplitViewLayout
    @ObservationIgnored private var shownPosition: HistoryPosition
    @ObservationIgnored private let keyPaths = ObservedKeyPaths()

    /// The state and its history, as the model shows them.
    @ObservationIgnored private var navigator: Navigator<Route>
    /// The number of saved states adopted from the saver: the generation changes are made in.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private let saver: SceneSaver<Route>

    /// The user's name.
    public let user: String
    /// The scene identifier.
    public let scene: String

    private init(
        saver: SceneSaver<Route>, snapshot: SceneSnapshot<Route>, deliveries: AsyncStream<SceneSaver<Route>.Delivery>
    ) {
        let state = snapshot.navigator.state
        self.saver = saver
        self.user = saver.user.name
        self.scene = saver.scene
        self.navigator = snapshot.navigator
        self.origin = snapshot.origin
        self.restoreReport = snapshot.report ?? RepairReport()
        self.shownLayout = state.layout
        self.shownDetail = state.detail
        self.shownPosition = snapshot.navigator.position
        self.sidebarRoute = state.sidebar
        self.markedSidebar = state.markedSidebarRoute
        self.contentRoute = state.content
        self.stack = state.stack
        self.columnVisibility = state.visibility
        self.topColumn = state.compactColumn
        Task { [weak self] in
            for await delivery in deliveries {
                guard let self else { return }
                delivery(self)
            }
        }
    }

    deinit {
        saver.finish()
    }

    /// Restores scene `scene` of user `user` (created on first use) from `store`, off the main actor.
    ///
    /// The saved state is repaired as a ``NavigationStore`` restore repairs it (``restoreReport`` lists the
    /// repairs); a scene with no saved state starts from the user's most recently used scene. Two models of
    /// one user restore and save their scenes independently.
    ///
    /// - Parameters:
    ///   - user: the user's name.
    ///   - scene: the scene (window) identifier, e.g. the `SceneStorage` id of the window.
    ///   - store: the store every scene of the app saves through.
    /// - Returns: the scene's model.
    /// - Throws: ``NavigationModelError/store(_:)`` for an invalid user or scene name,
    ///   ``NavigationModelError/notRead(reason:)`` when the database cannot be read. Bad saved state never
    ///   throws: it is repaired.
    public static func restore(
        user: String, scene: String, store: BackgroundNavigationStore<Route>
    ) async throws -> SplitViewModel<Route> {
        let (deliveries, continuation) = AsyncStream.makeStream(of: SceneSaver<Route>.Delivery.self)
        let (saver, snapshot) = try await SceneSaver.open(
            user: user, scene: scene, store: store, deliveries: continuation)
        return SplitViewModel(saver: saver, snapshot: snapshot, deliveries: deliveries)
    }

    // MARK: What a view binds to

    /// The sidebar row the list marks as selected; setting another route selects it (content, detail and stack
    /// are cleared), setting `nil` clears the whole state.
    ///
    /// A two-column route whose detail a toolbar replaced (``showDetail(_:)``) is not marked, as a two-column
    /// app's list loses its selection then; the layout still follows it. Setting the marked route again changes
    /// nothing (``apply(_:)`` with ``NavigationIntent/selectSidebar(_:)`` pops the stack instead).
    public var sidebar: Route? {
        get { observed(keyPaths.sidebar, markedSidebar) }
        set {
            guard newValue != markedSidebar else { return }
            apply([newValue.map { .selectSidebar($0) } ?? .clearSidebar])
        }
    }

    /// The content column's selection; setting a route of the sidebar's list makes it the detail root, `nil`
    /// clears the detail.
    public var content: Route? {
        get { observed(keyPaths.content, contentRoute) }
        set {
            guard newValue != contentRoute else { return }
            apply([.selectContent(newValue)])
        }
    }

    /// The detail `NavigationStack`'s path, bottom first. Setting a shorter path that the current one starts
    /// with pops (to the root when empty), a longer one that starts with the current one pushes the new routes,
    /// any other replaces the stack: each recorded in the history as the intents are. A path the routes do not
    /// allow changes nothing.
    public var detailStack: [Route] {
        get { observed(keyPaths.detailStack, stack) }
        set {
            guard newValue != stack else { return }
            apply(Self.intents(changingStack: stack, to: newValue))
        }
    }

    /// The column visibility the user chose (`NavigationSplitView(columnVisibility:)`).
    public var visibility: ColumnVisibility {
        get { observed(keyPaths.visibility, columnVisibility) }
        set {
            guard newValue != columnVisibility else { return }
            apply([.setVisibility(newValue)])
        }
    }

    /// The column on top when the split view is collapsed (`NavigationSplitView(preferredCompactColumn:)`).
    public var compactColumn: CompactColumn {
        get { observed(keyPaths.compactColumn, topColumn) }
        set {
            guard newValue != topColumn else { return }
            apply([.setCompactColumn(newValue)])
        }
    }

    /// The whole state, as one value.
    public var state: SplitViewState<Route> {
        SplitViewState(
            unchecked: observed(keyPaths.sidebarRoute, sidebarRoute), content: content, detail: detail,
            stack: detailStack, visibility: visibility, compactColumn: compactColumn)
    }

    /// Whether ``back()`` has an entry to go to.
    public var canGoBack: Bool { history.canGoBack }
    /// Whether ``forward()`` has an entry to go to.
    public var canGoForward: Bool { history.canGoForward }

    // MARK: Actions

    /// Applies `intent` to the state at once and saves it in the background.
    ///
    /// For what no property covers: a toolbar's ``NavigationIntent/showDetail(_:)``, the collapsed back button
    /// (``NavigationIntent/compactBack``), reselecting the sidebar route to pop to the root. A refused intent
    /// changes nothing and sets ``lastError``.
    ///
    /// - Parameter intent: what the user did.
    public func apply(_ intent: NavigationIntent<Route>) {
        apply([intent])
    }

    /// Shows `route` in the detail column from outside the lists (a toolbar button).
    ///
    /// - Parameter route: the new detail root.
    public func showDetail(_ route: Route) {
        apply([.showDetail(route)])
    }

    /// Goes to the previous history entry, keeping the column visibility.
    public func back() {
        apply([.back])
    }

    /// Goes to the next history entry, keeping the column visibility.
    public func forward() {
        apply([.forward])
    }

    /// Opens a deep link (``DeepLink``): the whole state it describes, at once, or nothing when one of its steps
    /// is impossible (``lastError`` says which).
    ///
    /// - Parameter url: a link such as `catalog://genres?content=genre/<uuid>`.
    public func open(url: URL) {
        apply([.open(url)])
    }

    /// Applies `intents` as one change: all of them, or none when one is refused.
    private func apply(_ intents: [NavigationIntent<Route>]) {
        var changed = false
        do {
            if let intent = intents.first, intents.count == 1 {
                changed = try navigator.apply(intent) != .none
            } else {
                // On a copy, so that a refused intent leaves the ones before it unapplied too.
                var next = navigator
                for intent in intents where try next.apply(intent) != .none {
                    changed = true
                }
                navigator = next
            }
        } catch {
            lastError = .refused(error)
            return
        }
        guard changed else { return }
        let state = navigator.state
        saver.save(intents, expecting: state, generation: generation)
        show(state)
    }

    /// The intents that turn the detail stack `old` into `new`: pops, pushes or a replacement.
    private static func intents(changingStack old: [Route], to new: [Route]) -> [NavigationIntent<Route>] {
        if new.isEmpty { return [.popToRoot] }
        if new.count < old.count, old.starts(with: new) { return Array(repeating: .pop, count: old.count - new.count) }
        if new.count > old.count, new.starts(with: old) { return new.dropFirst(old.count).map { .push($0) } }
        return [.setStack(new)]
    }

    // MARK: Saving and the store

    /// Waits until every change made so far is saved (call it before the app quits); a failure is then in
    /// ``lastError`` and the model shows the saved state.
    public func flush() async {
        await saver.flush()
    }

    /// Restores the scene again from the store, e.g. after another process or a server changed it, and shows
    /// what it holds; changes not yet saved are saved first.
    ///
    /// - Returns: the repairs the saved state needed (also in ``restoreReport``).
    /// - Throws: ``NavigationModelError/notRead(reason:)`` when the database cannot be read; the model is then
    ///   unchanged.
    @discardableResult
    public func reload() async throws -> RepairReport {
        try await saver.reload()
    }

    /// Saves the current state as the user's session `name`, replacing one of that name.
    ///
    /// - Parameter name: the session's name.
    /// - Throws: ``NavigationModelError/store(_:)`` for an invalid name, ``NavigationModelError/notSaved(reason:)``.
    public func saveSession(named name: String) async throws {
        try await saver.saveSession(named: name, state: navigator.state)
    }

    /// Shows the user's session `name` in this scene, recorded in its history so ``back()`` returns.
    ///
    /// - Parameter name: the session's name.
    /// - Returns: the repairs the saved session needed (entities deleted since it was saved).
    /// - Throws: ``NavigationModelError/store(_:)`` when there is no such session,
    ///   ``NavigationModelError/notSaved(reason:)``; the model is then unchanged.
    @discardableResult
    public func restoreSession(named name: String) async throws -> RepairReport {
        try await saver.restoreSession(named: name)
    }

    /// The user's saved sessions, by name.
    ///
    /// - Throws: ``NavigationModelError/notRead(reason:)``.
    public func sessions() async throws -> [SavedSession] {
        try await saver.sessions()
    }

    /// Takes the saved state the saver sent: after a failed or diverging save, a reload or a session restore.
    func adopt(_ snapshot: SceneSnapshot<Route>, error: NavigationModelError?) {
        generation += 1
        navigator = snapshot.navigator
        show(navigator.state)
        if let report = snapshot.report, report != restoreReport { restoreReport = report }
        if let error { lastError = error }
    }

    /// Copies what differs in `state`, the navigator's, into the observed properties, which showed the state before
    /// it. Only those are written, so each property notifies only its own observers.
    private func show(_ state: SplitViewState<Route>) {
        if sidebarRoute != state.sidebar {
            withMutation(keyPath: keyPaths.sidebarRoute) { sidebarRoute = state.sidebar }
        }
        let marked = state.markedSidebarRoute
        if markedSidebar != marked { withMutation(keyPath: keyPaths.sidebar) { markedSidebar = marked } }
        if contentRoute != state.content { withMutation(keyPath: keyPaths.content) { contentRoute = state.content } }
        if shownDetail != state.detail { withMutation(keyPath: keyPaths.detail) { shownDetail = state.detail } }
        if stack != state.stack { withMutation(keyPath: keyPaths.detailStack) { stack = state.stack } }
        if columnVisibility != state.visibility {
            withMutation(keyPath: keyPaths.visibility) { columnVisibility = state.visibility }
        }
        if topColumn != state.compactColumn {
            withMutation(keyPath: keyPaths.compactColumn) { topColumn = state.compactColumn }
        }
        if shownLayout != state.layout { withMutation(keyPath: keyPaths.layout) { shownLayout = state.layout } }
        let position = navigator.position
        if shownPosition != position { withMutation(keyPath: keyPaths.history) { shownPosition = position } }
    }

    /// `value`, its read recorded for the observers of `keyPath`.
    private func observed<Value>(_ keyPath: KeyPath<SplitViewModel, Value>, _ value: Value) -> Value {
        access(keyPath: keyPath)
        return value
    }

    /// The key paths of the properties observed by hand; `sidebarRoute` stands for the sidebar route that ``state``
    /// shows and ``sidebar`` may not mark.
    @MainActor private struct ObservedKeyPaths {
        let sidebarRoute = \SplitViewModel.sidebarRoute
        let sidebar = \SplitViewModel.sidebar
        let content = \SplitViewModel.content
        let detail = \SplitViewModel.detail
        let detailStack = \SplitViewModel.detailStack
        let visibility = \SplitViewModel.visibility
        let compactColumn = \SplitViewModel.compactColumn
        let layout = \SplitViewModel.layout
        let history = \SplitViewModel.history
    }
}
