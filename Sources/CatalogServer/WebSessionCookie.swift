import Foundation
import HTTPServer

/// The cookie that carries a web session's id: `HttpOnly` (the page's scripts never see it), `SameSite=Strict`
/// (other sites' pages never send it), on the whole site, `Secure` when the server speaks HTTPS.
package enum WebSessionCookie {
    /// The cookie's name.
    package static let name = "catalog_session"

    /// The session id `request`'s `Cookie` header carries, or `nil`.
    static func sessionID(in request: HTTPRequest) -> String? {
        guard let field = request.headers[.cookie] else { return nil }
        for pair in field.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The `Set-Cookie` value that stores `id` for `maxAge` seconds (0 removes the cookie).
    package static func setCookie(_ id: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(id); Max-Age=\(max(0, maxAge)); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
