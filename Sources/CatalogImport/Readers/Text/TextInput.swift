import Catalog
import JSONKit

/// The byte-level input layer: a file read in chunks and handed on as valid UTF-8.
///
/// It skips a UTF-8 byte order mark, validates UTF-8 strictly (or transcodes latin1 / cp1252 to
/// UTF-8 when an encoding is given) and counts the raw bytes consumed for percent progress. Memory
/// use is one chunk (64 KiB by default) whatever the file size.
///
/// ```swift
/// let input = try TextInput(path: "books.csv", encoding: .utf8)
/// while let chunk = try input.nextChunk() { parse(chunk) }
/// ```
final class TextInput {
    /// The default chunk size: large enough to amortize reads, small enough to stay in cache.
    static let defaultChunkSize = 64 * 1024

    /// The encoding the bytes are decoded from.
    let encoding: InputEncoding
    /// Raw file bytes consumed so far, BOM included.
    private(set) var bytesRead: Int64 = 0
    /// Whether the input started with a UTF-8 byte order mark (which was skipped).
    private(set) var hadByteOrderMark = false

    private var source: any ByteSource
    private let chunkSize: Int
    private var validator = UTF8Validator()
    private var atStart = true
    private var finished = false

    /// The file path (or in-memory label) for messages.
    var name: String { source.name }
    /// The file size when known.
    var totalBytes: Int64? { source.size }

    /// Opens a file.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - encoding: How its bytes are decoded; UTF-8 by default.
    ///   - chunkSize: Bytes per read.
    /// - Throws: ``ReaderError/file(_:)`` when it cannot be opened.
    convenience init(path: String, encoding: InputEncoding = .utf8, chunkSize: Int = defaultChunkSize)
        throws(ReaderError)
    {
        let source: FileByteSource
        do { source = try FileByteSource(path: path) } catch { throw .file(error) }
        self.init(source: source, encoding: encoding, chunkSize: chunkSize)
    }

    /// Reads from any byte source (in-memory bytes in tests).
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - encoding: How the bytes are decoded.
    ///   - chunkSize: Bytes per read (tests use tiny chunks to exercise boundaries).
    init(source: any ByteSource, encoding: InputEncoding = .utf8, chunkSize: Int = defaultChunkSize) {
        self.source = source
        self.encoding = encoding
        self.chunkSize = max(1, chunkSize)
    }

    /// Returns the next run of valid UTF-8, or `nil` at the end of the input.
    ///
    /// A chunk always ends on a character boundary; it may be empty only when a read returned
    /// nothing but part of a multi-byte character.
    ///
    /// - Throws: ``ReaderError/invalidUTF8(path:byteOffset:line:byte:)`` at the first invalid byte
    ///   (UTF-8 only), ``ReaderError/file(_:)`` on an I/O error.
    func nextChunk() throws(ReaderError) -> [UInt8]? {
        guard !finished else { return nil }
        var raw = try readSource()
        let isFinal = raw.isEmpty
        if atStart {
            atStart = false
            raw = try skipByteOrderMark(raw)
        }
        bytesRead += Int64(raw.count)
        if isFinal { finished = true }
        switch encoding {
        case .utf8:
            do {
                let valid = try validator.validate(raw, isFinal: isFinal)
                return isFinal && valid.isEmpty ? nil : valid
            } catch {
                throw .invalidUTF8(path: name, byteOffset: error.byteOffset, line: error.line, byte: error.byte)
            }
        case .latin1, .cp1252:
            return isFinal ? nil : transcode(raw)
        }
    }

    private func readSource() throws(ReaderError) -> [UInt8] {
        do { return try source.read(upTo: chunkSize) } catch { throw .file(error) }
    }

    /// Drops a leading EF BB BF (UTF-8 only), reading on when the first read is shorter than 3 bytes.
    private func skipByteOrderMark(_ first: [UInt8]) throws(ReaderError) -> [UInt8] {
        guard encoding == .utf8 else { return first }
        var head = first
        while head.count < 3 {
            let more = try readSource()
            if more.isEmpty { break }
            head += more
        }
        guard head.starts(with: [0xEF, 0xBB, 0xBF]) else { return head }
        hadByteOrderMark = true
        bytesRead += 3
        validator = UTF8Validator(startOffset: 3)
        return Array(head.dropFirst(3))
    }

    private func transcode(_ raw: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count + raw.count / 4)
        for byte in raw {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let scalar = encoding.scalar(forByte: byte)
            if scalar < 0x800 {
                output.append(UInt8(0xC0 | (scalar >> 6)))
                output.append(UInt8(0x80 | (scalar & 0x3F)))
            } else {
                output.append(UInt8(0xE0 | (scalar >> 12)))
                output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                output.append(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
        return output
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension TextInput: Sendable {}

/// The JSON reader reads a file's valid UTF-8 chunk by chunk, its positions counting the byte order mark skipped.
extension TextInput: JSONByteSource {
    var skippedLeadingBytes: Int { hadByteOrderMark ? 3 : 0 }
}
