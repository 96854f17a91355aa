import Catalog
import Foundation

/// Reads MARC 21 records in the ISO 2709 transmission format, streaming: memory is one chunk plus one record (at
/// most 99,999 bytes, the most a leader's record length can say).
///
/// A record is the bytes up to its record terminator (0x1D): a 24-byte leader, a directory of 12-byte entries (tag,
/// field length, start) ended by a field terminator (0x1E), then the fields, each ended by 0x1E. A data field is two
/// indicators and subfields, each a delimiter (0x1F), a one-byte code and the data. Each record is checked on its
/// own — the leader's record length and base address, the directory, every field's place and terminator, the
/// indicators and subfield codes — and a broken one is reported with its byte offset and the reason; the next
/// record starts after the next record terminator whatever the broken one's leader said. Line breaks between
/// records (some tools add them) are skipped.
///
/// The text is decoded one subfield at a time, as leader position 9 says (`a` UTF-8, anything else MARC-8) unless
/// an encoding is given.
final class ISO2709Reader: MARCRecordReader {
    /// The most bytes a record may have: the leader's 5-digit record length.
    static let maxRecordBytes = 99_999
    static let recordTerminator: UInt8 = 0x1D
    static let fieldTerminator: UInt8 = 0x1E
    static let subfieldDelimiter: UInt8 = 0x1F

    private var source: any ByteSource
    private let chunkSize: Int
    private let encoding: MARCEncoding?
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The bytes of the record being gathered, up to ``maxRecordBytes``.
    private var pending: [UInt8] = []
    /// The full length of the record being gathered, when more than was kept.
    private var pendingByteCount = 0
    /// The file offset of the first byte of `chunk`.
    private var chunkOffset: Int64 = 0
    private var recordOffset: Int64 = 0
    private var ordinal = 0

    var name: String { source.name }

    var progress: ReadProgress {
        ReadProgress(bytesRead: chunkOffset + Int64(position), totalBytes: source.size, line: ordinal)
    }

    /// Opens a file.
    ///
    /// - Parameters:
    ///   - path: The `.mrc` file.
    ///   - encoding: The text encoding of every record, whatever their leaders say; `nil` to follow the leaders.
    /// - Throws: ``ReaderError/file(_:)`` when it cannot be opened.
    convenience init(path: String, encoding: MARCEncoding? = nil) throws(ReaderError) {
        let source: FileByteSource
        do { source = try FileByteSource(path: path) } catch { throw .file(error) }
        self.init(source: source, encoding: encoding)
    }

    /// Reads from any byte source (bytes in memory in tests and fuzzing).
    init(source: any ByteSource, encoding: MARCEncoding? = nil, chunkSize: Int = TextInput.defaultChunkSize) {
        self.source = source
        self.encoding = encoding
        self.chunkSize = max(1, chunkSize)
    }

    func next() throws(ReaderError) -> MARCRecordRead? {
        guard let (bytes, byteCount, terminated) = try nextRecordBytes() else { return nil }
        ordinal += 1
        let place = MARCPlace(ordinal: ordinal, byteOffset: recordOffset)
        guard terminated else {
            return .broken(place, reason: "the file ends without the record terminator (0x1D) of this record")
        }
        guard byteCount <= Self.maxRecordBytes else {
            return .broken(
                place,
                reason: "no record terminator (0x1D) within \(Self.maxRecordBytes) bytes, the most a record may have; "
                    + "skipped \(byteCount) bytes to the next record terminator")
        }
        do {
            return .record(
                try ISO2709RecordParser(bytes: bytes, offset: recordOffset, encoding: encoding).parse(), place)
        } catch {
            return .broken(place, reason: error.reason)
        }
    }

    /// The next record's bytes with its terminator (what was kept of them), its full length, and whether a
    /// terminator ended it (rather than the end of the file); `nil` when only line breaks are left.
    private func nextRecordBytes() throws(ReaderError) -> ([UInt8], Int, Bool)? {
        pending.removeAll(keepingCapacity: true)
        pendingByteCount = 0
        var started = false
        while true {
            if position < chunk.count {
                if !started {
                    while position < chunk.count, chunk[position] == 0x0A || chunk[position] == 0x0D { position += 1 }
                    guard position < chunk.count else { continue }
                    started = true
                    recordOffset = chunkOffset + Int64(position)
                }
                let start = position
                let terminator = chunk.withUnsafeBufferPointer { buffer -> Int? in
                    var index = start
                    while index < buffer.count {
                        if buffer[index] == Self.recordTerminator { return index }
                        index += 1
                    }
                    return nil
                }
                let end = terminator.map { $0 + 1 } ?? chunk.count
                keep(chunk[start..<end])
                position = end
                if terminator != nil { return (pending, pendingByteCount, true) }
            }
            if atEnd { return nil }
            let more: [UInt8]
            do { more = try source.read(upTo: chunkSize) } catch { throw .file(error) }
            chunkOffset += Int64(chunk.count)
            chunk = more
            position = 0
            if more.isEmpty {
                atEnd = true
                return started ? (pending, pendingByteCount, false) : nil
            }
        }
    }

    private func keep(_ bytes: ArraySlice<UInt8>) {
        pendingByteCount += bytes.count
        let room = Self.maxRecordBytes - pending.count
        if room > 0 { pending.append(contentsOf: bytes.prefix(room)) }
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension ISO2709Reader: Sendable {}
