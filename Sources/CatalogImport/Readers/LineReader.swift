import Catalog

/// Splits a ``TextInput`` into lines (LF or CRLF), streaming: memory is one chunk plus the longest line.
final class LineReader {
    private let input: TextInput
    private var chunk: [UInt8] = []
    private var position = 0
    private var partial: [UInt8] = []
    private var atEnd = false
    /// The number of the line returned last (1-based); 0 before the first.
    private(set) var line = 0

    /// Reads lines from an input.
    init(input: TextInput) {
        self.input = input
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
                let newline = chunk.withUnsafeBufferPointer { buffer in
                    buffer[start...].firstIndex(of: 0x0A)
                }
                if let newline {
                    partial.append(contentsOf: chunk[start..<newline])
                    position = newline + 1
                    return finishLine()
                }
                partial.append(contentsOf: chunk[start...])
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

    private func finishLine() -> [UInt8] {
        line += 1
        var result = partial
        if result.last == 0x0D { result.removeLast() }
        partial = []
        return result
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension LineReader: Sendable {}
