/// The stable name of an API error, the `code` of its `application/problem+json` body: what a client branches on,
/// so each is written once, here, and documented in the HTTP reference.
package struct ProblemCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name as sent, e.g. `bad-cursor`.
    package var rawValue: String

    /// The code named `rawValue`.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name as sent.
    package var description: String { rawValue }

    // Requests and the catalog.
    /// 400: an `after` the list did not give.
    package static let badCursor = ProblemCode(rawValue: "bad-cursor")
    /// 400: two filters, or one the list does not take.
    package static let badFilter = ProblemCode(rawValue: "bad-filter")
    /// 400: an unknown query parameter, or a value out of its range or of the wrong form.
    package static let badParameter = ProblemCode(rawValue: "bad-parameter")
    /// 404: no such entity (or web page file).
    package static let notFound = ProblemCode(rawValue: "not-found")
    /// 404: no route has the path.
    package static let noRoute = ProblemCode(rawValue: "no-route")
    /// 405: routes have the path, under other methods.
    package static let methodNotAllowed = ProblemCode(rawValue: "method-not-allowed")
    /// 503: another program held the database's lock too long.
    package static let databaseBusy = ProblemCode(rawValue: "database-busy")
    /// 500: anything else.
    package static let internalError = ProblemCode(rawValue: "internal-error")

    // Sync.
    /// 409: `database=` names another database than the server's.
    package static let otherDatabase = ProblemCode(rawValue: "other-database")
    /// 410: the changes after `since` were pruned.
    package static let behindHorizon = ProblemCode(rawValue: "behind-horizon")
    /// 503: a snapshot asked while the server stops.
    package static let stopping = ProblemCode(rawValue: "stopping")

    // Authentication and web sessions.
    /// 401: no `Authorization` header.
    package static let missingToken = ProblemCode(rawValue: "missing-token")
    /// 401: not `Bearer cat_…`.
    package static let malformedToken = ProblemCode(rawValue: "malformed-token")
    /// 401: a token never created here, or whose user was removed.
    package static let unknownToken = ProblemCode(rawValue: "unknown-token")
    /// 401: an expired token.
    package static let expiredToken = ProblemCode(rawValue: "expired-token")
    /// 401: a revoked token.
    package static let revokedToken = ProblemCode(rawValue: "revoked-token")
    /// 403: the token's scope does not allow the request.
    package static let insufficientScope = ProblemCode(rawValue: "insufficient-scope")
    /// 401: a web session signed out, or never started here.
    package static let unknownSession = ProblemCode(rawValue: "unknown-session")
    /// 401: an expired web session.
    package static let expiredSession = ProblemCode(rawValue: "expired-session")
    /// 401: `GET` or `DELETE /v1/web/session` without the cookie.
    package static let noSession = ProblemCode(rawValue: "no-session")
    /// 403: a cookie request that changes state without `X-CSRF-Token`.
    package static let missingCSRFToken = ProblemCode(rawValue: "missing-csrf-token")
    /// 403: an `X-CSRF-Token` that is not the session's.
    package static let wrongCSRFToken = ProblemCode(rawValue: "wrong-csrf-token")
    /// 403: a cookie request or a sign-in from a page of another origin.
    package static let crossOrigin = ProblemCode(rawValue: "cross-origin")

    // Navigation.
    /// 400: a scene or session name that breaks the rules of names.
    package static let badName = ProblemCode(rawValue: "bad-name")
    /// 400: a body that is not the JSON object the endpoint takes.
    package static let badBody = ProblemCode(rawValue: "bad-body")
    /// 400: an intent name that is not one.
    package static let unknownIntent = ProblemCode(rawValue: "unknown-intent")
    /// 400: an intent's argument missing, unexpected or not a route or value.
    package static let badArgument = ProblemCode(rawValue: "bad-argument")
    /// 422: an intent that makes no sense here.
    package static let intentRefused = ProblemCode(rawValue: "intent-refused")
    /// 422: a route over the navigation limits.
    package static let routeTooLong = ProblemCode(rawValue: "route-too-long")
    /// 422: a state over the navigation limits.
    package static let stateTooLarge = ProblemCode(rawValue: "state-too-large")
    /// 412: `If-Match` does not name the scene's current ETag.
    package static let staleScene = ProblemCode(rawValue: "stale-scene")
    /// 428: a `PUT` of a scene, or a `PATCH` or `DELETE` of an entry, without `If-Match`.
    package static let preconditionRequired = ProblemCode(rawValue: "precondition-required")
    /// 409: others changed the scene every time this change was about to be saved.
    package static let sceneBusy = ProblemCode(rawValue: "scene-busy")
    /// 404: no saved session of that name.
    package static let noSuchSession = ProblemCode(rawValue: "no-such-session")

    // Editing.
    /// 422: a field or list an edit names that the entry does not have, or a value it refuses (`errors` names each).
    package static let invalidEdit = ProblemCode(rawValue: "invalid-edit")
    /// 409: an edit the catalog refuses as it stands (an author still credited on books).
    package static let editRefused = ProblemCode(rawValue: "edit-refused")
    /// 409: an undo of an entry whose history holds nothing left to undo.
    package static let nothingToUndo = ProblemCode(rawValue: "nothing-to-undo")
    /// 409: an undo of an edit that touched an entry changed again since.
    package static let changedSince = ProblemCode(rawValue: "changed-since")
    /// 409: the entry was merged into another, which is where edits go now.
    package static let merged = ProblemCode(rawValue: "merged")
    /// 412: `If-Match` does not name the entry's current revision.
    package static let staleRevision = ProblemCode(rawValue: "stale-revision")
    /// 501: the database cannot do this yet (editing on PostgreSQL).
    package static let unsupported = ProblemCode(rawValue: "unsupported")

    // Limits.
    /// 429: the token sent more requests than its rate allows.
    package static let rateLimited = ProblemCode(rawValue: "rate-limited")
    /// 429: too many long-polls waiting at once.
    package static let tooManyLongPolls = ProblemCode(rawValue: "too-many-long-polls")
}
