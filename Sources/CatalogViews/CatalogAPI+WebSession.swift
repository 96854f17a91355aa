package import Foundation

extension CatalogAPI {
    /// A web page's sign-in session as `POST` and `GET /v1/web/session` answer it: `{"user", "scope", "csrfToken",
    /// "expiresAt"}`. The session id itself is only ever in the cookie.
    ///
    /// - Parameters:
    ///   - user: the name of the user the session acts for.
    ///   - scope: its token's scope.
    ///   - csrfToken: what the page sends back in `X-CSRF-Token` with every request that changes state.
    ///   - expiresAt: when the session ends.
    package static func webSession(user: String, scope: String, csrfToken: String, expiresAt: Date) -> JSONValue {
        [
            "user": .string(user), "scope": .string(scope), "csrfToken": .string(csrfToken),
            "expiresAt": .date(expiresAt),
        ]
    }
}
