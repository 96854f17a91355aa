import AccessTokens
import CatalogAPI
import CatalogStore
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

    func register(in router: inout Router) {
        router.add("POST", "/v1/web/session", scope: nil) { [self] request, _ in try signIn(request) }
        router.add("GET", "/v1/web/session", scope: nil) { [self] request, _ in
            _ = try Parameters(request, allowed: [])
            return try answer(try session(of: request), status: 200)
        }
        router.add("DELETE", "/v1/web/session", scope: .read) { [self] request, _ in
            _ = try Parameters(request, allowed: [])
            let id = try session(of: request).id
            try storage.accessTokens { try $0.endWebSession(id) }
            return HTTPResponse(
                status: 204, headers: [("Set-Cookie", WebSessionCookie.setCookie("", maxAge: 0, secure: secure))])
        }
    }

    /// `POST {"token": "cat_…"}`: a new session for the token's holder, its id in `Set-Cookie`.
    private func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Parameters(request, allowed: [])
        try Authentication.checkOrigin(of: request, in: origins)
        let body = try JSONBody(request)
        try body.allowOnly(["token"])
        guard let token = try body.string("token") else {
            throw APIProblem(
                status: 400, code: "bad-body",
                detail: "the body needs \"token\", an access token from 'catalog tokens create --user NAME'")
        }
        let session: WebSession
        do {
            session = try storage.accessTokens { try $0.startWebSession(with: token) }
        } catch let error as AccessTokenError {
            throw APIProblem.refused(error)
        }
        return try answer(session, status: 201)
    }

    /// The session of `request`'s cookie.
    private func session(of request: HTTPRequest) throws -> WebSession {
        guard let id = WebSessionCookie.sessionID(in: request) else {
            throw APIProblem(
                status: 401, code: "no-session",
                detail: "the request has no session cookie; sign in with POST /v1/web/session {\"token\": TOKEN}")
        }
        return try Authentication.webSession(id, in: storage)
    }

    private func answer(_ session: WebSession, status: Int) throws -> HTTPResponse {
        let json = CatalogAPI.webSession(
            user: session.caller.user.name, scope: session.caller.scope.rawValue, csrfToken: session.csrfToken,
            expiresAt: session.expiresAt)
        var response = HTTPResponse(status: status, contentType: "application/json", text: JSONText.encode(json))
        response.remoteUser = session.caller.user.name
        let maxAge = Int(session.expiresAt.timeIntervalSinceNow.rounded(.down))
        response.headers.append(("Set-Cookie", WebSessionCookie.setCookie(session.id, maxAge: maxAge, secure: secure)))
        return response
    }
}
