import AccessTokens
import Catalog
import CatalogStore
import CatalogViews
import Foundation
package import HTTPServer
package import LibraryNavigation
package import Navigation

/// The caller's navigation state under `/v1/me`: scenes (read, changed by one intent, replaced whole) and named
/// sessions. The user always comes from the token; no request names a user. Scenes answer the JSON of
/// `catalog nav show --json` with an `ETag`, the scene's ``SceneRevision``; a change conditional on `If-Match` is
/// checked inside the transaction that saves it. A session opened from the storage's navigation store is used only
/// inside the storage's `navigation` call (on PostgreSQL it holds a pooled connection); its state is then read to
/// answer.
package struct SceneEndpoints: Sendable {
    let storage: any CatalogReading & NavigationHolding
    /// Counts the commits to navigation state: the revisions read for waiters are shared per commit.
    let watcher: CommitWatcher
    let longPolls: LongPollQuota
    /// The long-polls waiting, by user, woken by the commits that changed their user's scenes.
    private let waiters: SceneWaiters
    /// The revisions of the scenes long-polls wait on, read once per commit for all waiters of a scene.
    private let revisions = SharedAnswers<SceneKey, SceneRevision>()

    /// A user's scene.
    private struct SceneKey: Hashable, Sendable {
        let user: Int64
        let scene: String
    }

    /// How often a change is tried again when another writer saved the scene between reading and saving it.
    private static let attempts = 5
    /// The keys of a scene's JSON that a `PUT` may send back and that are not state: ignored.
    private static let readOnlyKeys: Set<String> = [
        "user", "scene", "layout", "sidebarMarked", "link", "history", "titles", "repairs", "contentLists",
        "detailPath",
    ]

    /// The endpoints over `storage`, whose long-polls wake when `watcher` sees a commit that changed their user's
    /// scenes, counted against `longPolls`.
    init(storage: any CatalogReading & NavigationHolding, watcher: CommitWatcher, longPolls: LongPollQuota) {
        self.storage = storage
        self.watcher = watcher
        self.longPolls = longPolls
        waiters = SceneWaiters(watcher: watcher) { position in
            try storage.navigation { store, _ in try store.sceneChanges(after: position) }
        }
    }

    /// Adds the scenes' and sessions' reads to `reading` and their changes to `navigating`.
    func register(reading: RouteGroup<CallerContext>, navigating: RouteGroup<CallerContext>) {
        reading.get("/v1/me/scenes") { [self] context in
            _ = try context.query(allowing: [])
            let scenes = try storage.navigation { store, _ in try store.scenes(for: context.caller.user) }
            return .response(json(CatalogAPI.scenes(scenes)))
        }
        reading.get("/v1/me/scenes/{scene}") { [self] context in try show(context, scene: try name(.scene, context)) }
        reading.get("/v1/me/scenes/{scene}/history") { [self] context in
            _ = try context.query(allowing: [])
            let scene = try name(.scene, context)
            let (entries, index) = try storage.navigation { store, _ in
                let session = try store.openSession(scene: scene, for: context.caller.user)
                return (try session.historyEntries(), session.history.index)
            }
            return .response(
                json(["index": .int(index), "entries": .array(entries.map { .object(CatalogAPI.state($0)) })]))
        }
        navigating.post("/v1/me/scenes/{scene}/intents") { [self] context in
            .response(try apply(context, scene: try name(.scene, context)))
        }
        navigating.put("/v1/me/scenes/{scene}") { [self] context in
            .response(try replace(context, scene: try name(.scene, context)))
        }
        reading.get("/v1/me/sessions") { [self] context in
            _ = try context.query(allowing: [])
            let sessions = try storage.navigation { store, _ in try store.sessions(for: context.caller.user) }
            return .response(json(CatalogAPI.sessions(sessions)))
        }
        reading.get("/v1/me/sessions/{name}") { [self] context in
            _ = try context.query(allowing: [])
            let name = try name(.session, context)
            let (saved, state) = try storage.navigation { store, _ in
                let user = context.caller.user
                let state = try store.loadSession(named: name, for: user).0
                return (try store.sessions(for: user).filter { $0.name == name }, state)
            }
            guard case .array(let items) = CatalogAPI.sessions(saved), case .object(var item) = items.first else {
                throw NavigationStoreError.sessionNotFound(name: name)
            }
            item["state"] = .object(CatalogAPI.state(state))
            return .response(json(.object(item)))
        }
        navigating.put("/v1/me/sessions/{name}") { [self] context in
            .response(try saveSession(context, name: try name(.session, context)))
        }
        navigating.delete("/v1/me/sessions/{name}") { [self] context in
            _ = try context.query(allowing: [])
            let session = try name(.session, context)
            try storage.navigation { store, _ in try store.deleteSession(named: session, for: context.caller.user) }
            return .response(HTTPResponse(status: .noContent))
        }
        navigating.post("/v1/me/sessions/{name}/restore") { [self] context in
            let session = try name(.session, context)
            let scene = try name(try context.query(allowing: ["scene"]).value("scene") ?? "main", of: .scene)
            return .response(
                try change(scene, for: context.caller, ifMatch: nil) { scene, _ in
                    try scene.restoreSession(named: session)
                })
        }
    }

    // MARK: Scenes

    /// `GET`: the scene as restored (repaired against the catalog), or 304 when `If-None-Match` names its revision.
    /// With `wait=S` and `If-None-Match`, a 304 is held until the scene changes (the new state is the answer) or S
    /// seconds pass (then the 304): a second device follows the user live.
    private func show(_ context: CallerContext, scene: String) throws -> HTTPReply {
        let wait = try context.query(allowing: ["wait"]).integer("wait", in: 0...SyncEndpoints.longestWait) ?? 0
        let caller = context.caller
        let known = context.request.ifNoneMatch
        let position = waiters.position
        let answer = try current(scene, for: caller, unless: known)
        guard let known, wait > 0, answer.status == .notModified else { return .response(answer) }
        let deferred = DeferredResponse()
        try longPolls.admit(deferred, for: caller, from: context.request.remoteAddress)
        park(deferred, scene, for: caller, unless: known, after: position, until: .now + .seconds(wait))
        return .deferred(deferred)
    }

    /// The scene as restored, or a 304 when `known` names its revision.
    private func current(_ scene: String, for caller: Caller, unless known: EntityTagCondition?) throws
        -> HTTPResponse
    {
        let session = try storage.navigation { store, _ in try store.openSession(scene: scene, for: caller.user) }
        if let unchanged = HTTPResponse.notModified(session.revision.tag, given: known) { return unchanged }
        return try response(session, repairs: session.restoreReport)
    }

    /// Completes `deferred` with the scene once a commit changes it, or with the 304 when the deadline passes or
    /// the server stops. Only a commit that changed the user's scenes wakes it (``SceneWaiters``); woken, it reads
    /// its scene's revision (shared by the scene's waiters) and answers only when that moved, so a change to another
    /// scene of the user, or a repair that leaves the revision as it was, keeps it waiting. A response completed
    /// meanwhile (its client gone) waits no more.
    private func park(
        _ deferred: DeferredResponse, _ scene: String, for caller: Caller, unless known: EntityTagCondition,
        after position: SceneWaiters.Position, until deadline: ContinuousClock.Instant
    ) {
        waiters.wait(for: caller.user.id, after: position, until: deadline) { [self] wake in
            guard !deferred.isCompleted else { return }
            let (next, token) = (waiters.position, watcher.token)
            do {
                if wake == .committed {
                    let revision = try revisions.answer(SceneKey(user: caller.user.id, scene: scene), at: token) {
                        try storage.navigation { store, _ in try store.revision(ofScene: scene, for: caller.user) }
                    }
                    if known.matches(revision.tag, strong: false) {
                        return park(deferred, scene, for: caller, unless: known, after: next, until: deadline)
                    }
                }
                let answer = try current(scene, for: caller, unless: known)
                guard answer.status != .notModified || wake != .committed else {
                    return park(deferred, scene, for: caller, unless: known, after: next, until: deadline)
                }
                deferred.complete(with: answer)
            } catch {
                deferred.complete(with: APIProblem(error).response)
            }
        }
    }

    /// `POST …/intents`: one intent, `{"intent": NAME, "argument": TEXT}`, applied as `catalog nav NAME TEXT` does.
    private func apply(_ context: CallerContext, scene: String) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        let intent = try Self.intent(of: context.request)
        return try change(scene, for: context.caller, ifMatch: context.request.ifMatch) { session, _ in
            try session.applyUnlessChanged(intent)
        }
    }

    /// The intent the body of a `POST …/intents` names.
    ///
    /// - Throws: a 400 ``APIProblem`` (`bad-body`, `unknown-intent`, `bad-argument`) saying what is wrong.
    package static func intent(of request: HTTPRequest) throws(APIProblem) -> NavigationIntent<LibraryRoute> {
        let body = try JSONBody(request)
        try body.allowOnly(["intent", "argument"])
        guard let name = try body.string("intent") else {
            throw APIProblem(
                status: .badRequest, code: .badBody, detail: "the body needs \"intent\", e.g. {\"intent\": \"pop\"}")
        }
        guard let named = NamedIntent.named(name) else {
            throw APIProblem(
                status: .badRequest, code: .unknownIntent,
                detail: "'\(name)' is not an intent; intents are "
                    + NamedIntent.all.map(\.name).joined(separator: ", "))
        }
        do {
            // A stack count may come as a JSON number; every other argument is text.
            let argument =
                named.argument == .stackCount ? try body.stringOrWholeNumber("argument") : try body.string("argument")
            return try named.intent(argument)
        } catch let error as NamedIntent.ArgumentError {
            throw APIProblem(status: .badRequest, code: .badArgument, detail: "\"argument\": \(error)")
        } catch {
            throw APIProblem(error)
        }
    }

    /// `PUT`: a whole state, from a client that runs the transitions itself; `If-Match` is required, so a client
    /// never overwrites a state it has not seen. The state is checked and repaired as a restored one is.
    private func replace(_ context: CallerContext, scene: String) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        guard let ifMatch = context.request.ifMatch else {
            throw APIProblem(
                status: .preconditionRequired, code: .preconditionRequired,
                detail: "a PUT of a scene needs If-Match with the ETag of the state it replaces; GET the scene for it")
        }
        let stored = try Self.storedState(of: context.request)
        return try change(scene, for: context.caller, ifMatch: ifMatch) { session, validator in
            var (state, repairs) = StoredStateCodec.restore(
                stored, format: StoredStateCodec.currentFormat, validator: validator)
            repairs.repairs += try session.replaceStateUnlessChanged(with: state).repairs
            return repairs
        }
    }

    /// The state the body of a `PUT` of a scene holds, as stored text (its routes are checked when it is restored).
    ///
    /// - Throws: a 400 ``APIProblem`` `bad-body` saying what is wrong; a 422 (`route-too-long`, `state-too-large`)
    ///   when the state is over ``NavigationLimits``, which is refused rather than cut down as a restore would.
    package static func storedState(of request: HTTPRequest) throws(APIProblem) -> String {
        let body = try JSONBody(request)
        try body.allowOnly(
            ["sidebar", "content", "detail", "stack", "visibility", "compactColumn"], ignoring: readOnlyKeys)
        let stored = try body.storedState()
        if let violation = StoredStateCodec.limitViolation(in: stored, as: LibraryRoute.self) {
            throw APIProblem(violation)
        }
        return stored
    }

    /// Opens the scene, checks `ifMatch` against its revision (412 with the current state when it does not match),
    /// and makes `change` (given the validator the store checks routes with); when another writer saved the scene
    /// between the opening and the saving, starts again.
    private func change(
        _ scene: String, for caller: Caller, ifMatch: EntityTagCondition?,
        _ change: @escaping (NavigationSession<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> RepairReport
    ) throws -> HTTPResponse {
        enum Outcome {
            case changed(NavigationSession<LibraryRoute>, RepairReport)
            case stale(NavigationSession<LibraryRoute>)
            case busy
        }
        for _ in 0..<Self.attempts {
            let outcome: Outcome = try storage.navigation { store, validator in
                let session = try store.openSession(scene: scene, for: caller.user)
                if let ifMatch, !ifMatch.matches(session.revision.tag, strong: true) { return .stale(session) }
                do {
                    var repairs = session.restoreReport
                    repairs.repairs += try change(session, validator).repairs
                    return .changed(session, repairs)
                } catch NavigationStoreError.staleRevision {
                    return .busy
                }
            }
            switch outcome {
            case .changed(let session, let repairs):
                return try response(session, repairs: repairs)
            case .stale(let session):
                var refused = APIProblem(
                    status: .preconditionFailed, code: .staleScene,
                    detail: "the scene changed since the ETag in If-Match; 'scene' holds it as it is now, with its "
                        + "ETag: decide again and send that ETag"
                ).response(adding: ["scene": try sceneJSON(session, repairs: session.restoreReport)])
                refused.headers.append(.etag, session.revision.tag.field)
                return refused
            case .busy:
                continue
            }
        }
        throw APIProblem(
            status: .conflict, code: .sceneBusy,
            detail: "the scene was changed by others \(Self.attempts) times while this change was being saved; "
                + "send it again")
    }

    // MARK: Sessions

    /// `PUT /v1/me/sessions/{name}?scene=S`: saves scene S's current state (default `main`) as the session.
    private func saveSession(_ context: CallerContext, name: String) throws -> HTTPResponse {
        let caller = context.caller
        let scene = try self.name(try context.query(allowing: ["scene"]).value("scene") ?? "main", of: .scene)
        // A body is the state to save (as a scene's PUT takes it); without one, the scene's state is saved.
        let stored = context.request.body.isEmpty ? nil : try Self.storedState(of: context.request)
        let saved = try storage.navigation { store, validator in
            if let stored {
                let state = StoredStateCodec.restore(
                    stored, format: StoredStateCodec.currentFormat, validator: validator)
                try store.saveSession(named: name, state: state.0, for: caller.user)
            } else {
                try store.saveSession(named: name, fromScene: scene, for: caller.user)
            }
            return try store.sessions(for: caller.user).filter { $0.name == name }
        }
        guard case .array(let items) = CatalogAPI.sessions(saved), let item = items.first else {
            throw NavigationStoreError.sessionNotFound(name: name)
        }
        return json(item)
    }

    // MARK: Helpers

    /// The path's `{scene}` or `{name}` (for `kind` `session`), when it follows the rules of names.
    private func name(_ kind: NavigationName.Kind, _ context: CallerContext) throws -> String {
        try name(context.parameters[kind == .scene ? "scene" : "name"], of: kind)
    }

    /// `text`, a name of `kind` from the path or the query, when it follows the rules of names.
    private func name(_ text: String, of kind: NavigationName.Kind) throws -> String {
        guard let problem = NavigationName.problem(with: text) else { return text }
        throw APIProblem(status: .badRequest, code: .badName, detail: "a \(kind.rawValue) name \(problem)")
    }

    private func sceneJSON(_ session: NavigationSession<LibraryRoute>, repairs: RepairReport) throws -> JSONValue {
        try storage.readLookup { catalog in
            try CatalogAPI.scene(
                user: session.user.name, scene: session.scene, state: session.state, history: session.history,
                repairs: repairs, in: catalog)
        }
    }

    private func response(_ session: NavigationSession<LibraryRoute>, repairs: RepairReport) throws -> HTTPResponse {
        var response = json(try sceneJSON(session, repairs: repairs))
        response.headers.append(.etag, session.revision.tag.field)
        return response
    }

    private func json(_ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json", text: JSONText.encode(value))
    }
}

extension SceneRevision {
    /// The scene's `ETag`.
    var tag: EntityTag { EntityTag(text) }
}
