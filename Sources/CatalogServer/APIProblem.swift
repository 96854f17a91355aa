import Catalog
import CatalogSync
package import CatalogViews
import Foundation
package import HTTPServer
import Navigation
import SQLiteDB

/// An error answer as `application/problem+json` (RFC 9457): `type`, `title` (the status's phrase), `status`,
/// `detail` (what went wrong and what to do) and `code`, a stable name clients branch on.
package struct APIProblem: Error, Sendable, Equatable {
    /// The HTTP status.
    package var status: HTTPStatus
    /// A stable name clients branch on, one of ``ProblemCode``'s (or of the server's own refusals, ``HTTPRefusal``).
    package var code: ProblemCode
    /// A sentence for people.
    package var detail: String
    /// The `WWW-Authenticate` challenge a 401 or 403 carries.
    package var challenge: String?
    /// The whole seconds a 429 asks the client to wait (`Retry-After`).
    package var retryAfter: Int?
    /// Members the body holds beside the standard ones (RFC 9457 extension members): the fields a 422 refused, the
    /// revision a 412 was refused against.
    package var members: [String: JSONValue] = [:]

    /// A problem with the given status, code and detail.
    package init(
        status: HTTPStatus, code: ProblemCode, detail: String, challenge: String? = nil, retryAfter: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.detail = detail
        self.challenge = challenge
        self.retryAfter = retryAfter
    }

    /// 429 `rate-limited`: the request's token sent more requests than its rate allows.
    package static func rateLimited(retryAfter seconds: Int) -> APIProblem {
        APIProblem(
            status: .tooManyRequests, code: .rateLimited,
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
                status: .badRequest, code: .badCursor,
                detail: "invalid cursor: \(reason); pass the 'next' of a page of the same list, or no 'after'")
        case CatalogError.notFound:
            self.init(status: .notFound, code: .notFound, detail: "\(error.localizedDescription)")
        case SyncError.behindPrunedHorizon(let since, let prunedBefore):
            self.init(
                status: .gone, code: .behindHorizon,
                detail: "the changes after \(since) are no longer in the log (pruned before \(prunedBefore)); "
                    + "take a fresh snapshot (GET /v1/snapshot, or catalog snapshot --from URL)")
        case let error as CatalogAPIError:
            self.init(status: .badRequest, code: .badFilter, detail: "\(error.localizedDescription)")
        case NavigationError.routeTooLong:
            self.init(status: .unprocessableContent, code: .routeTooLong, detail: "\(error); the scene is unchanged")
        case NavigationError.stateTooLarge:
            self.init(status: .unprocessableContent, code: .stateTooLarge, detail: "\(error); the scene is unchanged")
        case let error as NavigationError:
            self.init(status: .unprocessableContent, code: .intentRefused, detail: "\(error); the scene is unchanged")
        case NavigationStoreError.sessionNotFound(let name):
            self.init(
                status: .notFound, code: .noSuchSession,
                detail: "you have no saved session named '\(name)'; GET /v1/me/sessions lists yours")
        case NavigationStoreError.invalidName:
            self.init(status: .badRequest, code: .badName, detail: "\(error)")
        case let error as DatabaseError where error.isBusy:
            self.init(
                status: .serviceUnavailable, code: .databaseBusy,
                detail: "another program held the database's lock for longer than this server waits (--wait); "
                    + "send the request again", retryAfter: 1)
        default:
            if let problem = APIProblem(editing: error) {
                self = problem
            } else {
                self.init(
                    status: .internalServerError, code: .internalError, detail: "\(error.localizedDescription)")
            }
        }
    }

    /// A request the HTTP server refused before any handler saw it (its framing, its text, its size), with the
    /// refusal's status, code and detail.
    package init(_ refusal: HTTPRefusal) {
        self.init(status: refusal.status, code: ProblemCode(rawValue: refusal.code.rawValue), detail: refusal.detail)
    }

    /// The problem as a response.
    package var response: HTTPResponse { response(adding: [:]) }

    /// The problem as a response whose body also holds `members` (RFC 9457 extension members, e.g. the current state
    /// a 412 was refused against).
    package func response(adding members: [String: JSONValue]) -> HTTPResponse {
        var fields = self.members.merging(members) { _, added in added }
        fields["type"] = "about:blank"
        fields["title"] = .string(status.reasonPhrase)
        fields["status"] = .int(status.code)
        fields["detail"] = .string(detail)
        fields["code"] = .string(code.rawValue)
        let text = JSONText.encode(JSONValue.object(fields))
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = challenge
        headers[.retryAfter] = retryAfter.map(String.init)
        return HTTPResponse(status: status, contentType: "application/problem+json", text: text, headers: headers)
    }
}
