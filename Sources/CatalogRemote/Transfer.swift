import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request on its own URLSession, waited for: the answer's bytes go to a sink as they arrive, so a
/// large body (a snapshot) never sits in memory. URLSession decompresses a gzip body on the way.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Invariant: the fields are written by the session's delegate queue, one callback at a time, and read by the
    // waiting caller only after `done` is signalled.
    private let onResponse: (HTTPURLResponse) throws -> Void
    private let sink: (Data) throws -> Void
    private var response: HTTPURLResponse?
    private var errorBody = Data()
    private var failure: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    private init(onResponse: @escaping (HTTPURLResponse) throws -> Void, sink: @escaping (Data) throws -> Void) {
        self.onResponse = onResponse
        self.sink = sink
    }

    /// Sends `request` and waits for the whole answer. A success status (2xx) calls `onResponse`, then `sink`
    /// with each piece of the body.
    ///
    /// - Parameter idleTimeout: the longest silence between two pieces of the answer.
    /// - Returns: the response.
    /// - Throws: ``RemoteError/unreachable(url:reason:)`` when no whole answer came;
    ///   ``RemoteError/rateLimited(url:retryAfter:detail:)`` for 429, ``RemoteError/problem(url:status:code:detail:)``
    ///   for another error status; what `onResponse` or `sink` threw.
    static func run(
        _ request: URLRequest, idleTimeout: TimeInterval,
        onResponse: @escaping (HTTPURLResponse) throws -> Void = { _ in },
        sink: @escaping (Data) throws -> Void
    ) throws -> HTTPURLResponse {
        let transfer = Transfer(onResponse: onResponse, sink: sink)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
        session.dataTask(with: request).resume()
        transfer.done.wait()
        // The session holds its delegate until it is invalidated.
        session.finishTasksAndInvalidate()
        return try transfer.outcome(for: request.url?.absoluteString ?? "?")
    }

    private func outcome(for url: String) throws -> HTTPURLResponse {
        if let failure {
            guard let error = failure as? URLError else { throw failure }
            throw RemoteError.unreachable(url: url, reason: error.localizedDescription)
        }
        guard let response else { throw RemoteError.unreachable(url: url, reason: "no response") }
        guard (200..<300).contains(response.statusCode) else {
            let problem = (try? JSONSerialization.jsonObject(with: errorBody)) as? [String: Any]
            let detail =
                problem?["detail"] as? String ?? HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
            // Retry-After in seconds (the catalog server's form; an HTTP date is read as 1 s).
            if response.statusCode == 429 {
                let seconds = response.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init) ?? 1
                throw RemoteError.rateLimited(url: url, retryAfter: max(0, seconds), detail: detail)
            }
            throw RemoteError.problem(
                url: url, status: response.statusCode, code: problem?["code"] as? String, detail: detail)
        }
        return response
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        self.response = response as? HTTPURLResponse
        if let response = self.response, (200..<300).contains(response.statusCode) {
            do {
                try onResponse(response)
            } catch {
                failure = error
                return completionHandler(.cancel)
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil else { return }
        guard let response, (200..<300).contains(response.statusCode) else { return errorBody.append(data) }
        do {
            try sink(data)
        } catch {
            failure = error
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if failure == nil { failure = error }
        done.signal()
    }
}
