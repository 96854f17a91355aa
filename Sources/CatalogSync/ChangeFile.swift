public import Catalog
public import Foundation

/// Changes exported by `catalog changes` (JSON lines: one change a line, then the trailer), as a source a
/// client can sync from.
///
/// Opening the file reads and checks every line, so a damaged file is refused before anything is applied, and
/// keeps only where each change's line is: a sync then reads one batch of lines at a time, so memory stays flat
/// however long the file.
///
/// ```swift
/// let file = try ChangeFile(contentsOf: URL(filePath: "changes.jsonl"))
/// try SyncClient(client).sync(from: file)
/// ```
public struct ChangeFile: ChangeSource {
    /// The last line: the range the file covers and the server it comes from.
    public let trailer: ChangeBatch.Trailer
    /// How errors name the file: its path, or `changes` for lines given in memory.
    private let name: String
    private let bytes: Bytes
    /// Where each change is, in sequence order.
    private let lines: [Line]
    /// The index in `lines` of each entity's last change.
    private let latestByUUID: [String: Int]

    /// Reads and checks a changes file; it stays open, and its changes are read again batch by batch.
    ///
    /// - Throws: ``SyncError/malformedChanges(file:line:reason:)`` for a line that is neither a change nor the
    ///   trailer, lines out of order, or a file without its trailer (cut short); `FileReadError` when the file
    ///   cannot be opened or read.
    public init(contentsOf url: URL) throws {
        let source = try FileByteSource(path: url.path)
        try self.init(bytes: .file(source), name: source.name)
    }

    /// Reads changes from JSON lines, the trailer last.
    public init<Lines: Sequence>(lines: Lines) throws where Lines.Element: DataProtocol {
        var data = Data()
        for line in lines {
            data.append(contentsOf: line)
            data.append(Self.newline)
        }
        try self.init(bytes: .memory(data), name: "changes")
    }

    private init(bytes: Bytes, name: String) throws {
        func malformed(_ line: Int, _ reason: String) -> SyncError {
            .malformedChanges(file: name, line: line, reason: reason)
        }
        var lines: [Line] = []
        var latest: [String: Int] = [:]
        var trailer: ChangeBatch.Trailer?
        try bytes.forEachLine { text, range, number in
            guard !text.isEmpty else { return }
            guard trailer == nil else {
                throw malformed(number, "text after the trailer line, which ends the file")
            }
            do {
                switch try ChangeLine(text) {
                case .change(let change):
                    if let previous = lines.last, previous.sequence >= change.sequence {
                        throw malformed(
                            number, "sequence \(change.sequence) comes after \(previous.sequence): lines out of order")
                    }
                    latest[change.uuid] = lines.count
                    lines.append(Line(bytes: range, number: number, sequence: change.sequence))
                case .trailer(let last):
                    trailer = last
                }
            } catch let error as ChangeLineError {
                throw malformed(number, "not a change or the trailer line: \(error)")
            }
        }
        guard let trailer else {
            throw SyncError.changesCutShort(file: name, line: (lines.last?.number ?? 0) + 1)
        }
        self.name = name
        self.bytes = bytes
        self.lines = lines
        self.trailer = trailer
        latestByUUID = latest
    }

    /// The server the changes come from.
    public func databaseUUID() throws -> String { trailer.database }

    /// The changes of the file after `sequence`, at most `limit`.
    ///
    /// - Throws: ``SyncError/malformedChanges(file:line:reason:)`` when the file no longer holds what it held
    ///   when it was opened; `FileReadError` when reading it fails.
    public func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch {
        let start = lines.partitioningIndex { $0.sequence > sequence }
        let end = min(lines.count, start + max(1, limit))
        let hasMore = end < lines.count
        let last = hasMore ? lines[end - 1].sequence : max(sequence, trailer.lastSequence)
        return ChangeBatch(
            since: max(sequence, trailer.since), changes: try changes(lines[start..<end]), lastSequence: last,
            hasMore: hasMore, databaseUUID: trailer.database, prunedBefore: trailer.prunedBefore)
    }

    /// The entity's payload in its last change in the file, ``EntityLookup/unknown`` when the file does not
    /// mention it.
    public func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        guard let index = latestByUUID[uuid], let change = try changes(lines[index...index]).first,
            change.kind == kind
        else { return .unknown }
        return change.entity.map(EntityLookup.current) ?? .deleted
    }

    /// Runs `body` with this file: it does not change under the reader (a file rewritten meanwhile is refused).
    public func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T {
        try body(self)
    }

    /// Reads the changes of consecutive `lines` in one read.
    private func changes(_ lines: ArraySlice<Line>) throws -> [Change] {
        guard let first = lines.first, let last = lines.last else { return [] }
        let text = try bytes.read(first.bytes.lowerBound..<last.bytes.upperBound)
        return try lines.map { line in
            let start = text.startIndex + line.bytes.lowerBound - first.bytes.lowerBound
            let end = start + line.bytes.count
            guard end <= text.endIndex, case .change(let change)? = try? ChangeLine(text[start..<end]),
                change.sequence == line.sequence
            else {
                throw SyncError.malformedChanges(
                    file: name, line: line.number, reason: "the file changed since it was opened; run the sync again")
            }
            return change
        }
    }

    private static let newline = UInt8(ascii: "\n")

    /// Where a change is in the file.
    private struct Line {
        /// Its bytes, newline excluded.
        var bytes: Range<Int>
        /// Its line number, from 1.
        var number: Int
        var sequence: Int64
    }

    /// The bytes of a changes file: the open file, or the lines given in memory.
    private enum Bytes {
        case file(FileByteSource)
        case memory(Data)

        /// Calls `body` with every line (newline excluded), its byte range and its number from 1, in order; a
        /// last line without a newline counts.
        func forEachLine(_ body: (Data, Range<Int>, Int) throws -> Void) throws {
            var partial = Data()  // the start of a line that continues in the next chunk
            var offset = 0  // where the chunk starts in the file
            var number = 0
            try forEachChunk { chunk in
                try chunk.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                    guard let base = buffer.baseAddress else { return }
                    var start = 0
                    while start < buffer.count,
                        let newline = memchr(base + start, Int32(ChangeFile.newline), buffer.count - start)
                    {
                        let end = UnsafeRawPointer(newline) - base
                        number += 1
                        let lineStart = offset + start - partial.count
                        var line = partial
                        line.append(base.assumingMemoryBound(to: UInt8.self) + start, count: end - start)
                        try body(line, lineStart..<lineStart + line.count, number)
                        partial = Data()
                        start = end + 1
                    }
                    partial.append(base.assumingMemoryBound(to: UInt8.self) + start, count: buffer.count - start)
                }
                offset += chunk.count
            }
            if !partial.isEmpty {
                try body(partial, offset - partial.count..<offset, number + 1)
            }
        }

        /// Calls `body` with the bytes from the start, 1 MiB at a time.
        private func forEachChunk(_ body: (Data) throws -> Void) throws {
            switch self {
            case .memory(let data):
                try body(data)
            case .file(let source):
                while case let chunk = try source.read(upTo: 1 << 20), !chunk.isEmpty {
                    try body(Data(chunk))
                }
            }
        }

        /// The bytes in `range`, fewer when the file is shorter now.
        func read(_ range: Range<Int>) throws -> Data {
            switch self {
            case .memory(let data):
                return data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound]
            case .file(let source):
                return Data(try source.read(at: range.lowerBound, count: range.count))
            }
        }
    }
}

extension Array {
    /// The index of the first element for which `predicate` holds, the elements being partitioned by it.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
