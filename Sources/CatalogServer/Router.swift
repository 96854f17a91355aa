package import HTTPServer

/// Requests dispatched by method and path pattern: `/v1/books/{uuid}` matches `/v1/books/` and one more segment,
/// handed to the handler as `parameters["uuid"]`. A path no route matches is answered 404 `no-route`; a path that
/// matches under other methods only, 405 `method-not-allowed` with `Allow`. A handler's thrown ``APIProblem`` (or
/// any error ``APIProblem/init(_:)`` maps) becomes a `problem+json` answer.
package struct Router: Sendable {
    /// Answers a request whose path matched; `parameters` holds the pattern's `{name}` segments.
    package typealias Handler =
        @Sendable (_ request: HTTPRequest, _ parameters: [String: String]) throws
        -> HTTPResponse

    /// Answers a request whose path matched, now or later (a long-poll).
    package typealias ReplyHandler =
        @Sendable (_ request: HTTPRequest, _ parameters: [String: String]) throws
        -> HTTPReply

    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
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

    /// A router without routes.
    package init() {}

    /// Adds a route: `method` requests whose path matches `pattern` go to `handler`.
    package mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        add(method, pattern, replying: { request, parameters in .response(try handler(request, parameters)) })
    }

    /// Adds a route whose handler may answer later.
    package mutating func add(_ method: String, _ pattern: String, replying handler: @escaping ReplyHandler) {
        routes.append(Route(method: method, segments: Self.segments(pattern), handler: handler))
    }

    /// The answer to `request`: its route's, or a problem.
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
        do {
            return try route.handler(request, parameters)
        } catch {
            return .response(APIProblem(error).response)
        }
    }

    /// A path's segments after the leading slash, empty ones kept (so `/v1/books/` is not `/v1/books`).
    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }
}
