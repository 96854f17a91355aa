import Foundation

/// Tells the person at the terminal that a command waits for another program's lock on the database, on standard
/// error so that standard output stays the command's own (`--json` stays parseable): once a wait has lasted a
/// second, then every 5 seconds on a terminal, every minute otherwise (a log gets a few lines however long the
/// wait).
final class LockWaitReport: @unchecked Sendable {
    // SQLite calls `waited(_:)` on the connection's thread only, but the observer must be Sendable: `nextReport`
    // is guarded by `lock`.
    private let lock = NSLock()
    private var nextReport = LockWaitReport.firstReport
    private let path: String
    private let limit: Duration?
    private let isTerminal = isatty(STDERR_FILENO) == 1

    private static let firstReport = Duration.seconds(1)
    private var interval: Duration { isTerminal ? .seconds(5) : .seconds(60) }

    /// A report on waits for the database at `path`, which give up after `limit` (`nil`: never).
    init(path: String, limit: Duration?) {
        self.path = path
        self.limit = limit
    }

    /// Takes the library's news of a wait: zero when a wait begins, then how long it has lasted so far.
    func waited(_ waited: Duration) {
        lock.withLock {
            if waited == .zero { nextReport = Self.firstReport }
            guard waited >= nextReport else { return }
            nextReport = waited + interval
            // On a terminal the line replaces an import's progress line, which is drawn again afterwards.
            let erase = isTerminal ? "\r\u{1B}[K" : ""
            let until =
                limit.map { "giving up after \(Self.seconds($0)) s (--wait)" }
                ?? "without a limit (--wait SECONDS gives up sooner)"
            Output.writeError(
                "\(erase)waiting: \(path) is locked by another program; waited \(waited.components.seconds) s so far, "
                    + "\(until)\n")
        }
    }

    /// Whole seconds as a whole number, others as they are (a limit of 0.25 s).
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0 ? String(seconds) : String(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
