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
/// When the client closes its connection while it waits, the server abandons the response (``isAbandoned``): it is
/// completed then with a 499 (nginx's "client closed request", for the access log), the connection is closed, and
/// whatever waits on the handler's side should stop.
public final class DeferredResponse: @unchecked Sendable {
    // Invariant: `response`, `resume`, `user`, `abandoned` and `completion` are only read or written while `lock`
    // is held.
    private let lock = NSLock()
    private var response: HTTPResponse?
    private var resume: (@Sendable () -> Void)?
    private var user: String?
    private var abandoned = false
    private var completion: [@Sendable () -> Void] = []

    /// What an abandoned response is logged as: nginx's 499, "client closed request".
    static let abandonedStatus: HTTPStatus = 499

    /// A response not completed yet.
    public init() {}

    /// Completes the response; later calls do nothing.
    public func complete(with response: HTTPResponse) {
        let (resume, completion): ((@Sendable () -> Void)?, [@Sendable () -> Void]) = lock.withLock {
            guard self.response == nil else { return (nil, []) }
            self.response = response
            defer {
                self.resume = nil
                self.completion = []
            }
            return (self.resume, self.completion)
        }
        for body in completion { body() }
        resume?()
    }

    /// Calls `body` once the response is completed (or abandoned), on the thread that completes it; at once when it
    /// is already. A waiter that holds something for the request (a place in a queue, a count) gives it back here.
    public func whenCompleted(_ body: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            guard response == nil else { return true }
            completion.append(body)
            return false
        }
        if now { body() }
    }

    /// Whether the client went away before the response was completed.
    public var isAbandoned: Bool {
        lock.withLock { abandoned }
    }

    /// The client went away: completes the response with a 499, which is logged and closes the connection.
    func abandon() {
        let completing = lock.withLock {
            guard response == nil else { return false }
            abandoned = true
            return true
        }
        if completing { complete(with: HTTPResponse(status: Self.abandonedStatus, headers: [.connection: "close"])) }
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

    /// The response once completed (``remoteUser`` included), `nil` before: what a caller that answers requests
    /// itself, without a server (a test harness), hands on from ``whenCompleted(_:)``.
    public var completed: HTTPResponse? {
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
