package import AccessTokens
import Foundation
import HTTPServer

extension APIProblem {
    /// 401 `missing-token`: the request has no `Authorization` header.
    package static let missingToken = APIProblem(
        status: 401, code: "missing-token",
        detail: "this endpoint needs a bearer token: send 'Authorization: Bearer TOKEN' with a token from "
            + "'catalog tokens create --user NAME'",
        challenge: #"Bearer realm="catalog""#)

    /// 401 for a token that is malformed, unknown, expired or revoked: `malformed-token`, `unknown-token`,
    /// `expired-token`, `revoked-token`. The detail never holds the token.
    package static func refused(_ error: AccessTokenError) -> APIProblem {
        let code: String
        let remedy: String
        switch error {
        case .malformed:
            code = "malformed-token"
            remedy = "send 'Authorization: Bearer TOKEN' with the token exactly as 'catalog tokens create' printed it"
        case .unknown:
            code = "unknown-token"
            remedy = "create a token with 'catalog tokens create --user NAME'"
        case .expired:
            code = "expired-token"
            remedy = "create a new one with 'catalog tokens create --user NAME'"
        case .revoked:
            code = "revoked-token"
            remedy = "create a new one with 'catalog tokens create --user NAME'"
        case .noSuchToken, .noSuchUser:
            code = "unknown-token"
            remedy = "create a token with 'catalog tokens create --user NAME'"
        }
        return APIProblem(
            status: 401, code: code, detail: "\(error); \(remedy)",
            challenge: #"Bearer realm="catalog", error="invalid_token""#)
    }

    /// 403 `insufficient-scope`: the token is valid but does not allow the request.
    static func insufficientScope(_ scope: AccessScope, needed: AccessScope, for request: HTTPRequest) -> APIProblem {
        let enough = AccessScope.allCases.filter { $0.allows(needed) }.map(\.rawValue).joined(separator: " or ")
        return APIProblem(
            status: 403, code: "insufficient-scope",
            detail: "\(request.method) \(request.path) needs a token of scope \(enough); this one's scope is "
                + "\(scope.rawValue): create one with 'catalog tokens create --user NAME --scope \(needed.rawValue)'",
            challenge: #"Bearer realm="catalog", error="insufficient_scope", scope="\#(needed.rawValue)""#)
    }
}
