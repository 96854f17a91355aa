import AccessTokens
import CatalogServer
public import Foundation
import HTTPServer
import JSONKit
import Navigation

/// The HTTP API's request handling without a database: the `Router`'s matching, authentication, rate limit and
/// dispatch of any method, path, query and header bytes, the query `Parameters` checks and the JSON body parsers
/// of a scene's intents and `PUT`, behind stub routes shaped like the real ones.
///
/// An input is a request as text: the method on the first line, the path and query on the second, header fields
/// (`Name: value`) up to an empty line, then the body. Every answer must have a status of 200–599; an error's body
/// must be `application/problem+json` whose `status` is the answer's and whose `code` is not empty; a 405 must
/// carry `Allow`, a 401 `WWW-Authenticate`. A second, equal request of the same token to a route that needs one
/// must be refused 429 with a `Retry-After` of whole seconds, since the limiter's clock stands still and its bucket
/// holds one request; health is never limited.
public struct RouterCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "router"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let request = Self.request(from: input)
        let instant = ContinuousClock.now
        let router = Self.router(limiter: RateLimiter(rate: .init(requestsPerSecond: 1, burst: 1)) { instant })
        let first = try answer(router.respond(to: request), to: request)
        try checkProblem(first, for: request)
        guard request.headers[.authorization] == "Bearer nav", first.status != 404, first.status != 405 else {
            return
        }
        let second = try answer(router.respond(to: request), to: request)
        try checkProblem(second, for: request)
        guard request.path != "/v1/health" else {
            try require(second.status == first.status, "health was limited: \(describe(request))")
            return
        }
        try require(
            second.status == 429 && second.header("retry-after").flatMap { Int($0) }.map { $0 >= 1 } == true,
            "a second request of \(describe(request)) was answered \(second.status), not 429 with Retry-After")
    }

    /// The request `input` spells; bytes that are not UTF-8 are replaced, as the server's C strings would be read.
    static func request(from input: Data) -> HTTPRequest {
        let text = String(decoding: input, as: UTF8.self)
        let (head, body) =
            text.range(of: "\n\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) }
            ?? (text, "")
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let method = lines.isEmpty ? "" : lines.removeFirst()
        let target = lines.isEmpty ? "" : lines.removeFirst()
        let (path, query) =
            target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
            ?? (target, "")
        var headers = HTTPFields()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[HTTPFieldName(line[..<colon].lowercased())] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return HTTPRequest(
            method: HTTPMethod(rawValue: method), path: path.removingPercentEncoding ?? path,
            queryItems: queryItems(query),
            headers: headers, body: Data(body.utf8))
    }

    /// `a=1&b&c=%20` as the server's query items: split at `&`, then at the first `=`, each part percent-decoded.
    private static func queryItems(_ query: String) -> [URLQueryItem] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return URLQueryItem(
                name: parts[0].removingPercentEncoding ?? parts[0],
                value: parts.count > 1 ? parts[1].removingPercentEncoding ?? parts[1] : nil)
        }
    }

    /// Routes shaped like the API's: no token, a read token and a nav token; query parameters and JSON bodies
    /// parsed by the API's own code; every handler answers 200 when its input is accepted.
    private static func router(limiter: RateLimiter) -> Router {
        let routes = Routes()
        let accepted = HTTPReply.response(HTTPResponse(status: .ok, contentType: "application/json", text: "{}"))
        let signedIn = routes.root.staged(.authentication(authenticate))
        let scoped = { (scope: AccessScope) in signedIn.staged(.scope(scope)).staged(.rateLimit(limiter)) }
        routes.root.get("/v1/health") { context in
            _ = try context.query(allowing: [])
            return accepted
        }
        scoped(.read).get("/v1/books") { context in
            let parameters = try context.query(allowing: ["author", "genre", "limit", "after"])
            _ = try parameters.integer("limit", in: 1...500)
            if parameters.value("author") != nil { _ = try parameters.uuid("author") }
            return accepted
        }
        scoped(.read).get("/v1/books/{uuid}") { context in
            _ = try context.query(allowing: [])
            return accepted
        }
        scoped(.read).get("/v1/me/scenes/{scene}") { context in
            _ = try context.query(allowing: ["wait"]).integer("wait", in: 0...60)
            return accepted
        }
        scoped(.nav).post("/v1/me/scenes/{scene}/intents") { context in
            _ = try SceneEndpoints.intent(of: context.request)
            return accepted
        }
        scoped(.nav).put("/v1/me/scenes/{scene}") { context in
            _ = try SceneEndpoints.storedState(of: context.request)
            return accepted
        }
        return Router(routes)
    }

    /// `Bearer read` and `Bearer nav` stand for callers of those scopes; anything else is refused as the API does.
    private static let authenticate: Authenticator = { request throws(APIProblem) in
        switch request.headers[.authorization] {
        case nil: throw .missingToken
        case "Bearer read": return (Caller(user: NavigationUser(name: "r", id: 1), scope: .read, tokenID: 1), nil)
        case "Bearer nav": return (Caller(user: NavigationUser(name: "n", id: 2), scope: .nav, tokenID: 2), nil)
        default: throw .refused(.unknown)
        }
    }

    private func answer(_ reply: HTTPReply, to request: HTTPRequest) throws(FuzzFinding) -> HTTPResponse {
        guard case .response(let response) = reply else {
            throw FuzzFinding("\(describe(request)) was deferred; no stub route answers later")
        }
        return response
    }

    private func checkProblem(_ response: HTTPResponse, for request: HTTPRequest) throws(FuzzFinding) {
        let what = "the \(response.status) answer to \(describe(request))"
        try require((200...599).contains(response.status.code), "\(what) is not a valid status")
        guard response.status >= 400 else { return }
        try require(response.header("content-type") == "application/problem+json", "\(what) is not problem+json")
        let problem = try? JSONReader.document(Array(response.body))
        try require(
            problem?["status"]?.integer == Int64(response.status.code), "\(what) has a body of another status")
        try require(problem?["code"]?.string?.isEmpty == false, "\(what) has no code")
        try require(response.status != 405 || response.header("allow") != nil, "\(what) has no Allow")
        try require(response.status != 401 || response.header("www-authenticate") != nil, "\(what) has no challenge")
    }

    private func describe(_ request: HTTPRequest) -> String {
        "\(request.method.rawValue.debugDescription) \(request.path.debugDescription) \(request.queryItems) "
            + "body \(String(decoding: request.body, as: UTF8.self).debugDescription)"
    }
}
