import Catalog
import Foundation

extension ChangeFeed {
    /// Writes the changes after `since` as JSON lines, one change a line, then the trailer line
    /// (`{"since":…,"last_seq":…,"more":…,"database":…,"pruned_before":…}`), all read in one snapshot.
    ///
    /// This is the format of `catalog changes` and what ``ChangeFile`` reads.
    ///
    /// - Parameters:
    ///   - since: the last sequence the reader has.
    ///   - limit: at most this many changes, or `nil` for all of them.
    ///   - until: no change after this sequence, or `nil` for up to the end of the log.
    ///   - write: called with each line, newline included.
    /// - Returns: the trailer.
    /// - Throws: what ``changes(since:limit:until:)`` throws; what `write` throws.
    @discardableResult
    public func writeJSONLines(
        since: Int64, limit: Int? = nil, until: Int64? = nil, to write: (String) throws -> Void
    ) throws -> ChangeBatch.Trailer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try read { feed in
            var position = since
            var remaining = limit ?? Int.max
            var last: ChangeBatch
            repeat {
                last = try feed.changes(since: position, limit: min(remaining, 1000), until: until)
                for change in last.changes {
                    try write(String(decoding: try encoder.encode(change), as: UTF8.self) + "\n")
                }
                remaining -= last.changes.count
                position = last.lastSequence
            } while last.hasMore && remaining > 0
            var trailer = last.trailer
            trailer.since = since
            try write(String(decoding: try encoder.encode(trailer), as: UTF8.self) + "\n")
            return trailer
        }
    }
}
