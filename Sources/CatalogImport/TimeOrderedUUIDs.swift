import Foundation

/// The uuids of the rows an import creates: version 7 (RFC 9562), each sorting after the one before.
///
/// The first 48 bits are the Unix time in milliseconds and the next 12 a counter within the millisecond, so a
/// million new rows are appended to the `uuid` indexes (the entities', the change log's) instead of landing on
/// random pages of them: once an index outgrows the page cache, a random insert reads one page and writes another
/// back. The last 62 bits are random, from a SplitMix64 stream seeded from the system once per run: Foundation's
/// `UUID()` reads the system generator for every call, a system call per row.
struct TimeOrderedUUIDs {
    private var random = SplitMix64()
    private var milliseconds: UInt64 = 0
    private var counter: UInt64 = 0
    /// The Unix time in milliseconds.
    private let clock: () -> UInt64

    init(clock: @escaping () -> UInt64 = { UInt64(max(0, Date().timeIntervalSince1970 * 1000)) }) {
        self.clock = clock
    }

    mutating func next() -> UUID {
        let now = clock()
        if now > milliseconds {
            milliseconds = now
            counter = 0
        } else if counter < 0xFFF {
            counter += 1
        } else {
            // 4,096 uuids in one millisecond: borrow the next one, as RFC 9562 allows, to stay in order.
            milliseconds += 1
            counter = 0
        }
        let high = milliseconds << 16 | 0x7000 | counter
        let low = random.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
                byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }
}
