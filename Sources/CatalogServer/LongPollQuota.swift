package import AccessTokens
import Foundation
package import HTTPServer
import Navigation

/// How many long-polls may wait at once: a long-poll holds a connection while it waits, so without a bound one token
/// could park enough of them to leave no connection for anyone else.
///
/// A long-poll that would wait is counted against its token, its user, its client's address and the whole server;
/// one over any of those bounds is answered at once, 429 `too-many-long-polls` with `Retry-After`, and the others
/// keep waiting. A long-poll stops counting the moment it is answered (its client gone included).
package final class LongPollQuota: @unchecked Sendable {
    // Invariant: `waiting` is only read or written while `lock` is held.

    /// The bounds.
    package struct Limits: Sendable, Equatable {
        /// Waiting long-polls of one access token.
        package var perToken: Int
        /// Waiting long-polls of one user, whatever their tokens.
        package var perUser: Int
        /// Waiting long-polls from one client address, whoever the users.
        package var perAddress: Int
        /// Waiting long-polls in all: the server's connections less a reserve for requests that answer at once.
        package var total: Int

        /// Bounds; each at least 1.
        package init(perToken: Int, perUser: Int, perAddress: Int, total: Int) {
            self.perToken = max(1, perToken)
            self.perUser = max(1, perUser)
            self.perAddress = max(1, perAddress)
            self.total = max(1, total)
        }

        /// `catalog serve`'s: 16 a token, 32 a user, 128 an address (half its share of connections), and all but a
        /// reserve of 512 of the `connections` the server keeps open.
        package static func standard(connections: Int) -> Limits {
            Limits(perToken: 16, perUser: 32, perAddress: 128, total: connections - 512)
        }
    }

    /// The seconds a refused long-poll is told to wait before it asks again.
    package static let retryAfter = 5

    private enum Key: Hashable {
        case token(Int64)
        case user(Int64)
        case address(String)
        case all
    }

    package let limits: Limits
    private let lock = NSLock()
    private var waiting: [Key: Int] = [:]

    /// A quota with `limits`.
    package init(limits: Limits) {
        self.limits = limits
    }

    /// The long-polls of `key` waiting now (for tests).
    package func waiting(token: Int64) -> Int { lock.withLock { waiting[.token(token)] ?? 0 } }

    /// Counts `deferred`, the response of a long-poll about to wait, for `caller` at `address` until it is
    /// completed.
    ///
    /// - Throws: ``APIProblem`` 429 `too-many-long-polls` (with `Retry-After`) when any bound is reached; nothing
    ///   is counted then.
    package func admit(_ deferred: DeferredResponse, for caller: Caller, from address: String) throws(APIProblem) {
        let keys: [(Key, Int, String)] = [
            (.token(caller.tokenID), limits.perToken, "this token has"),
            (.user(caller.user.id), limits.perUser, "this user's tokens have"),
            (.address(address), limits.perAddress, "this address has"), (.all, limits.total, "all clients have"),
        ]
        let full: (Int, String)? = lock.withLock {
            if let (_, limit, whose) = keys.first(where: { (waiting[$0.0] ?? 0) >= $0.1 }) { return (limit, whose) }
            for (key, _, _) in keys { waiting[key, default: 0] += 1 }
            return nil
        }
        if let (limit, whose) = full {
            throw APIProblem(
                status: .tooManyRequests, code: .tooManyLongPolls,
                detail: "\(whose) \(limit) long-polls waiting already, as many as the server lets wait at once; "
                    + "ask again after \(Self.retryAfter) s (Retry-After), or wait on fewer at a time",
                retryAfter: Self.retryAfter)
        }
        deferred.whenCompleted { [self] in
            lock.withLock {
                for (key, _, _) in keys {
                    waiting[key, default: 1] -= 1
                    if waiting[key] == 0 { waiting[key] = nil }
                }
            }
        }
    }
}
