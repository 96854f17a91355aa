/// Bytes a ``JSONReader`` reads in chunks: a file, a pipe, or bytes already in memory.
package protocol JSONByteSource: AnyObject {
    /// The next chunk, `nil` at the end; an empty chunk is skipped.
    ///
    /// - Throws: whatever reading throws; the reader hands it on as it is.
    func nextChunk() throws -> [UInt8]?

    /// How many bytes the source skipped before its first chunk (a byte order mark), for the positions' byte
    /// offsets and columns. Asked once, after the first chunk.
    var skippedLeadingBytes: Int { get }
}

extension JSONByteSource {
    /// None skipped.
    package var skippedLeadingBytes: Int { 0 }
}

/// Bytes already in memory, handed on as one chunk.
final class WholeBytes: JSONByteSource {
    private var bytes: [UInt8]?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func nextChunk() -> [UInt8]? {
        defer { bytes = nil }
        return bytes
    }
}
