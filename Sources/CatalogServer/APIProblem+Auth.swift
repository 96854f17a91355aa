package import AccessTokens
import Foundation
import HTTPServer

extension APIProblem {
    /// 401 `missing-token`: the request has no `Authorization` header.
    package static let missingToken = APIProblem(
        status: .unauthorized, code: .missingToken,
        detail: "this endpoint needs a bearer token: send 'Authorization: Bearer TOKEN' with a token from "
            + "'catalog tokens create --user NAME'",
        challenge: #"Bearer realm="catalog""#)

    /// 401 for a token that is malformed, unknown, expired or revoked: `malformed-token`, `unknown-token`,
    /// `expired-token`, `revoked-token`; for a web session that is unknown or ended: `unknown-session`,
    /// `expired-session`. The detail never holds the token.
    package static func refused(_ error: AccessTokenError) -> APIProblem {
        let code: ProblemCode
        let remedy: String
        switch error {
        case .malformed:
            code = .malformedToken
            remedy = "send 'Authorization: Bearer TOKEN' with the token exactly as 'catalog tokens create' printed it"
        case .unknown:
            code = .unknownToken
            remedy = "create a token with 'catalog tokens create --user NAME'"
        case .expired:
            code = .expiredToken
            remedy = "create a new one with 'catalog tokens create --user NAME'"
        case .revoked:
            code = .revokedToken
            remedy = "create a new one with 'catalog tokens create --user NAME'"
        case .noSuchToken, .noSuchUser:
            code = .unknownToken
            remedy = "create a token with 'catalog tokens create --user NAME'"
        case .unknownSession:
            code = .unknownSession
            remedy = "sign in again with a token (POST /v1/web/session)"
        case .sessionExpired:
            code = .expiredSession
            remedy = "sign in again with a token (POST /v1/web/session)"
        }
        return APIProblem(
            status: .unauthorized, code: code, detail: "\(error); \(remedy)",
            challenge: #"Bearer realm="catalog", error="invalid_token""#)
    }

    /// 403 `missing-csrf-token`: a request authenticated by a session cookie would change state without the
    /// session's `X-CSRF-Token`.
    static let missingCSRFToken = APIProblem(
        status: .forbidden, code: .missingCSRFToken,
        detail: "a request signed in by a session cookie that changes state needs the header X-CSRF-Token with the "
            + "session's csrfToken (GET /v1/web/session answers it)")

    /// 403 `wrong-csrf-token`: the `X-CSRF-Token` of a cookie request is not its session's.
    static let wrongCSRFToken = APIProblem(
        status: .forbidden, code: .wrongCSRFToken,
        detail: "X-CSRF-Token is not this session's csrfToken; GET /v1/web/session for the current one")

    /// 403 `cross-origin`: a request signed in by a cookie, or a sign-in, sent by a page of another site.
    static func crossOrigin(_ origin: String) -> APIProblem {
        APIProblem(
            status: .forbidden, code: .crossOrigin,
            detail: "the request comes from a page of \(origin), not of this server; only this server's own page may "
                + "use its session cookie")
    }

    /// 403 `insufficient-scope`: the token is valid but does not allow the request.
    static func insufficientScope(_ scope: AccessScope, needed: AccessScope, for request: HTTPRequest) -> APIProblem {
        let enough = AccessScope.allCases.filter { $0.allows(needed) }.map(\.rawValue).joined(separator: " or ")
        return APIProblem(
            status: .forbidden, code: .insufficientScope,
            detail: "\(request.method) \(request.path) needs a token of scope \(enough); this one's scope is "
                + "\(scope.rawValue): create one with 'catalog tokens create --user NAME --scope \(needed.rawValue)'",
            challenge: #"Bearer realm="catalog", error="insufficient_scope", scope="\#(needed.rawValue)""#)
    }
}
