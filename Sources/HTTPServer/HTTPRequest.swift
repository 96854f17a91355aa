public import Foundation

/// One HTTP request as the server received it: method, decoded path, query items, headers and body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. `GET`.
    public var method: HTTPMethod
    /// The path without the query, percent-decoded, e.g. `/v1/books`.
    public var path: String
    /// The query items in the order given, percent-decoded; a name without `=` has a `nil` value.
    public var queryItems: [URLQueryItem]
    /// Every header field in the order received, names lowercased, repeated ones included; looked up by name, a
    /// repeated field gives its last value (the server refuses a request that repeats one of
    /// ``HTTPRefusal/singletonFields``).
    public var headers: HTTPFields
    /// The body bytes (empty for a request without one).
    public var body: Data
    /// The numeric address of the client that sent it (`-` when unknown, as for a request built in a test).
    public var remoteAddress: String

    /// A request; a handler's tests build these directly.
    public init(
        method: HTTPMethod, path: String, queryItems: [URLQueryItem] = [], headers: HTTPFields = [:],
        body: Data = Data(), remoteAddress: String = "-"
    ) {
        self.remoteAddress = remoteAddress
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.queryItems == rhs.queryItems && lhs.body == rhs.body
            && lhs.headers == rhs.headers
    }

    /// The value of the last query item called `name`, or `nil` when absent.
    public func query(_ name: String) -> String? {
        queryItems.last { $0.name == name }.map { $0.value ?? "" }
    }
}
