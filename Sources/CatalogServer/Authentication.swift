import AccessTokens
import Foundation
import HTTPServer
import SQLiteDB

/// Who sent a request: the bearer token of its `Authorization` header, checked against the stored hashes.
enum Authentication {
    /// The caller `request`'s token stands for.
    ///
    /// - Throws: a 401 ``APIProblem`` for a missing, malformed, unknown, expired or revoked token.
    static func caller(of request: HTTPRequest, in pool: DatabasePool) throws(APIProblem) -> Caller {
        guard let field = request.headers["authorization"] else { throw .missingToken }
        // RFC 6750: the scheme is case-insensitive, then one or more spaces, then the token.
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .refused(.malformed) }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        do {
            return try AccessTokenStore(pool).authenticate(token)
        } catch let error as AccessTokenError {
            throw .refused(error)
        } catch {
            throw APIProblem(error)
        }
    }
}
