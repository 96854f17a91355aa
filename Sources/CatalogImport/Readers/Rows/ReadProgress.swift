import Catalog

/// How far a reader has got through its file, for a progress line (percent of bytes, ETA).
struct ReadProgress: Sendable, Equatable {
    /// Bytes of the file consumed so far (raw file bytes, before any transcoding).
    var bytesRead: Int64
    /// The file size, when known (a regular file); `nil` for a pipe.
    var totalBytes: Int64?
    /// The physical line the reader has reached.
    var line: Int

    /// The fraction done in 0...1, or `nil` when the size is unknown.
    var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }
}
