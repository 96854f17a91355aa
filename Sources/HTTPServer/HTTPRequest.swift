public import Foundation

/// One HTTP request as the server received it: method, decoded path, query items, headers and body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The path without the query, percent-decoded, e.g. `/v1/books`.
    public var path: String
    /// The query items in the order given, percent-decoded; a name without `=` has a `nil` value.
    public var queryItems: [URLQueryItem]
    /// The header fields, names lowercased; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body bytes (empty for a request without one).
    public var body: Data

    /// A request; a handler's tests build these directly.
    public init(
        method: String, path: String, queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
    }

    /// The value of the last query item called `name`, or `nil` when absent.
    public func query(_ name: String) -> String? {
        queryItems.last { $0.name == name }.map { $0.value ?? "" }
    }
}
