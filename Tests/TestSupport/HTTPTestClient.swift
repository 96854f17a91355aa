public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking HTTP client for tests, on URLSession: one ephemeral session per request.
public enum HTTPTestClient {
    /// What a server answered.
    public struct Answer: Sendable {
        public var status: Int
        /// Header fields, names lowercased.
        public var headers: [String: String]
        public var body: Data
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
        /// The header field `name` (any case), or `nil`.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }

        /// An answer with `status`, `headers` (names lowercased) and `body`.
        public init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// A request under way; ``wait()`` blocks until it is answered.
    public final class Pending: @unchecked Sendable {
        // Invariant: `result` is written once by the session's callback before `done` is signalled.
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<Answer, any Error>?

        /// A request not answered yet; a harness that answers requests in process finishes it itself.
        public init() {}

        /// Gives the answer (or the failure) to those waiting; call it once.
        public func finish(_ result: Result<Answer, any Error>) {
            self.result = result
            done.signal()
        }

        /// Waits for the answer.
        ///
        /// - Throws: the session's error (connection refused or closed, bad response).
        public func wait() throws -> Answer {
            done.wait()
            return try answer()
        }

        /// Waits for the answer at most `timeout`: a long-poll asked to wait longer than that must be woken by
        /// what the test does, not answered because its own time ran out.
        ///
        /// - Throws: ``NotAnswered`` when `timeout` passes first; the session's error otherwise.
        public func wait(upTo timeout: Duration) throws -> Answer {
            guard done.wait(timeout: .now() + timeout / .seconds(1)) == .success else {
                throw NotAnswered(timeout: timeout)
            }
            return try answer()
        }

        /// Whether the answer comes within `timeout`; a request still unanswered then stays pending, and ``wait()``
        /// still gets its answer either way. A long-poll not answered after a short while is parked: a server that
        /// did not hold it would have answered at once.
        public func isAnswered(within timeout: Duration) -> Bool {
            guard done.wait(timeout: .now() + timeout / .seconds(1)) == .success else { return false }
            done.signal()
            return true
        }

        /// The answer, once `done` is signalled.
        private func answer() throws -> Answer {
            guard let result else { throw URLError(.unknown) }
            return try result.get()
        }
    }

    /// A request was not answered in the time the test gave it.
    public struct NotAnswered: Error, CustomStringConvertible {
        public let timeout: Duration
        public var description: String { "no answer within \(timeout)" }
    }

    /// Sends a request without waiting for the answer.
    public static func start(
        _ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) -> Pending {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let pending = Pending()
        let session = URLSession(configuration: .ephemeral)
        session.dataTask(with: request) { data, response, error in
            if let error {
                pending.finish(.failure(error))
            } else if let response = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    fields["\(name)".lowercased()] = "\(value)"
                }
                pending.finish(.success(Answer(status: response.statusCode, headers: fields, body: data ?? Data())))
            } else {
                pending.finish(.failure(URLError(.badServerResponse)))
            }
            session.finishTasksAndInvalidate()
        }.resume()
        return pending
    }

    /// Sends a request and waits for the answer.
    public static func fetch(
        _ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) throws -> Answer {
        try start(url, method: method, headers: headers, body: body).wait()
    }
}
