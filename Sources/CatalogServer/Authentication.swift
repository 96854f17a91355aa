import AccessTokens
import CatalogStore
import Foundation
import HTTPServer

/// Who sent a request: the bearer token of its `Authorization` header, or else the web session of its cookie,
/// checked against the stored hashes.
///
/// A cookie is sent by the browser whatever page caused the request, so a cookie request that may change something
/// must also prove it comes from the page itself: the ``RouteStage/csrf(_:)`` stage after this one checks its
/// `Origin` (``checkOrigin(of:in:)``) and its `X-CSRF-Token`. Bearer requests need neither: a browser never adds a
/// token by itself.
enum Authentication {
    /// The caller `request`'s token or session stands for, and the session when it came with a cookie.
    ///
    /// - Throws: a 401 ``APIProblem`` for a missing, malformed, unknown, expired or revoked token or session.
    static func credentials(
        of request: HTTPRequest, in storage: any AccountHolding
    ) throws(APIProblem) -> (Caller, WebSession?) {
        guard let field = request.headers[.authorization] else {
            guard let id = WebSessionCookie.sessionID(in: request) else { throw .missingToken }
            let session = try webSession(id, in: storage)
            return (session.caller, session)
        }
        // RFC 6750: the scheme is case-insensitive, then one or more spaces, then the token.
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .refused(.malformed) }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return (try refusing { try storage.accessTokens { try $0.authenticate(token) } }, nil)
    }

    /// The web session whose cookie holds `id`.
    ///
    /// - Throws: a 401 ``APIProblem`` when it is unknown, ended, or its token no longer usable.
    static func webSession(_ id: String, in storage: any AccountHolding) throws(APIProblem) -> WebSession {
        try refusing { try storage.accessTokens { try $0.webSession(id) } }
    }

    /// Refuses a request whose `Origin` is not one of `origins`, compared by scheme, host and port (the
    /// request's `Host` plays no part: the client writes it). A browser sends `Origin` with every cross-origin
    /// request, so a page elsewhere, of another scheme (`evil://HOST:PORT`) or reaching the server under another
    /// name cannot pass for this one.
    static func checkOrigin(of request: HTTPRequest, in origins: WebOrigins) throws(APIProblem) {
        guard let origin = request.headers[.origin] else { return }
        guard let named = WebOrigins.origin(origin), origins.contains(named) else { throw .crossOrigin(origin) }
    }

    private static func refusing<T>(_ body: () throws -> T) throws(APIProblem) -> T {
        do {
            return try body()
        } catch let error as AccessTokenError {
            throw .refused(error)
        } catch {
            throw APIProblem(error)
        }
    }
}
