package import CatalogStore
import Dispatch
import Foundation
package import Navigation

/// The scene long-polls waiting, filed by user, and the one reader that wakes them: after each commit it asks the
/// database's record of scene changes (``SceneChanges``) which users' scenes changed, and wakes those users'
/// waiters alone. The others stay parked: a commit costs one read however many wait, not one per waiter.
///
/// The record is per user because a scene's revision can follow another scene of its user (a scene without a row
/// shows the most recently used one), and it is kept by the database, so the commits of other processes on it (`catalog
/// nav`, another server) wake the right waiters too. When the record cannot say (it could not be read, or it stands
/// before where it was read last: the database was replaced), every waiter is woken to look for itself.
///
/// A waiter takes ``position`` before it reads what it waits on (a scene's revision), and waits after it: a change
/// of its user delivered between the two wakes it at once, so none is missed. Each waiter's deadline is a timer of
/// its own; ``CommitWatcher/stop()`` of the watcher answers every waiter at once.
package final class SceneWaiters: @unchecked Sendable {
    // Invariant: everything below `lock` is only read or written while `lock` is held; `read` is only called by the
    // one listener the watcher wakes at a time.

    /// How far changes have been delivered to the waiters; later positions compare greater.
    package struct Position: Sendable {
        fileprivate let round: UInt64
    }

    private struct Waiter {
        let then: @Sendable (CommitWatcher.Wake) -> Void
        /// Answers the waiter at its deadline; cancelled when it is woken before.
        let expiry: DispatchWorkItem
    }

    /// How long the listener waits on the watcher at a time when nothing commits (it then just waits again).
    private static let idle = Duration.seconds(3600)

    private let watcher: CommitWatcher
    private let read: @Sendable (_ after: Int64?) throws -> SceneChanges
    private let lock = NSLock()
    /// Where the record stood at the last read; `nil` until one succeeds.
    private var recordPosition: Int64?
    /// Deliveries that woke someone so far.
    private var round: UInt64 = 0
    /// The round that last woke each user's waiters (one entry per user changed while the server runs).
    private var changedAt: [Int64: UInt64] = [:]
    /// The round that last woke every waiter.
    private var everyoneAt: UInt64 = 0
    private var waiting: [Int64: [UInt64: Waiter]] = [:]
    private var lastID: UInt64 = 0
    private var stopped = false

    /// Starts listening to `watcher`'s commits, reading the record of scene changes with `read` after each one.
    ///
    /// - Parameters:
    ///   - watcher: wakes the listener when navigation state commits; its ``CommitWatcher/stop()`` answers every
    ///     waiter with ``CommitWatcher/Wake/stopping``.
    ///   - read: the users whose scenes changed after a position of the record, and where it stands
    ///     (`NavigationStore.sceneChanges(after:)`).
    package init(watcher: CommitWatcher, read: @escaping @Sendable (_ after: Int64?) throws -> SceneChanges) {
        self.watcher = watcher
        self.read = read
        let token = watcher.token
        // A failed first read leaves the position unknown: the first commit then wakes every waiter.
        recordPosition = try? read(nil).position
        listen(after: token)
    }

    /// How far changes have been delivered: take it before reading what you would wait on.
    package var position: Position {
        lock.withLock { Position(round: round) }
    }

    /// The waiters parked for `user` now (for tests).
    package func waiting(user: Int64) -> Int {
        lock.withLock { waiting[user]?.count ?? 0 }
    }

    /// Calls `then` once, on a dispatch queue: ``CommitWatcher/Wake/committed`` when a change of `user`'s scenes is
    /// delivered after `position` (at once if one was already), ``CommitWatcher/Wake/timedOut`` at `deadline`,
    /// ``CommitWatcher/Wake/stopping`` when the watcher stops (at once if it has).
    package func wait(
        for user: Int64, after position: Position, until deadline: ContinuousClock.Instant,
        then: @escaping @Sendable (CommitWatcher.Wake) -> Void
    ) {
        enum Parked {
            case until(DispatchWorkItem)
            case answered(CommitWatcher.Wake)
        }
        let parked: Parked = lock.withLock {
            if stopped { return .answered(.stopping) }
            if max(everyoneAt, changedAt[user] ?? 0) > position.round { return .answered(.committed) }
            lastID += 1
            let id = lastID
            let expiry = DispatchWorkItem { [weak self] in self?.expire(user, id) }
            waiting[user, default: [:]][id] = Waiter(then: then, expiry: expiry)
            return .until(expiry)
        }
        switch parked {
        case .until(let expiry):
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(until: deadline), execute: expiry)
        case .answered(let wake):
            DispatchQueue.global().async { then(wake) }
        }
    }

    /// Waits for the next commit after `token`, delivers its changes, and waits again, until the watcher stops.
    private func listen(after token: CommitWatcher.Token) {
        watcher.waitForCommit(after: token, until: .now + Self.idle) { [self] wake in
            if wake == .stopping { return stop() }
            let next = watcher.token
            if wake == .committed { deliverChanges() }
            listen(after: next)
        }
    }

    /// Reads what changed since the last read and wakes the waiters of those users (all of them when the record
    /// cannot say).
    private func deliverChanges() {
        let since = lock.withLock { recordPosition }
        let users: Set<Int64>?
        let reached: Int64?
        do {
            let changes = try read(since)
            (users, reached) = (since == nil ? nil : changes.users, changes.position)
        } catch {
            (users, reached) = (nil, since)
        }
        let woken: [Waiter] = lock.withLock {
            guard !stopped else { return [] }
            recordPosition = reached
            if users?.isEmpty == true { return [] }
            round += 1
            guard let users else {
                everyoneAt = round
                changedAt = [:]
                defer { waiting = [:] }
                return waiting.values.flatMap(\.values)
            }
            var woken: [Waiter] = []
            for user in users {
                changedAt[user] = round
                if let parked = waiting.removeValue(forKey: user) { woken += parked.values }
            }
            return woken
        }
        for waiter in woken {
            waiter.expiry.cancel()
            let then = waiter.then
            DispatchQueue.global().async { then(.committed) }
        }
    }

    /// Answers the waiter `id` of `user` with ``CommitWatcher/Wake/timedOut``, unless it was answered before.
    private func expire(_ user: Int64, _ id: UInt64) {
        let waiter: Waiter? = lock.withLock {
            guard let waiter = waiting[user]?.removeValue(forKey: id) else { return nil }
            if waiting[user]?.isEmpty == true { waiting[user] = nil }
            return waiter
        }
        waiter?.then(.timedOut)
    }

    /// Answers every waiter with ``CommitWatcher/Wake/stopping``, before the watcher's stop returns, and any later
    /// one at once.
    private func stop() {
        let all: [Waiter] = lock.withLock {
            stopped = true
            defer { waiting = [:] }
            return waiting.values.flatMap(\.values)
        }
        for waiter in all {
            waiter.expiry.cancel()
            waiter.then(.stopping)
        }
    }

    /// The time from now to `deadline`, as Dispatch counts it (none when it has passed).
    private static func interval(until deadline: ContinuousClock.Instant) -> DispatchTimeInterval {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        return .nanoseconds(max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }
}
