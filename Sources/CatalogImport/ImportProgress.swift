import Catalog

/// How far an import of one file has got: what a progress line shows.
public struct ImportProgress: Sendable, Hashable {
    /// The file being imported.
    public var file: String
    /// Rows read so far.
    public var rows: Int
    /// Bytes of the file read so far.
    public var bytesRead: Int64
    /// The file's size, when known.
    public var totalBytes: Int64?
    /// Seconds since the import of the file started.
    public var elapsedSeconds: Double

    /// Rows per second so far.
    public var rowsPerSecond: Double { elapsedSeconds > 0 ? Double(rows) / elapsedSeconds : 0 }

    /// The fraction of the file's bytes read, in 0...1, or `nil` when the size is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }

    /// Seconds left at the current pace, or `nil` when it cannot be told yet.
    public var estimatedSecondsRemaining: Double? {
        guard let fraction = fractionCompleted, fraction > 0, elapsedSeconds > 0 else { return nil }
        return elapsedSeconds * (1 - fraction) / fraction
    }
}
