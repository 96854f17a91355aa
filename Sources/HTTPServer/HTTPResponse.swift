public import Foundation

/// The answer to one request: status code, header fields and body bytes (or a part of a file).
public struct HTTPResponse: Sendable, Equatable {
    /// The status, e.g. 200.
    public var status: HTTPStatus
    /// Header fields in the order they are sent.
    public var headers: HTTPFields
    /// The body bytes, unless ``file`` is set.
    public var body: Data
    /// The body as part of a file, sent from the file instead of ``body``.
    public var file: FileBody?
    /// The user the request authenticated as, for the access log (the Common Log Format's `authuser`); not sent.
    public var remoteUser: String?

    /// A response with the given status, headers and body.
    public init(status: HTTPStatus, headers: HTTPFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8, with its `Content-Type`.
    public init(status: HTTPStatus, contentType: String, text: String, headers: HTTPFields = [:]) {
        self.init(status: status, headers: [(.contentType, contentType)] + headers, body: Data(text.utf8))
    }

    /// A response whose body is sent from part of a file.
    public init(status: HTTPStatus, headers: HTTPFields = [:], file: FileBody) {
        self.init(status: status, headers: headers)
        self.file = file
    }

    /// The number of body bytes sent.
    public var contentLength: UInt64 {
        file?.length ?? UInt64(body.count)
    }

    /// The value of the first header field called `name` (compared without case), or `nil`.
    public func header(_ name: HTTPFieldName) -> String? {
        headers.values(name).first
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.file == rhs.file && lhs.headers == rhs.headers
    }
}
