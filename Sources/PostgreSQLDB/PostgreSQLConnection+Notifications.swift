internal import CLibPQ
import Foundation

/// A notification sent with `NOTIFY` (or `pg_notify`) on a channel this connection listens to.
public struct PostgreSQLNotification: Sendable, Hashable {
    /// The channel's name.
    public let channel: String
    /// The text sent with it (empty when none).
    public let payload: String
    /// The server process of the connection that sent it.
    public let senderProcessID: Int32
}

extension PostgreSQLConnection {
    /// Starts listening on `channel`: notifications sent on it from now on are kept for
    /// ``nextNotification(timeout:)``. Inside a transaction it takes effect at commit.
    public func listen(_ channel: String) throws {
        try execute("LISTEN \(Self.quotedIdentifier(channel))")
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) throws {
        try execute("UNLISTEN \(Self.quotedIdentifier(channel))")
    }

    /// Sends `payload` on `channel` to every connection listening to it; inside a transaction it is delivered
    /// when the transaction commits, and not at all when it rolls back.
    public func notify(_ channel: String, payload: String = "") throws {
        try execute("SELECT pg_notify($1, $2)", [channel, payload])
    }

    /// The next notification on a channel this connection listens to, waiting for one at most `timeout`.
    ///
    /// It waits on the connection's socket (`poll`), so a waiting thread uses no CPU and wakes as soon as the
    /// server sends one.
    ///
    /// - Returns: the notification, or `nil` when none came within `timeout`.
    /// - Throws: ``PostgreSQLError`` of kind ``PostgreSQLError/Kind/notification`` when the connection is lost.
    public func nextNotification(timeout: Duration) throws -> PostgreSQLNotification? {
        let deadline = ContinuousClock.now + timeout
        while true {
            guard clibpq_consumeInput(handle) == 1 else { throw failure(.notification) }
            if let notification = takeNotification() { return notification }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            let milliseconds =
                remaining.components.seconds * 1000
                + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            let socket = clibpq_socket(handle)
            guard socket >= 0 else { throw failure(.notification) }
            let ready = clibpq_wait_readable(socket, Int32(clamping: milliseconds))
            if ready < 0 && errno != EINTR {
                throw PostgreSQLError(
                    kind: .notification, message: "waiting on the connection's socket failed (errno \(errno))",
                    target: target)
            }
        }
    }

    private func takeNotification() -> PostgreSQLNotification? {
        guard let raw = clibpq_notifies(handle) else { return nil }
        defer { clibpq_freemem(raw) }
        let notice = raw.pointee
        return PostgreSQLNotification(
            channel: String(cString: notice.relname), payload: notice.extra.map { String(cString: $0) } ?? "",
            senderProcessID: notice.be_pid)
    }
}
