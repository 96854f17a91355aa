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
    /// No web session has this id: it was never started here, it was signed out, or its token was removed.
    case unknownSession
    /// The web session ended at the date given.
    case sessionExpired(at: Date)

    /// A sentence saying what is wrong; it never holds the token.
    package var description: String {
        switch self {
        case .malformed: "the token is not of the form cat_ followed by 64 lowercase hex digits"
        case .unknown: "the token is not known: it was never created for this catalog, or its user was removed"
        case .expired(let date): "the token expired at \(date.formatted(.iso8601))"
        case .revoked(let date): "the token was revoked at \(date.formatted(.iso8601))"
        case .noSuchToken(let id): "no access token has id \(id)"
        case .noSuchUser(let name): "no user is named '\(name)'"
        case .unknownSession: "the sign-in session is not known: it was signed out, or never started here"
        case .sessionExpired(let date): "the sign-in session ended at \(date.formatted(.iso8601))"
        }
    }
}

extension AccessTokenError: LocalizedError {
    package var errorDescription: String? { description }
}
