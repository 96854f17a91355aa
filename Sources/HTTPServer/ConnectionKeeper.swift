import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's open connections, and a thread that keeps them honest: a connection whose request has not arrived
/// whole by its deadline is closed, and a parked request whose client has gone is abandoned so its connection is
/// freed at once rather than when its wait ends.
///
/// libmicrohttpd's own timeout counts idle time, so a client sending a byte now and then holds a connection
/// forever; the deadline here counts from the connection's opening or its previous answer. A parked (suspended)
/// connection is not polled by libmicrohttpd, so the thread watches those sockets itself for the client's
/// end-of-stream. A connection is told closed (``closed(_:)``) before libmicrohttpd closes its socket, and the thread
/// touches a socket only under the lock that `closed` takes, so it never shuts down a socket number the system has
/// given to another connection.
final class ConnectionKeeper: @unchecked Sendable {
    // Invariant: `connections` and `stopped` are only read or written while `lock` is held.

    private struct Connection {
        let socket: Int32
        let address: String
        /// When the request under way must have arrived whole; `nil` while it is handled, parked or answered.
        var deadline: ContinuousClock.Instant?
        /// The parked request's response, while it waits.
        var parked: DeferredResponse?
        /// Whether the keeper shut the socket down already.
        var shutDown = false
    }

    private let lock = NSLock()
    private var connections: [OpaquePointer: Connection] = [:]
    private var stopped = false
    private let requestDeadline: Duration
    private let notice: @Sendable (HTTPServerNotice) -> Void
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the keeper's thread, which looks at the connections every `interval`.
    ///
    /// - Parameters:
    ///   - requestDeadline: how long a request may take to arrive whole.
    ///   - notice: told of each connection the keeper closes.
    init(
        requestDeadline: Duration, interval: Duration = .milliseconds(250),
        notice: @escaping @Sendable (HTTPServerNotice) -> Void
    ) {
        self.requestDeadline = requestDeadline
        self.notice = notice
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                Thread.sleep(forTimeInterval: Self.seconds(interval))
                enforceDeadlines()
                abandonParkedRequestsOfClosedClients()
            }
            finished.signal()
        }
        thread.name = "connection keeper"
        thread.start()
    }

    /// Stops the thread; calling it again does nothing.
    func stop() {
        let stopping = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if stopping { finished.wait() }
    }

    /// A connection opened on `socket` from `address`: its first request must arrive by the deadline.
    func opened(_ connection: OpaquePointer, socket: Int32, address: String) {
        let deadline = ContinuousClock.now + requestDeadline
        lock.withLock { connections[connection] = Connection(socket: socket, address: address, deadline: deadline) }
    }

    /// The connection is closing; the keeper forgets it before its socket is closed.
    func closed(_ connection: OpaquePointer) {
        _ = lock.withLock { connections.removeValue(forKey: connection) }
    }

    /// The client address of an open connection (`-` when unknown).
    func address(of connection: OpaquePointer) -> String {
        lock.withLock { connections[connection]?.address ?? "-" }
    }

    /// The connection's request arrived whole: it has no deadline while it is handled.
    func received(_ connection: OpaquePointer) {
        lock.withLock { connections[connection]?.deadline = nil }
    }

    /// The connection's request is parked until `deferred` is completed.
    func parked(_ connection: OpaquePointer, _ deferred: DeferredResponse) {
        lock.withLock { connections[connection]?.parked = deferred }
    }

    /// The connection's request was answered (or ended): the next one must arrive by the deadline.
    func answered(_ connection: OpaquePointer) {
        let deadline = ContinuousClock.now + requestDeadline
        lock.withLock {
            connections[connection]?.parked = nil
            connections[connection]?.deadline = deadline
        }
    }

    /// Shuts down the sockets of connections past their deadline; libmicrohttpd then sees the end of the stream and
    /// closes the connection itself.
    private func enforceDeadlines() {
        let now = ContinuousClock.now
        let late: [String] = lock.withLock {
            var late: [String] = []
            for (key, connection) in connections where !connection.shutDown {
                guard let deadline = connection.deadline, deadline <= now else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                connections[key]?.shutDown = true
                late.append(connection.address)
            }
            return late
        }
        let seconds = requestDeadline.components.seconds
        for address in late {
            notice(
                HTTPServerNotice(
                    kind: .requestTooSlow, address: address,
                    detail: "closed a connection whose request did not arrive whole within \(seconds) s"))
        }
    }

    /// Abandons the parked requests whose client closed its end of the connection.
    private func abandonParkedRequestsOfClosedClients() {
        let parked: [(socket: Int32, deferred: DeferredResponse)] = lock.withLock {
            connections.values.compactMap { connection in connection.parked.map { (connection.socket, $0) } }
        }
        guard !parked.isEmpty else { return }
        var sockets = parked.map { pollfd(fd: $0.socket, events: Self.hangUpEvents, revents: 0) }
        guard poll(&sockets, nfds_t(sockets.count), 0) > 0 else { return }
        // A socket number reused since the list was taken can only abandon a response that is complete already.
        for (socket, request) in zip(sockets, parked) where socket.revents & Self.hangUpEvents != 0 {
            request.deferred.abandon()
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The client closed its end, or the connection failed. Linux's POLLRDHUP (0x2000, which Glibc's module leaves
    /// out) is the one a client's close sets while the socket is still open for writing.
    #if os(Linux)
        private static let hangUpEvents = Int16(0x2000 | POLLHUP | POLLERR)
    #else
        private static let hangUpEvents = Int16(POLLHUP | POLLERR)
    #endif
}

/// Something the server did to a connection on its own, or a message of libmicrohttpd's, for its operator's log.
public struct HTTPServerNotice: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable {
        /// A connection was closed because its request did not arrive whole by the deadline.
        case requestTooSlow = "request-too-slow"
        /// libmicrohttpd refused or closed a connection itself (a full connection table, a request it answered on its
        /// own such as a 431, a TLS handshake that failed), in its own words.
        case library
    }

    /// What happened.
    public var kind: Kind
    /// The client's address, when known.
    public var address: String?
    /// What happened, in a sentence.
    public var detail: String

    /// A notice.
    public init(kind: Kind, address: String?, detail: String) {
        self.kind = kind
        self.address = address
        self.detail = detail
    }
}
