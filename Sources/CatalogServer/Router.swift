package import AccessTokens
package import HTTPServer
import Navigation

/// Requests dispatched by method and path pattern: `/v1/books/{uuid}` matches `/v1/books/` and one more segment,
/// handed to the handler as `parameters["uuid"]`. A path no route matches is answered 404 `no-route`; a path that
/// matches under other methods only, 405 `method-not-allowed` with `Allow`. A route names the scope a request's token
/// needs (``AccessScope/read`` unless it says otherwise, `nil` for none): the router authenticates the request before
/// its handler runs, then takes one request from its token's ``RateLimiter`` bucket (429 `rate-limited` with
/// `Retry-After` when empty; a long-poll counts once, when it arrives). A handler's thrown ``APIProblem`` (or any error ``APIProblem/init(_:)`` maps) becomes a
/// `problem+json` answer.
package struct Router: Sendable {
    /// Answers a request whose path matched; `parameters` holds the pattern's `{name}` segments.
    package typealias Handler =
        @Sendable (_ request: HTTPRequest, _ parameters: [String: String]) throws
        -> HTTPResponse
    /// Answers an authenticated request for its caller.
    package typealias CallerHandler =
        @Sendable (_ request: HTTPRequest, _ parameters: [String: String], _ caller: Caller) throws
        -> HTTPResponse
    /// Answers a request now or later (a long-poll), for its caller when the route needs a token.
    package typealias ReplyHandler =
        @Sendable (_ request: HTTPRequest, _ parameters: [String: String], _ caller: Caller?) throws
        -> HTTPReply
    /// Finds who sent a request, from its credentials.
    package typealias Authenticator = @Sendable (_ request: HTTPRequest) throws(APIProblem) -> Caller

    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
        let scope: AccessScope?
        let handler: ReplyHandler

        /// The pattern's parameters taken from `path`, or `nil` when it does not match.
        func match(_ path: [Substring]) -> [String: String]? {
            guard path.count == segments.count else { return nil }
            var parameters: [String: String] = [:]
            for (pattern, segment) in zip(segments, path) {
                if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                    guard !segment.isEmpty else { return nil }
                    parameters[String(pattern.dropFirst().dropLast())] = String(segment)
                } else if pattern != segment {
                    return nil
                }
            }
            return parameters
        }
    }

    private var routes: [Route] = []
    private let authenticate: Authenticator
    private let limiter: RateLimiter?

    /// A router without routes that authenticates requests with `authenticate` and, when a `limiter` is given, limits
    /// each token's rate of requests with it.
    package init(authenticate: @escaping Authenticator, limiter: RateLimiter? = nil) {
        self.authenticate = authenticate
        self.limiter = limiter
    }

    /// Adds a route: `method` requests whose path matches `pattern`, with a token of `scope` or more (`nil`: no token
    /// needed), go to `handler`.
    package mutating func add(
        _ method: String, _ pattern: String, scope: AccessScope? = .read, _ handler: @escaping Handler
    ) {
        add(method, pattern, scope: scope) { request, parameters, _ in .response(try handler(request, parameters)) }
    }

    /// Adds a route whose handler answers for the authenticated caller (the user comes from the token).
    package mutating func add(
        _ method: String, _ pattern: String, scope: AccessScope, _ handler: @escaping CallerHandler
    ) {
        add(method, pattern, scope: scope) { request, parameters, caller in
            .response(try handler(request, parameters, try Self.required(caller)))
        }
    }

    /// The caller of a route that names a scope, which the router authenticated before calling its handler.
    package static func required(_ caller: Caller?) throws -> Caller {
        guard let caller else { throw APIProblem(status: 500, code: "internal-error", detail: "no caller") }
        return caller
    }

    /// Adds a route whose handler may answer later.
    package mutating func add(
        _ method: String, _ pattern: String, scope: AccessScope? = .read, replying handler: @escaping ReplyHandler
    ) {
        routes.append(Route(method: method, segments: Self.segments(pattern), scope: scope, handler: handler))
    }

    /// The answer to `request`: its route's, or a problem; marked with the user it was for, for the access log.
    package func respond(to request: HTTPRequest) -> HTTPReply {
        let path = Self.segments(request.path)
        let matching = routes.compactMap { route in route.match(path).map { (route, $0) } }
        guard let (route, parameters) = matching.first(where: { $0.0.method == request.method }) else {
            guard !matching.isEmpty else {
                return .response(
                    APIProblem(status: 404, code: "no-route", detail: "no resource at \(request.path)").response)
            }
            let allowed = matching.map(\.0.method).joined(separator: ", ")
            var response = APIProblem(
                status: 405, code: "method-not-allowed",
                detail: "\(request.path) does not take \(request.method); it takes \(allowed)"
            ).response
            response.headers.append(("Allow", allowed))
            return .response(response)
        }
        var caller: Caller?
        do {
            if let scope = route.scope {
                let authenticated = try authenticate(request)
                caller = authenticated
                guard authenticated.scope.allows(scope) else {
                    throw APIProblem.insufficientScope(authenticated.scope, needed: scope, for: request)
                }
                if let seconds = limiter?.admit(authenticated.tokenID) {
                    throw APIProblem.rateLimited(retryAfter: seconds)
                }
            }
            return try route.handler(request, parameters, caller).remoteUser(caller?.user.name)
        } catch {
            return HTTPReply.response(APIProblem(error).response).remoteUser(caller?.user.name)
        }
    }

    /// A path's segments after the leading slash, empty ones kept (so `/v1/books/` is not `/v1/books`); none for a
    /// path that does not start with a slash, which no route matches.
    private static func segments(_ path: String) -> [Substring] {
        guard path.hasPrefix("/") else { return [] }
        return path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }
}
