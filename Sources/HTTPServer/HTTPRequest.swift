public import Foundation

/// One HTTP request as the server received it: method, decoded path, query items, headers and body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The path without the query, percent-decoded, e.g. `/v1/books`.
    public var path: String
    /// The query items in the order given, percent-decoded; a name without `=` has a `nil` value.
    public var queryItems: [URLQueryItem]
    /// The header fields, names lowercased; a repeated field keeps its last value (the server refuses a request
    /// that repeats one of ``HTTPRefusal/singletonFields``; ``fields`` holds every one).
    public var headers: [String: String]
    /// Every header field in the order received, names lowercased, repeated ones included.
    public var fields: [(name: String, value: String)]
    /// The body bytes (empty for a request without one).
    public var body: Data
    /// The numeric address of the client that sent it (`-` when unknown, as for a request built in a test).
    public var remoteAddress: String

    /// A request; a handler's tests build these directly.
    public init(
        method: String, path: String, queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data = Data(), remoteAddress: String = "-"
    ) {
        self.init(
            method: method, path: path, queryItems: queryItems,
            fields: headers.sorted { $0.key < $1.key }.map { (name: $0.key.lowercased(), value: $0.value) }, body: body,
            remoteAddress: remoteAddress)
    }

    /// A request with the header `fields` in the order received (names lowercased).
    public init(
        method: String, path: String, queryItems: [URLQueryItem], fields: [(name: String, value: String)],
        body: Data = Data(), remoteAddress: String = "-"
    ) {
        self.remoteAddress = remoteAddress
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.fields = fields
        self.headers = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.queryItems == rhs.queryItems && lhs.body == rhs.body
            && lhs.fields.map { [$0.name, $0.value] } == rhs.fields.map { [$0.name, $0.value] }
    }

    /// The value of the last query item called `name`, or `nil` when absent.
    public func query(_ name: String) -> String? {
        queryItems.last { $0.name == name }.map { $0.value ?? "" }
    }
}
