import CatalogSync
import Testing

/// A run of batches pinned with `until` ends where it was pinned, however much is written meanwhile.
@Suite struct ChangeFeedUntilTests {
    @Test func changesStopAtUntilAndTheRunEndsThere() throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let end = try fixture.feed.highWater()
        let sequences = try fixture.feed.changes(since: 0, limit: 100_000).changes.map(\.sequence)
        let pinned = sequences[sequences.count - 5]
        let upToPin = sequences.filter { $0 <= pinned }
        let first = try fixture.feed.changes(since: 0, limit: 100_000, until: pinned)
        #expect(first.changes.map(\.sequence) == upToPin)
        #expect(first.lastSequence == pinned)
        #expect(!first.hasMore)
        let paged = try fixture.feed.changes(since: upToPin[upToPin.count - 4], limit: 2, until: pinned)
        #expect(paged.changes.map(\.sequence) == Array(upToPin.suffix(3).prefix(2)))
        #expect(paged.hasMore)
        #expect(try fixture.feed.changes(since: 0, until: end + 100).lastSequence == end)
        var lines = ""
        let trailer = try fixture.feed.writeJSONLines(since: 0, until: pinned) { lines += $0 }
        #expect(trailer.lastSequence == pinned)
        #expect(lines.split(separator: "\n").count == upToPin.count + 1)
    }
}
