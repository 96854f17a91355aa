package import HTTPServer

/// Requests dispatched by method and path pattern: `/v1/books/{uuid}` matches `/v1/books/` and one more segment,
/// handed to the handler as `parameters["uuid"]`. A path no route matches is answered 404 `no-route`; a path that
/// matches under other methods only, 405 `method-not-allowed` with `Allow`. Routes are added through the
/// ``RouteGroup``s of a ``Routes`` table, whose stages (authentication, CSRF, scope, rate limit) each request passes
/// in order before its handler runs. A thrown ``APIProblem`` (or any error ``APIProblem/init(_:)`` maps) becomes a
/// `problem+json` answer.
///
/// ```swift
/// let routes = Routes()
/// routes.root.get("/v1/health") { context in .response(…) }
/// let reading = routes.root.staged(.authentication(authenticate)).staged(.scope(.read))
/// reading.get("/v1/books/{uuid}") { context in … context.parameters["uuid"] … context.caller … }
/// let router = Router(routes)
/// ```
package struct Router: Sendable {
    private let routes: [Route]

    /// The routes added to `routes` so far.
    package init(_ routes: Routes) {
        self.routes = routes.table
    }

    /// The answer to `request`: its route's, or a problem; marked with the user it was for, for the access log.
    package func respond(to request: HTTPRequest) -> HTTPReply {
        let path = Route.segments(request.path)
        let matching = routes.compactMap { route in route.match(path).map { (route, $0) } }
        guard let (route, parameters) = matching.first(where: { $0.0.method == request.method }) else {
            guard !matching.isEmpty else {
                return .response(
                    APIProblem(status: .notFound, code: .noRoute, detail: "no resource at \(request.path)").response)
            }
            let allowed = matching.map(\.0.method.rawValue).joined(separator: ", ")
            var response = APIProblem(
                status: .methodNotAllowed, code: .methodNotAllowed,
                detail: "\(request.path) does not take \(request.method); it takes \(allowed)"
            ).response
            response.headers.append(.allow, allowed)
            return .response(response)
        }
        let context = RequestContext(request: request, parameters: PathParameters(parameters))
        let reply: HTTPReply
        do {
            reply = try route.handler(context)
        } catch {
            reply = .response(APIProblem(error).response)
        }
        return reply.remoteUser(context.attribution.user)
    }
}

/// The routes of a ``Router`` as they are added, through ``root`` and the groups made from it.
package final class Routes {
    fileprivate var table: [Route] = []

    /// No routes yet.
    package init() {}

    /// The group of routes that take any request, without a stage.
    package var root: RouteGroup<RequestContext> { RouteGroup(routes: self, prepare: { $0 }) }

    fileprivate func add(_ route: Route) {
        table.append(route)
    }
}

/// Routes that share the stages a request passes before their handlers (Hummingbird's `RouterGroup` and its
/// middleware): each stage takes the context the one before it gave and gives the next one's, or refuses the
/// request with a problem. A handler is given the last stage's context.
package struct RouteGroup<Context: RouteContext> {
    /// Answers a request that passed the group's stages, now or later (a long-poll).
    package typealias Handler = @Sendable (_ context: Context) throws -> HTTPReply

    private let routes: Routes
    private let prepare: @Sendable (RequestContext) throws -> Context

    fileprivate init(routes: Routes, prepare: @escaping @Sendable (RequestContext) throws -> Context) {
        self.routes = routes
        self.prepare = prepare
    }

    /// A group whose requests pass this group's stages, then `stage`.
    package func staged<Next>(_ stage: RouteStage<Context, Next>) -> RouteGroup<Next> {
        let prepare = prepare
        return RouteGroup<Next>(routes: routes, prepare: { try stage.pass(try prepare($0)) })
    }

    /// Adds a route: `method` requests whose path matches `pattern` pass the group's stages, then go to `handler`.
    package func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let prepare = prepare
        routes.add(Route(method: method, segments: Route.segments(pattern)) { try handler(try prepare($0)) })
    }

    /// Adds a `GET` route.
    package func get(_ pattern: String, _ handler: @escaping Handler) { on(.get, pattern, handler) }
    /// Adds a `POST` route.
    package func post(_ pattern: String, _ handler: @escaping Handler) { on(.post, pattern, handler) }
    /// Adds a `PUT` route.
    package func put(_ pattern: String, _ handler: @escaping Handler) { on(.put, pattern, handler) }
    /// Adds a `DELETE` route.
    package func delete(_ pattern: String, _ handler: @escaping Handler) { on(.delete, pattern, handler) }
}

/// One route: a method, a pattern's segments, and what answers (the group's stages, then the handler).
private struct Route: Sendable {
    let method: HTTPMethod
    let segments: [Substring]
    let handler: @Sendable (RequestContext) throws -> HTTPReply

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

    /// A path's segments after the leading slash, empty ones kept (so `/v1/books/` is not `/v1/books`); none for a
    /// path that does not start with a slash, which no route matches.
    static func segments(_ path: String) -> [Substring] {
        guard path.hasPrefix("/") else { return [] }
        return path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }
}
