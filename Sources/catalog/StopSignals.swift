import Dispatch
import Foundation

/// SIGINT and SIGTERM handled on a dispatch queue rather than by ending the process, for commands that run until
/// interrupted and end cleanly (`serve`, `sync --follow`).
enum StopSignals {
    /// Calls `handler` on a dispatch queue for each SIGINT or SIGTERM, which no longer end the process (nor would
    /// an ignored disposition inherited from the parent keep them from reaching it).
    ///
    /// - Returns: the signal sources, which must live as long as the signals are to be handled.
    static func handle(_ handler: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }
}
