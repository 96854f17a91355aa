import CatalogImport
import Dispatch
import Foundation
import Navigation

extension NavigationSuite {
    /// The main actor's time per change, for the same kind of intents on one scene: today's synchronous
    /// `NavigationSession.apply`, which returns once its transaction is committed, against `SplitViewModel.apply`,
    /// which changes the model's state and leaves the save to the background writer (the saves it queued are
    /// flushed, untimed, before the figures count).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func measureMainActorTimePerChange(path: String, setup: Setup, using generator: inout SplitMix64) throws
        -> [Measurement]
    {
        let (_, store) = try open(path, setup)
        let session = try store.openSession(scene: "main-actor", for: try store.user(named: "user-0"))
        var sessionSamples: [Double] = []
        for step in 0..<samples {
            let intent = BenchRoute.intent(step: step, after: session.state, using: &generator)
            let start = DispatchTime.now().uptimeNanoseconds
            try session.apply(intent)
            sessionSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let seed = generator.next()
        let (samples, suite) = (samples, self)
        let modelSamples = try waitOnMainActor {
            let background = try await BackgroundNavigationStore<BenchRoute>.open { try suite.open(path, setup).1 }
            let model = try await SplitViewModel.restore(user: "user-1", scene: "main-actor", store: background)
            var generator = SplitMix64(seed: seed)
            var times: [Double] = []
            for step in 0..<samples {
                let intent = BenchRoute.intent(step: step, after: model.state, using: &generator)
                let start = DispatchTime.now().uptimeNanoseconds
                model.apply(intent)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            await model.flush()
            if let error = model.lastError { throw BenchmarkError("the model's saves failed: \(error)") }
            return times
        }
        let name = "main actor per change"
        return [
            Measurement(suite: self.name, case: name, impl: "NavigationSession.apply (saves)", samples: sessionSamples),
            Measurement(
                suite: self.name, case: name, impl: "SplitViewModel.apply (background save)", samples: modelSamples),
        ]
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
