import AccessTokens
import CatalogServer
import Foundation
import HTTPServer
import Navigation
import Testing

/// The router's groups: their stages run in order before a handler, and the first that refuses answers.
@Suite struct RouterTests {
    static let ada = Caller(user: NavigationUser(name: "ada", id: 1), scope: .read, tokenID: 7)

    /// Routes under the API's stages: authentication by `Bearer ada`, CSRF, scope and a limiter holding one request.
    static func router(order: Order) -> Router {
        let routes = Routes()
        let limiter = RateLimiter(rate: .init(requestsPerSecond: 1, burst: 1)) { ContinuousClock.now }
        let signedIn = routes.root.staged(
            .authentication { request throws(APIProblem) in
                guard request.headers[.authorization] == "Bearer ada" else { throw .missingToken }
                return (Self.ada, nil)
            }
        )
        .staged(.csrf(WebOrigins()))
        .staged(
            RouteStage { context in
                order.append("after authentication")
                return context
            })
        routes.root.get("/open") { _ in .response(HTTPResponse(status: .noContent)) }
        signedIn.staged(.scope(.read)).staged(.rateLimit(limiter)).get("/mine/{name}") { context in
            order.append("handler \(context.parameters["name"]) for \(context.caller.user.name)")
            return .response(HTTPResponse(status: .ok))
        }
        signedIn.staged(.scope(.nav)).put("/mine/{name}") { _ in
            order.append("put handler")
            return .response(HTTPResponse(status: .ok))
        }
        return Router(routes)
    }

    /// What ran, in order.
    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private var steps: [String] = []
        func append(_ step: String) { lock.withLock { steps.append(step) } }
        var all: [String] { lock.withLock { steps } }
    }

    static func response(_ router: Router, _ method: HTTPMethod, _ path: String, token: String? = "ada")
        -> HTTPResponse?
    {
        let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        guard
            case .response(let response) = router.respond(to: HTTPRequest(method: method, path: path, headers: headers))
        else { return nil }
        return response
    }

    @Test func aRequestPassesTheStagesInOrderAndIsLoggedForItsCaller() {
        let order = Order()
        let router = Self.router(order: order)
        let answer = Self.response(router, .get, "/mine/x")
        #expect(answer?.status == .ok)
        #expect(answer?.remoteUser == "ada")
        #expect(order.all == ["after authentication", "handler x for ada"])
        // The limiter's one request is taken: the next is refused by the last stage, for the same caller.
        let limited = Self.response(router, .get, "/mine/x")
        #expect(limited?.status == .tooManyRequests && limited?.remoteUser == "ada")
        #expect(order.all.count == 3)
    }

    @Test func theFirstStageThatRefusesAnswersAndNoLaterOneRuns() {
        let order = Order()
        let router = Self.router(order: order)
        let missing = Self.response(router, .get, "/mine/x", token: nil)
        #expect(missing?.status == .unauthorized && missing?.remoteUser == nil)
        let scope = Self.response(router, .put, "/mine/x")
        #expect(scope?.status == .forbidden && scope?.header(.wwwAuthenticate)?.contains("nav") == true)
        #expect(order.all == ["after authentication"])
        #expect(Self.response(router, .get, "/open", token: nil)?.status == .noContent)
    }

    @Test func aPathOfOtherMethodsIs405WithAllowAndAnUnknownOne404() {
        let router = Self.router(order: Order())
        let other = Self.response(router, .delete, "/mine/x")
        #expect(other?.status == .methodNotAllowed && other?.header(.allow) == "GET, PUT")
        #expect(Self.response(router, .get, "/mine/")?.status == .notFound)
    }
}
