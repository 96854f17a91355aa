import Catalog
import CatalogImport
import Foundation

/// The live progress line of an import on a terminal's standard error: rows, rows/s, percent of bytes, ETA.
///
/// Only when standard error is a terminal: a log file or a pipe gets the summary alone.
final class ProgressLine {
    private var lastDrawn = ContinuousClock.now - .seconds(1)

    /// A progress line, or `nil` when standard error is not a terminal.
    static func forStandardError() -> ProgressLine? {
        isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    }

    /// Redraws the line, at most ten times a second.
    func show(_ progress: ImportProgress) {
        guard ContinuousClock.now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = .now
        var text = "\r\u{1B}[K\(progress.rows) rows, \(Int(progress.rowsPerSecond)) rows/s"
        if let fraction = progress.fractionCompleted { text += String(format: ", %.1f%%", fraction * 100) }
        if let eta = progress.estimatedSecondsRemaining { text += String(format: ", ETA %.0f s", eta) }
        Output.writeError(text)
    }

    /// Erases the line.
    func clear() {
        Output.writeError("\r\u{1B}[K")
    }
}

// Used from the main thread only.
@available(*, unavailable)
extension ProgressLine: Sendable {}
