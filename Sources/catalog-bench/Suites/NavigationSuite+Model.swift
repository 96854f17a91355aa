import CatalogImport
import Dispatch
import Foundation
import Navigation

extension NavigationSuite {
    /// The main actor's time per change, for the same kind of intents on one scene: today's synchronous
    /// `NavigationSession.apply`, which returns once its transaction is committed, against `SplitViewModel.apply`,
    /// which changes the model's state and leaves the save to the background writer (the saves it queued are
    /// flushed, untimed, before the figures count). Each is timed twice: wall time, and the main thread's own CPU
    /// time (`CLOCK_THREAD_CPUTIME_ID`), which leaves out the time the system gave the core to another thread (on
    /// two cores shared with the writer and other programs, the wall time's p99 is mostly that).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func measureMainActorTimePerChange(path: String, setup: Setup, using generator: inout SplitMix64) throws
        -> [Measurement]
    {
        let (_, store) = try open(path, setup)
        let session = try store.openSession(scene: "main-actor", for: try store.user(named: "user-0"))
        var sessionSamples = TimedSamples()
        for step in 0..<samples {
            let intent = BenchRoute.intent(step: step, after: session.state, using: &generator)
            try sessionSamples.time { try session.apply(intent) }
        }
        let seed = generator.next()
        let (samples, suite) = (samples, self)
        let modelSamples = try waitOnMainActor {
            let background = try await BackgroundNavigationStore<BenchRoute>.open { try suite.open(path, setup).1 }
            let model = try await SplitViewModel.restore(user: "user-1", scene: "main-actor", store: background)
            var generator = SplitMix64(seed: seed)
            var times = TimedSamples()
            for step in 0..<samples {
                let intent = BenchRoute.intent(step: step, after: model.state, using: &generator)
                times.time { model.apply(intent) }
            }
            await model.flush()
            if let error = model.lastError { throw BenchmarkError("the model's saves failed: \(error)") }
            return times
        }
        var measurements: [Measurement] = []
        for (name, kept) in [("main actor per change", \TimedSamples.wall), ("main thread CPU per change", \.cpu)] {
            measurements += [
                Measurement(
                    suite: self.name, case: name, impl: "NavigationSession.apply (saves)",
                    samples: sessionSamples[keyPath: kept]),
                Measurement(
                    suite: self.name, case: name, impl: "SplitViewModel.apply (background save)",
                    samples: modelSamples[keyPath: kept]),
            ]
        }
        return measurements
    }
}

/// Wall and thread CPU times of the calls timed on one thread, in seconds.
private struct TimedSamples: Sendable {
    var wall: [Double] = []
    var cpu: [Double] = []

    @discardableResult
    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let (startWall, startCPU) = (DispatchTime.now().uptimeNanoseconds, Self.threadCPUNanoseconds())
        let result = try body()
        let (endCPU, endWall) = (Self.threadCPUNanoseconds(), DispatchTime.now().uptimeNanoseconds)
        wall.append(Double(endWall - startWall) / 1e9)
        cpu.append(Double(endCPU - startCPU) / 1e9)
        return result
    }

    /// The CPU time the calling thread has used.
    private static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Runs `body` on the main actor from synchronous code on the main thread, turning the main run loop (which
/// runs the main actor's jobs) until it is done.
private func waitOnMainActor<T: Sendable>(_ body: @escaping @MainActor () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    Task { @MainActor in
        do {
            outcome.set(.success(try await body()))
        } catch {
            outcome.set(.failure(error))
        }
    }
    while true {
        if let result = outcome.result { return try result.get() }
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
}

/// The result of work on the main actor, read by the thread that waits for it.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // Sendable because `stored` is read and written only under `lock`.
    private let lock = NSLock()
    private var stored: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        lock.withLock { stored = result }
    }

    var result: Result<T, any Error>? { lock.withLock { stored } }
}
