/// A response's status code, with its reason phrase.
///
/// A literal is a status (`HTTPStatus = 404`), and statuses compare as their codes do (`status >= 400`).
public struct HTTPStatus: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The three-digit code, e.g. 404.
    public var code: Int

    /// The status of `code`.
    public init(code: Int) {
        self.code = code
    }

    /// The status of `rawValue`, its code.
    public init(rawValue: Int) {
        self.init(code: rawValue)
    }

    /// The status of a literal code, e.g. `404`.
    public init(integerLiteral value: Int) {
        self.init(code: value)
    }

    /// The code.
    public var rawValue: Int { code }

    /// The code in decimal, as it is written in a status line.
    public var description: String { String(code) }

    public static func < (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code < rhs.code }

    /// The reason phrase (RFC 9110) of the statuses this package answers with; `Internal Server Error` for
    /// another 5xx and `Error` for any other code.
    public var reasonPhrase: String {
        switch code {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 304: "Not Modified"
        case 308: "Permanent Redirect"
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
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: code >= 500 ? "Internal Server Error" : "Error"
        }
    }

    /// 200 OK.
    public static let ok: HTTPStatus = 200
    /// 201 Created.
    public static let created: HTTPStatus = 201
    /// 204 No Content.
    public static let noContent: HTTPStatus = 204
    /// 206 Partial Content.
    public static let partialContent: HTTPStatus = 206
    /// 304 Not Modified.
    public static let notModified: HTTPStatus = 304
    /// 308 Permanent Redirect.
    public static let permanentRedirect: HTTPStatus = 308
    /// 400 Bad Request.
    public static let badRequest: HTTPStatus = 400
    /// 401 Unauthorized.
    public static let unauthorized: HTTPStatus = 401
    /// 403 Forbidden.
    public static let forbidden: HTTPStatus = 403
    /// 404 Not Found.
    public static let notFound: HTTPStatus = 404
    /// 405 Method Not Allowed.
    public static let methodNotAllowed: HTTPStatus = 405
    /// 409 Conflict.
    public static let conflict: HTTPStatus = 409
    /// 410 Gone.
    public static let gone: HTTPStatus = 410
    /// 412 Precondition Failed.
    public static let preconditionFailed: HTTPStatus = 412
    /// 413 Content Too Large.
    public static let contentTooLarge: HTTPStatus = 413
    /// 414 URI Too Long.
    public static let uriTooLong: HTTPStatus = 414
    /// 416 Range Not Satisfiable.
    public static let rangeNotSatisfiable: HTTPStatus = 416
    /// 422 Unprocessable Content.
    public static let unprocessableContent: HTTPStatus = 422
    /// 428 Precondition Required.
    public static let preconditionRequired: HTTPStatus = 428
    /// 429 Too Many Requests.
    public static let tooManyRequests: HTTPStatus = 429
    /// 431 Request Header Fields Too Large.
    public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
    /// 500 Internal Server Error.
    public static let internalServerError: HTTPStatus = 500
    /// 501 Not Implemented.
    public static let notImplemented: HTTPStatus = 501
    /// 503 Service Unavailable.
    public static let serviceUnavailable: HTTPStatus = 503
}
