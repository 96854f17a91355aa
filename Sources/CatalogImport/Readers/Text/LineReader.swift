import Catalog

/// Splits a ``TextInput`` into lines (LF or CRLF), streaming: memory is one chunk plus one line of at most
/// ``maxLineBytes``. A longer line is cut there: the reader keeps its beginning, counts the rest to the next line
/// break, where it resynchronises, and says so in ``lastLineByteCount``.
final class LineReader {
    /// The most bytes of a line the reader keeps.
    let maxLineBytes: Int
    /// The full length in bytes of the line returned last, line break excluded; more than the line returned when
    /// it was cut at ``maxLineBytes``.
    private(set) var lastLineByteCount = 0
    private var partialByteCount = 0
    private let input: TextInput
    private var chunk: [UInt8] = []
    private var position = 0
    private var partial: [UInt8] = []
    private var atEnd = false
    /// The number of the line returned last (1-based); 0 before the first.
    private(set) var line = 0

    /// Reads lines from an input.
    ///
    /// - Parameters:
    ///   - input: The decoded input.
    ///   - maxLineBytes: The most bytes of a line to keep.
    init(input: TextInput, maxLineBytes: Int = FieldLimits.lineBytes) {
        self.input = input
        self.maxLineBytes = maxLineBytes
    }

    /// The file's name for messages.
    var name: String { input.name }

    /// How far the reader has got.
    var progress: ReadProgress {
        ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes, line: line)
    }

    /// The next line without its line break, or `nil` at the end (a last line without LF included).
    ///
    /// - Throws: ``ReaderError`` from the input (invalid UTF-8, I/O).
    func next() throws(ReaderError) -> [UInt8]? {
        while true {
            if position < chunk.count {
                let start = position
                // A plain loop: a generic search costs a call per byte in a debug build.
                let newline = chunk.withUnsafeBufferPointer { buffer -> Int? in
                    var index = start
                    while index < buffer.count {
                        if buffer[index] == 0x0A { return index }
                        index += 1
                    }
                    return nil
                }
                if let newline {
                    keep(chunk[start..<newline])
                    position = newline + 1
                    return finishLine()
                }
                keep(chunk[start...])
                position = chunk.count
            }
            if atEnd { return nil }
            guard let more = try input.nextChunk() else {
                atEnd = true
                return partial.isEmpty ? nil : finishLine()
            }
            chunk = more
            position = 0
        }
    }

    private func keep(_ bytes: ArraySlice<UInt8>) {
        partialByteCount += bytes.count
        let room = maxLineBytes - partial.count
        if room > 0 { partial.append(contentsOf: bytes.prefix(room)) }
    }

    private func finishLine() -> [UInt8] {
        line += 1
        var result = partial
        lastLineByteCount = partialByteCount
        if result.last == 0x0D, result.count == partialByteCount {
            result.removeLast()
            lastLineByteCount -= 1
        }
        partial = []
        partialByteCount = 0
        return result
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension LineReader: Sendable {}
