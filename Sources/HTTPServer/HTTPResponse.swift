public import Foundation

/// The answer to one request: status code, header fields and body bytes (or a part of a file).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body bytes, unless ``file`` is set.
    public var body: Data
    /// The body as part of a file, sent from the file instead of ``body``.
    public var file: FileBody?
    /// The user the request authenticated as, for the access log (the Common Log Format's `authuser`); not sent.
    public var remoteUser: String?

    /// A response with the given status, headers and body.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text` in UTF-8, with its `Content-Type`.
    public init(status: Int, contentType: String, text: String, headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: Data(text.utf8))
    }

    /// A response whose body is sent from part of a file.
    public init(status: Int, headers: [(name: String, value: String)] = [], file: FileBody) {
        self.init(status: status, headers: headers)
        self.file = file
    }

    /// The number of body bytes sent.
    public var contentLength: UInt64 {
        file?.length ?? UInt64(body.count)
    }

    /// The value of the first header field called `name` (compared without case), or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.file == rhs.file
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}
