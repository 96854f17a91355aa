package import AccessTokens
package import HTTPServer

/// One step a request passes on its way to a handler: it gives the next step's context, or refuses the request
/// with an ``APIProblem``. A ``RouteGroup`` runs its stages in the order they were added; the API's are
/// ``authentication(_:)``, ``csrf(_:)``, ``scope(_:)`` and ``rateLimit(_:)``, in that order.
package struct RouteStage<Input: RouteContext, Output: RouteContext>: Sendable {
    /// The context for the next step, from this one's.
    let pass: @Sendable (Input) throws -> Output

    /// A stage that turns `Input` into `Output`, or throws to refuse the request.
    package init(_ pass: @escaping @Sendable (Input) throws -> Output) {
        self.pass = pass
    }
}

/// Who sent a request, from its credentials, and the web session its cookie named (when it came with one).
package typealias Authenticator = @Sendable (_ request: HTTPRequest) throws(APIProblem) -> (Caller, WebSession?)

extension RouteStage where Input == RequestContext, Output == CallerContext {
    /// Finds the caller with `authenticate`: a 401 for credentials missing or refused. A bearer request is the
    /// caller's from here on (the access log says so); a cookie request once the ``csrf(_:)`` stage passed it.
    package static func authentication(_ authenticate: @escaping Authenticator) -> Self {
        RouteStage { context in
            let (caller, session) = try authenticate(context.request)
            let next = CallerContext(base: context, caller: caller, session: session)
            if session == nil { next.attribute() }
            return next
        }
    }
}

extension RouteStage where Input == CallerContext, Output == CallerContext {
    /// Refuses a cookie request that may change something (any method but `GET` and `HEAD`) unless it comes from a
    /// page of `origins` and carries its session's `X-CSRF-Token` (403). A browser adds a cookie whatever page caused
    /// the request, never a bearer token, so bearer requests pass as they are.
    package static func csrf(_ origins: WebOrigins) -> Self {
        RouteStage { context in
            guard let session = context.session else { return context }
            if ![.get, .head].contains(context.request.method) {
                try Authentication.checkOrigin(of: context.request, in: origins)
                guard let sent = context.request.headers["x-csrf-token"] else { throw APIProblem.missingCSRFToken }
                guard session.accepts(csrfToken: sent) else { throw APIProblem.wrongCSRFToken }
            }
            context.attribute()
            return context
        }
    }

    /// Refuses a caller whose token's scope does not allow `needed` (403 `insufficient-scope`).
    package static func scope(_ needed: AccessScope) -> Self {
        RouteStage { context in
            guard context.caller.scope.allows(needed) else {
                throw APIProblem.insufficientScope(context.caller.scope, needed: needed, for: context.request)
            }
            return context
        }
    }

    /// Takes one request from the caller's token's bucket in `limiter` (429 `rate-limited` with `Retry-After` when
    /// empty; a long-poll counts once, when it arrives); `nil`: no limit.
    package static func rateLimit(_ limiter: RateLimiter?) -> Self {
        RouteStage { context in
            if let seconds = limiter?.admit(context.caller.tokenID) {
                throw APIProblem.rateLimited(retryAfter: seconds)
            }
            return context
        }
    }
}
