import Foundation

/// A token bucket per key (an access token's id): each request takes one token, buckets refill at
/// ``Rate/requestsPerSecond`` up to ``Rate/burst``; a request finding its bucket empty is refused with the time until
/// a token is back.
///
/// Memory stays bounded: a bucket that has refilled to full is the same as no bucket, so such buckets are dropped
/// whenever the table grows past twice the size it had after the last sweep.
package final class RateLimiter: @unchecked Sendable {
    // Invariant that makes the class Sendable: `buckets` and `sweepAt` are only read or changed under `lock`.

    /// How many requests a key may send: `requestsPerSecond` on average, `burst` at once.
    package struct Rate: Sendable, Equatable {
        package var requestsPerSecond: Double
        package var burst: Int

        /// A rate; `burst` is at least 1.
        package init(requestsPerSecond: Double, burst: Int) {
            self.requestsPerSecond = requestsPerSecond
            self.burst = max(1, burst)
        }

        /// The server's default: 100 requests a second, 200 at once.
        package static let standard = Rate(requestsPerSecond: 100, burst: 200)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// The fewest buckets kept before a sweep drops the full ones.
    private static let smallestSweep = 1024

    package let rate: Rate
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var buckets: [Int64: Bucket] = [:]
    private var sweepAt = RateLimiter.smallestSweep

    /// A limiter at `rate`, reading the time from `now` (a test passes a clock it moves itself).
    package init(rate: Rate, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.rate = rate
        self.now = now
    }

    /// The number of buckets held (for tests of the memory bound).
    package var bucketCount: Int { lock.withLock { buckets.count } }

    /// Takes a token from `key`'s bucket.
    ///
    /// - Returns: `nil` when the request may go ahead; otherwise the whole seconds (at least 1) after which a
    ///   request of `key` will be let through.
    package func admit(_ key: Int64) -> Int? {
        let time = now()
        return lock.withLock {
            var bucket = refilled(buckets[key], at: time)
            defer {
                buckets[key] = bucket
                sweepIfLarge(at: time)
            }
            guard bucket.tokens < 1 else {
                bucket.tokens -= 1
                return nil
            }
            let seconds = (1 - bucket.tokens) / rate.requestsPerSecond
            return max(1, Int(seconds.rounded(.up)))
        }
    }

    private func refilled(_ bucket: Bucket?, at time: ContinuousClock.Instant) -> Bucket {
        guard let bucket else { return Bucket(tokens: Double(rate.burst), updated: time) }
        let elapsed = max(0, Self.seconds(time - bucket.updated))
        return Bucket(tokens: min(Double(rate.burst), bucket.tokens + elapsed * rate.requestsPerSecond), updated: time)
    }

    private func sweepIfLarge(at time: ContinuousClock.Instant) {
        guard buckets.count >= sweepAt else { return }
        let burst = Double(rate.burst)
        buckets = buckets.filter { refilled($0.value, at: time).tokens < burst }
        sweepAt = max(Self.smallestSweep, 2 * buckets.count)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
