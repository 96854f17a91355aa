internal import CSQLite
import Foundation

/// How a connection waits for another connection's lock: SQLite's busy handler
/// (https://sqlite.org/c3ref/busy_handler.html) sleeping as SQLite's own busy timeout does, up to an optional limit,
/// and telling an observer how long it has waited.
final class BusyHandler {
    private let timeout: Duration?
    private let observer: (@Sendable (Duration) -> Void)?
    private var waitStart = ContinuousClock.now
    private var lastReport = ContinuousClock.now

    /// SQLite's own schedule: short sleeps first, since most locks are held for a moment, then 100 ms at a time.
    private static let delays: [Duration] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100].map { .milliseconds($0) }

    init(timeout: Duration?, observer: (@Sendable (Duration) -> Void)?) {
        self.timeout = timeout
        self.observer = observer
    }

    /// Makes this handler `handle`'s. The connection must keep the handler alive, and remove it with ``remove(from:)``
    /// before releasing it.
    func install(on handle: OpaquePointer) {
        sqlite3_busy_handler(
            handle,
            { context, attempt in
                guard let context else { return 0 }
                let handler = Unmanaged<BusyHandler>.fromOpaque(context).takeUnretainedValue()
                return handler.retries(afterAttempt: Int(attempt)) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Takes the handler away from `handle`, which SQLite may keep open after the connection is released (a
    /// statement still alive defers the close).
    static func remove(from handle: OpaquePointer) {
        sqlite3_busy_handler(handle, nil, nil)
    }

    /// Whether to try again after the lock was found taken for the `attempt`th time in this wait (from 0), after
    /// sleeping a while; `false` once the timeout has passed.
    private func retries(afterAttempt attempt: Int) -> Bool {
        let now = ContinuousClock.now
        if attempt == 0 {
            waitStart = now
            lastReport = now
            observer?(.zero)
        } else if now - lastReport >= .seconds(1) {
            lastReport = now
            observer?(now - waitStart)
        }
        var delay = Self.delays[min(attempt, Self.delays.count - 1)]
        if let timeout {
            let left = timeout - (now - waitStart)
            guard left > .zero else { return false }
            delay = min(delay, left)
        }
        usleep(UInt32(delay / .microseconds(1)))
        return true
    }
}

// Used on its connection's thread only.
@available(*, unavailable)
extension BusyHandler: Sendable {}
