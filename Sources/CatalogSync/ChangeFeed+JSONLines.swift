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
        try read { feed in
            try ChangeBatch.writeJSONLines(since: since, limit: limit, to: write) { position, count in
                try feed.changes(since: position, limit: count, until: until)
            }
        }
    }
}

extension ChangeSource {
    /// Writes the changes after `since` as JSON lines, then the trailer line, all read in one snapshot of the
    /// source: the format ``ChangeFeed/writeJSONLines(since:limit:until:to:)`` writes, from any source.
    ///
    /// - Parameters:
    ///   - since: the last sequence the reader has.
    ///   - limit: at most this many changes, or `nil` for all of them.
    ///   - write: called with each line, newline included.
    /// - Returns: the trailer.
    @discardableResult
    public func writeJSONLines(since: Int64, limit: Int? = nil, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try reading { source in
            try ChangeBatch.writeJSONLines(since: since, limit: limit, to: write) { position, count in
                try source.batch(after: position, limit: count)
            }
        }
    }
}

extension ChangeBatch {
    /// Writes the batches `next(position, count)` returns, from `since` on, as JSON lines and then the last one's
    /// trailer, stopping after `limit` changes or when no more follow: the one writer of the feed's JSON lines, for
    /// every backend's feed.
    package static func writeJSONLines(
        since: Int64, limit: Int?, to write: (String) throws -> Void,
        next: (_ position: Int64, _ count: Int) throws -> ChangeBatch
    ) throws -> Trailer {
        var position = since
        var remaining = limit ?? Int.max
        var last: ChangeBatch
        repeat {
            last = try next(position, min(remaining, 1000))
            for change in last.changes {
                try write(ChangeLine.change(change).text + "\n")
            }
            remaining -= last.changes.count
            position = last.lastSequence
        } while last.hasMore && remaining > 0
        var trailer = last.trailer
        trailer.since = since
        try write(ChangeLine.trailer(trailer).text + "\n")
        return trailer
    }
}
