public import Foundation
import JSONKit

/// A catalog server (`catalog serve`) as a client sees it: its base URL and the bearer token to send.
///
/// ```swift
/// let server = RemoteCatalog(url: URL(string: "http://127.0.0.1:8080")!, token: nil)
/// let info = try server.downloadSnapshot(to: "client.sqlite")
/// try SyncClient(try Database(path: info.path)).sync(from: server.changeFeed(following: info.serverUUID))
/// ```
public struct RemoteCatalog: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    public let url: URL
    /// The bearer token sent with every request, if any.
    public let token: String?

    /// A server at `url`, asked with `token`.
    public init(url: URL, token: String?) {
        self.url = url
        self.token = token
    }

    /// The server's base URL as text, without a trailing slash.
    public var location: String {
        url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
    }

    /// The URL of `path` (from the API root, e.g. `/v1/changes`) with `query`.
    func endpoint(_ path: String, query: [URLQueryItem] = []) throws -> URL {
        guard var components = URLComponents(string: location + path) else {
            throw RemoteError.badAnswer(url: location + path, reason: "not a URL")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let endpoint = components.url else {
            throw RemoteError.badAnswer(url: location + path, reason: "not a URL")
        }
        return endpoint
    }

    /// How many times a request refused with 429 is sent again, each after the `Retry-After` the server gave.
    static let rateLimitRetries = 3
    /// The longest `Retry-After` waited for; a server asking for more is reported instead.
    static let longestRetryAfter: TimeInterval = 30

    /// Sends `GET path` (a POST of `body` when one is given; `method` instead, `PUT` say) and streams the answer's body into `sink`. A `429 Too Many Requests` is asked again after the
    /// server's `Retry-After` (up to ``rateLimitRetries`` times, waits of at most ``longestRetryAfter``): the
    /// refused answer's body is not the sink's, so nothing reached it.
    ///
    /// - Parameter idleTimeout: the longest silence between two pieces of the answer (a long-poll's wait and
    ///   more).
    @discardableResult
    func get(
        _ path: String, query: [URLQueryItem] = [], method: String? = nil, headers: [String: String] = [:],
        posting body: Data? = nil,
        idleTimeout: TimeInterval = 60, onResponse: @escaping (RemoteResponse) throws -> Void = { _ in },
        into sink: @escaping (Data) throws -> Void
    ) throws -> RemoteResponse {
        let url = try endpoint(path, query: query)
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        var retries = 0
        while true {
            do {
                return try Transfer.run(
                    url, method: method, headers: headers, body: body, idleTimeout: idleTimeout,
                    onResponse: onResponse, sink: sink)
            } catch let error as RemoteError {
                guard let wait = error.retryAfter, wait <= Self.longestRetryAfter, retries < Self.rateLimitRetries
                else { throw error }
                retries += 1
                Thread.sleep(forTimeInterval: wait)
            }
        }
    }

    /// The whole body of `GET path`.
    func data(_ path: String, query: [URLQueryItem] = [], idleTimeout: TimeInterval = 60) throws -> Data {
        var body = Data()
        try get(path, query: query, idleTimeout: idleTimeout) { body.append($0) }
        return body
    }

    /// The JSON object of `GET path`.
    func object(_ path: String) throws -> JSONObject {
        let body = try data(path)
        guard let object = try? JSONObject(try JSONReader.document(Array(body))) else {
            throw RemoteError.badAnswer(url: try endpoint(path).absoluteString, reason: "not a JSON object")
        }
        return object
    }

    /// Why libcurl, which requests go through, cannot be loaded on this machine; `nil` when it can.
    ///
    /// The library is loaded at the first request, not when the program starts: a program that never asks a
    /// server runs without it.
    public static var libraryUnavailableReason: String? { Transfer.libraryUnavailableReason }

    /// The server's change feed, for a client that follows the database `databaseUUID` (sent with each read, so
    /// a server of another database refuses it).
    public func changeFeed(following databaseUUID: String?) -> RemoteChangeFeed {
        RemoteChangeFeed(server: self, following: databaseUUID)
    }
}
