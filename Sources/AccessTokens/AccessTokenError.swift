package import Foundation

/// Why a token was refused, or a token or user could not be found.
package enum AccessTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a token of this program's form (`cat_` and 64 lowercase hex digits).
    case malformed
    /// No stored token has this one's hash: it was never created here, or its user was removed.
    case unknown
    /// The token expired at the date given.
    case expired(at: Date)
    /// The token was revoked at the date given.
    case revoked(at: Date)
    /// No token has the id given.
    case noSuchToken(id: Int64)
    /// No user has the name given.
    case noSuchUser(name: String)

    /// A sentence saying what is wrong; it never holds the token.
    package var description: String {
        switch self {
        case .malformed: "the token is not of the form cat_ followed by 64 lowercase hex digits"
        case .unknown: "the token is not known: it was never created for this catalog, or its user was removed"
        case .expired(let date): "the token expired at \(date.formatted(.iso8601))"
        case .revoked(let date): "the token was revoked at \(date.formatted(.iso8601))"
        case .noSuchToken(let id): "no access token has id \(id)"
        case .noSuchUser(let name): "no user is named '\(name)'"
        }
    }
}

extension AccessTokenError: LocalizedError {
    package var errorDescription: String? { description }
}
