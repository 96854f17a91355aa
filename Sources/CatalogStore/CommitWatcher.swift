import Dispatch
import Foundation

/// Wakes long-polls when a transaction commits to a database, from this process or any other.
///
/// One thread asks a ``CommitSignal`` over and over whether something committed, a few milliseconds at a time: on a
/// SQLite file (``init(path:interval:)``) it reads `PRAGMA data_version` on a connection of its own, whose value
/// changes whenever another connection (of any process) commits; on PostgreSQL it listens for the notification
/// every catalog or navigation transaction sends at commit. Waiters hold no thread: each gives a callback, run on a
/// dispatch queue when a commit happens after its token, when its deadline passes, or when the watcher stops.
///
/// A waiter takes ``token`` before it checks its condition (say, "the log has a change after N"), and waits
/// after that token if the condition does not hold, so a commit between the check and the wait is not missed;
/// woken, it checks again, since the commit may be of something else.
///
/// The thread runs until ``stop()``, which its owner must call (the thread holds the watcher until then).
package final class CommitWatcher: @unchecked Sendable {
    // Invariant: `generation`, `waiters` and `stopped` are only read or written while `lock` is held; the
    // signal is used by the watcher thread alone.

    /// The commits seen so far; later tokens compare greater.
    package struct Token: Sendable, Comparable {
        fileprivate let generation: UInt64

        package static func < (lhs: Token, rhs: Token) -> Bool { lhs.generation < rhs.generation }
    }

    /// Why a waiter was called.
    package enum Wake: Sendable, Equatable {
        /// A transaction committed after the waiter's token.
        case committed
        /// The deadline passed first.
        case timedOut
        /// The watcher stopped (the server is stopping): answer now.
        case stopping
    }

    private struct Waiter {
        let after: UInt64
        let deadline: ContinuousClock.Instant
        let then: @Sendable (Wake) -> Void
    }

    /// Hands the signal to the watcher thread, which alone uses it from then on.
    private struct Handoff: @unchecked Sendable {
        let signal: any CommitSignal
    }

    private let lock = NSLock()
    private var generation: UInt64 = 0
    private var waiters: [Waiter] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching the SQLite database at `path` (through a ``SQLiteCommitSignal``).
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - interval: how often the thread looks for a commit.
    /// - Throws: `DatabaseError` when the file cannot be opened.
    package convenience init(path: String, interval: Duration = .milliseconds(10)) throws {
        self.init(signal: try SQLiteCommitSignal(path: path), interval: interval)
    }

    /// Starts watching what `signal` watches; the watcher's thread alone uses `signal` from then on, and closes it
    /// when the watcher stops.
    ///
    /// - Parameters:
    ///   - signal: says whether a transaction committed.
    ///   - interval: the longest the thread waits on `signal` at a time: waiters' deadlines are checked that often.
    package init(signal: sending any CommitSignal, interval: Duration = .milliseconds(10)) {
        let handoff = Handoff(signal: signal)
        let thread = Thread { [self] in watch(handoff.signal, every: interval) }
        thread.name = "commit watcher"
        thread.start()
    }

    /// The commits seen so far; take it before checking the condition you would wait for.
    package var token: Token {
        lock.withLock { Token(generation: generation) }
    }

    /// Calls `then` once, on a dispatch queue: when a commit happens after `token` (at once if one did already),
    /// when `deadline` passes, or when the watcher stops (at once if it has).
    package func waitForCommit(
        after token: Token, until deadline: ContinuousClock.Instant, then: @escaping @Sendable (Wake) -> Void
    ) {
        let wake: Wake? = lock.withLock {
            if stopped { return .stopping }
            if generation > token.generation { return .committed }
            waiters.append(Waiter(after: token.generation, deadline: deadline, then: then))
            return nil
        }
        if let wake { DispatchQueue.global().async { then(wake) } }
    }

    /// Wakes every waiter with ``Wake/stopping`` (and any later one at once), stops the thread and closes its
    /// connection. Calling it again does nothing.
    package func stop() {
        let woken: [Waiter]? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            defer { waiters = [] }
            return waiters
        }
        guard let woken else { return }
        for waiter in woken { waiter.then(.stopping) }
        finished.wait()
    }

    private func watch(_ signal: any CommitSignal, every interval: Duration) {
        while !lock.withLock({ stopped }) {
            wakeWaiters(committed: signal.waitForCommit(upTo: interval))
        }
        signal.close()
        finished.signal()
    }

    /// Counts a commit when there was one, and calls the waiters it or their deadline wakes.
    private func wakeWaiters(committed: Bool) {
        let clock = ContinuousClock.now
        let woken: [(Waiter, Wake)] = lock.withLock {
            if committed { generation += 1 }
            var woken: [(Waiter, Wake)] = []
            waiters.removeAll { waiter in
                if waiter.after < generation {
                    woken.append((waiter, .committed))
                } else if waiter.deadline <= clock {
                    woken.append((waiter, .timedOut))
                } else {
                    return false
                }
                return true
            }
            return woken
        }
        for (waiter, wake) in woken {
            DispatchQueue.global().async { waiter.then(wake) }
        }
    }
}
