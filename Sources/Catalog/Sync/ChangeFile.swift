public import Foundation

/// Changes exported by `catalog changes` (JSON lines: one change a line, then the trailer), as a source a
/// client can sync from.
///
/// ```swift
/// let file = try ChangeFile(contentsOf: URL(filePath: "changes.jsonl"))
/// try SyncClient(client).sync(from: file)
/// ```
public struct ChangeFile: ChangeSource {
    /// The changes, in sequence order.
    public let changes: [Change]
    /// The last line: the range the file covers and the server it comes from.
    public let trailer: ChangeBatch.Trailer
    private let latestByUUID: [String: Int]

    /// Reads a changes file.
    ///
    /// - Throws: ``SyncError/malformedChanges(line:reason:)`` for a line that is neither a change nor a
    ///   trailer, or a file without its trailer (cut short); what reading the file throws.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        try self.init(lines: data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false))
    }

    /// Reads changes from JSON lines, the trailer last.
    public init<Lines: Sequence>(lines: Lines) throws where Lines.Element: DataProtocol {
        let decoder = JSONDecoder()
        var changes: [Change] = []
        var trailer: ChangeBatch.Trailer?
        for (offset, line) in lines.enumerated() where !line.isEmpty {
            let data = Data(line)
            guard trailer == nil else {
                throw SyncError.malformedChanges(line: offset + 1, reason: "text after the trailer line")
            }
            do {
                if try decoder.decode(LineProbe.self, from: data).seq != nil {
                    let change = try decoder.decode(Change.self, from: data)
                    if let previous = changes.last, previous.sequence >= change.sequence {
                        throw SyncError.malformedChanges(line: offset + 1, reason: "sequences out of order")
                    }
                    changes.append(change)
                } else {
                    trailer = try decoder.decode(ChangeBatch.Trailer.self, from: data)
                }
            } catch let error as SyncError {
                throw error
            } catch {
                throw SyncError.malformedChanges(line: offset + 1, reason: "\(error)")
            }
        }
        guard let trailer else {
            throw SyncError.malformedChanges(
                line: changes.count + 1, reason: "no trailer line ({\"last_seq\":…}): the file is cut short")
        }
        self.changes = changes
        self.trailer = trailer
        var latest: [String: Int] = [:]
        for (index, change) in changes.enumerated() { latest[change.uuid] = index }
        latestByUUID = latest
    }

    /// The server the changes come from.
    public func databaseUUID() throws -> String { trailer.database }

    /// The changes of the file after `sequence`, at most `limit`.
    public func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch {
        let start = changes.partitioningIndex { $0.sequence > sequence }
        let end = min(changes.count, start + max(1, limit))
        let hasMore = end < changes.count
        let last = hasMore ? changes[end - 1].sequence : max(sequence, trailer.lastSequence)
        return ChangeBatch(
            since: max(sequence, trailer.since), changes: Array(changes[start..<end]), lastSequence: last,
            hasMore: hasMore, databaseUUID: trailer.database, prunedBefore: trailer.prunedBefore)
    }

    /// The entity's payload in its last change in the file, ``EntityLookup/unknown`` when the file does not
    /// mention it.
    public func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        guard let index = latestByUUID[uuid], changes[index].kind == kind else { return .unknown }
        return changes[index].entity.map(EntityLookup.current) ?? .deleted
    }

    /// Runs `body`: a file does not change under the reader.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    private struct LineProbe: Decodable {
        var seq: Int64?
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
