import Catalog
package import CatalogAPI
import CatalogSync
import Foundation
package import HTTPServer
import Navigation
import SQLiteDB

/// An error answer as `application/problem+json` (RFC 9457): `type`, `title` (the status's phrase), `status`,
/// `detail` (what went wrong and what to do) and `code`, a stable name clients branch on.
package struct APIProblem: Error, Sendable, Equatable {
    /// The HTTP status.
    package var status: Int
    /// A stable name: `bad-cursor`, `bad-filter`, `bad-parameter`, `not-found`, `no-route`, `method-not-allowed`,
    /// `rate-limited`, `other-database`, `behind-horizon`, `stopping`, `database-busy`, `internal-error`, and those of ``APIProblem+Auth`` and the
    /// navigation endpoints (`intent-refused`, `route-too-long`, `state-too-large`, …).
    package var code: String
    /// A sentence for people.
    package var detail: String
    /// The `WWW-Authenticate` challenge a 401 or 403 carries.
    package var challenge: String?
    /// The whole seconds a 429 asks the client to wait (`Retry-After`).
    package var retryAfter: Int?

    /// A problem with the given status, code and detail.
    package init(status: Int, code: String, detail: String, challenge: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.detail = detail
        self.challenge = challenge
        self.retryAfter = retryAfter
    }

    /// 429 `rate-limited`: the request's token sent more requests than its rate allows.
    package static func rateLimited(retryAfter seconds: Int) -> APIProblem {
        APIProblem(
            status: 429, code: "rate-limited",
            detail: "this token sent more requests than the server allows; wait \(seconds) s (Retry-After) and "
                + "send fewer requests at once",
            retryAfter: seconds)
    }

    /// `error` as a problem: a thrown ``APIProblem`` as it is, the catalog's own errors as 400 or 404, anything
    /// else as 500 `internal-error`.
    package init(_ error: any Error) {
        switch error {
        case let problem as APIProblem:
            self = problem
        case CatalogError.invalidCursor(let reason):
            self.init(
                status: 400, code: "bad-cursor",
                detail: "invalid cursor: \(reason); pass the 'next' of a page of the same list, or no 'after'")
        case CatalogError.notFound:
            self.init(status: 404, code: "not-found", detail: "\(error.localizedDescription)")
        case SyncError.behindPrunedHorizon(let since, let prunedBefore):
            self.init(
                status: 410, code: "behind-horizon",
                detail: "the changes after \(since) are no longer in the log (pruned before \(prunedBefore)); "
                    + "take a fresh snapshot (GET /v1/snapshot, or catalog snapshot --from URL)")
        case let error as CatalogAPIError:
            self.init(status: 400, code: "bad-filter", detail: "\(error.localizedDescription)")
        case NavigationError.routeTooLong:
            self.init(status: 422, code: "route-too-long", detail: "\(error); the scene is unchanged")
        case NavigationError.stateTooLarge:
            self.init(status: 422, code: "state-too-large", detail: "\(error); the scene is unchanged")
        case let error as NavigationError:
            self.init(status: 422, code: "intent-refused", detail: "\(error); the scene is unchanged")
        case NavigationStoreError.sessionNotFound(let name):
            self.init(
                status: 404, code: "no-such-session",
                detail: "you have no saved session named '\(name)'; GET /v1/me/sessions lists yours")
        case NavigationStoreError.invalidName:
            self.init(status: 400, code: "bad-name", detail: "\(error)")
        case let error as DatabaseError where error.isBusy:
            self.init(
                status: 503, code: "database-busy",
                detail: "another program held the database's lock for longer than this server waits (--wait); "
                    + "send the request again", retryAfter: 1)
        default:
            self.init(status: 500, code: "internal-error", detail: "\(error.localizedDescription)")
        }
    }

    /// A request the HTTP server refused before any handler saw it (its framing, its text, its size), with the
    /// refusal's status, code and detail.
    package init(_ refusal: HTTPRefusal) {
        self.init(status: refusal.status, code: refusal.code, detail: refusal.detail)
    }

    /// The problem as a response.
    package var response: HTTPResponse { response(adding: [:]) }

    /// The problem as a response whose body also holds `members` (RFC 9457 extension members, e.g. the current state
    /// a 412 was refused against).
    package func response(adding members: [String: JSONValue]) -> HTTPResponse {
        var fields = members
        fields["type"] = "about:blank"
        fields["title"] = .string(HTTPStatus.phrase(status))
        fields["status"] = .int(status)
        fields["detail"] = .string(detail)
        fields["code"] = .string(code)
        let text = JSONText.encode(JSONValue.object(fields))
        let headers = [("WWW-Authenticate", challenge), ("Retry-After", retryAfter.map(String.init))]
            .compactMap { name, value in value.map { (name: name, value: $0) } }
        return HTTPResponse(status: status, contentType: "application/problem+json", text: text, headers: headers)
    }
}

/// The reason phrases of the statuses the API answers with.
enum HTTPStatus {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 503: "Service Unavailable"
        default: status >= 500 ? "Internal Server Error" : "Error"
        }
    }
}
