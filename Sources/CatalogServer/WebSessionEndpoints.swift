import AccessTokens
import CatalogStore
import CatalogViews
import Foundation
import HTTPServer
import Navigation

/// `/v1/web/session`: the web page's sign-in. `POST` trades an access token (sent once, in the body) for a session
/// cookie; `GET` tells the page who is signed in and the session's CSRF token; `DELETE` signs out.
struct WebSessionEndpoints: Sendable {
    let storage: any AccountHolding
    /// Whether the server speaks HTTPS, so the cookie is marked `Secure`.
    let secure: Bool
    let origins: WebOrigins

    /// Adds the sign-in and the session's answer to `open`, the sign-out to `signedIn`.
    func register(open: RouteGroup<RequestContext>, signedIn: RouteGroup<CallerContext>) {
        open.post("/v1/web/session") { [self] context in .response(try signIn(context)) }
        open.get("/v1/web/session") { [self] context in
            _ = try context.query(allowing: [])
            return .response(try answer(try session(of: context.request), status: .ok))
        }
        signedIn.delete("/v1/web/session") { [self] context in
            _ = try context.query(allowing: [])
            let id = try session(of: context.request).id
            try storage.accessTokens { try $0.endWebSession(id) }
            return .response(
                HTTPResponse(
                    status: .noContent,
                    headers: [.setCookie: WebSessionCookie.setCookie("", maxAge: 0, secure: secure)]))
        }
    }

    /// `POST {"token": "cat_…"}`: a new session for the token's holder, its id in `Set-Cookie`.
    private func signIn(_ context: RequestContext) throws -> HTTPResponse {
        _ = try context.query(allowing: [])
        try Authentication.checkOrigin(of: context.request, in: origins)
        let body = try JSONBody(context.request)
        try body.allowOnly(["token"])
        guard let token = try body.string("token") else {
            throw APIProblem(
                status: .badRequest, code: .badBody,
                detail: "the body needs \"token\", an access token from 'catalog tokens create --user NAME'")
        }
        let session: WebSession
        do {
            session = try storage.accessTokens { try $0.startWebSession(with: token) }
        } catch let error as AccessTokenError {
            throw APIProblem.refused(error)
        }
        return try answer(session, status: .created)
    }

    /// The session of `request`'s cookie.
    private func session(of request: HTTPRequest) throws -> WebSession {
        guard let id = WebSessionCookie.sessionID(in: request) else {
            throw APIProblem(
                status: .unauthorized, code: .noSession,
                detail: "the request has no session cookie; sign in with POST /v1/web/session {\"token\": TOKEN}")
        }
        return try Authentication.webSession(id, in: storage)
    }

    private func answer(_ session: WebSession, status: HTTPStatus) throws -> HTTPResponse {
        let json = CatalogAPI.webSession(
            user: session.caller.user.name, scope: session.caller.scope.rawValue, csrfToken: session.csrfToken,
            expiresAt: session.expiresAt)
        var response = HTTPResponse(status: status, contentType: "application/json", text: JSONText.encode(json))
        response.remoteUser = session.caller.user.name
        let maxAge = Int(session.expiresAt.timeIntervalSinceNow.rounded(.down))
        response.headers.append(.setCookie, WebSessionCookie.setCookie(session.id, maxAge: maxAge, secure: secure))
        return response
    }
}
