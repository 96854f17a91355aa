import CatalogServer
import Foundation
import Testing

/// The token buckets behind `catalog serve --rate-limit`, on a clock the tests move themselves.
@Suite struct RateLimiterTests {
    /// A clock that stands still until a test advances it.
    final class ManualClock: @unchecked Sendable {
        // Invariant: `time` is only read or changed under `lock`.
        private let lock = NSLock()
        private var time = ContinuousClock.now

        var now: ContinuousClock.Instant { lock.withLock { time } }

        func advance(_ duration: Duration) {
            lock.withLock { time += duration }
        }
    }

    @Test func aBurstPassesThenTheNextRequestWaitsForATokenToRefill() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: .init(requestsPerSecond: 2, burst: 3)) { clock.now }
        #expect((0..<3).map { _ in limiter.admit(1) } == [nil, nil, nil])
        #expect(limiter.admit(1) == 1)
        clock.advance(.milliseconds(500))
        #expect(limiter.admit(1) == nil)
        #expect(limiter.admit(1) == 1)
    }

    @Test func retryAfterIsTheWholeSecondsUntilATokenIsBack() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: .init(requestsPerSecond: 0.25, burst: 1)) { clock.now }
        #expect(limiter.admit(1) == nil)
        #expect(limiter.admit(1) == 4)
        clock.advance(.seconds(3))
        #expect(limiter.admit(1) == 1)
        clock.advance(.seconds(1))
        #expect(limiter.admit(1) == nil)
    }

    @Test func eachKeyHasItsOwnBucket() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: .init(requestsPerSecond: 1, burst: 1)) { clock.now }
        #expect(limiter.admit(1) == nil)
        #expect(limiter.admit(1) == 1)
        #expect(limiter.admit(2) == nil)
    }

    @Test func idleBucketsAreDroppedSoMemoryStaysBounded() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: .init(requestsPerSecond: 1, burst: 1)) { clock.now }
        for key in 0..<10_000 {
            #expect(limiter.admit(Int64(key)) == nil)
            clock.advance(.seconds(1))
        }
        #expect(limiter.bucketCount <= 1024)
    }
}
