import Foundation

/// A response a handler completes later, from any thread: a long-poll parks its request with one, and completes
/// it when the awaited event happens or the wait is over.
///
/// ```swift
/// let later = DeferredResponse()
/// DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
///     later.complete(with: HTTPResponse(status: 200, contentType: "text/plain", text: "done\n"))
/// }
/// return .deferred(later)
/// ```
///
/// Only the first completion counts. The server parks the connection until then (libmicrohttpd's
/// suspend/resume), so a waiting request holds no thread; a request that is never completed keeps
/// ``HTTPServer/stop()`` waiting, which is why the server's `stopping` hook must complete every parked request.
public final class DeferredResponse: @unchecked Sendable {
    // Invariant: `response`, `resume` and `user` are only read or written while `lock` is held.
    private let lock = NSLock()
    private var response: HTTPResponse?
    private var resume: (@Sendable () -> Void)?
    private var user: String?

    /// A response not completed yet.
    public init() {}

    /// Completes the response; later calls do nothing.
    public func complete(with response: HTTPResponse) {
        let resume: (@Sendable () -> Void)? = lock.withLock {
            guard self.response == nil else { return nil }
            self.response = response
            defer { self.resume = nil }
            return self.resume
        }
        resume?()
    }

    /// The user the request authenticated as, given to the completed response's ``HTTPResponse/remoteUser``.
    public var remoteUser: String? {
        get { lock.withLock { user } }
        set { lock.withLock { user = newValue } }
    }

    /// Whether ``complete(with:)`` was called.
    public var isCompleted: Bool {
        lock.withLock { response != nil }
    }

    /// The response once completed.
    var completed: HTTPResponse? {
        lock.withLock { attributed(response) }
    }

    /// `response` with the ``remoteUser``, unless it names one itself; call it with `lock` held.
    private func attributed(_ response: HTTPResponse?) -> HTTPResponse? {
        guard var response else { return nil }
        response.remoteUser = response.remoteUser ?? user
        return response
    }

    /// Calls `park` and keeps `resume` to call on completion, unless the response is complete already: then
    /// returns it and calls neither. Both happen under the lock, so a completion cannot slip in between.
    func park(_ park: () -> Void, resume: @escaping @Sendable () -> Void) -> HTTPResponse? {
        lock.withLock {
            if let response { return attributed(response) }
            park()
            self.resume = resume
            return nil
        }
    }
}
