import Foundation
import Testing

@testable import CatalogImport

@Suite struct TimeOrderedUUIDsTests {
    @Test func eachUUIDIsVersion7AndSortsAfterTheOneBefore() {
        var uuids = TimeOrderedUUIDs()
        let before = Date().timeIntervalSince1970 * 1000
        let made = (0..<20_000).map { _ in uuids.next().uuidString.lowercased() }
        #expect(made == made.sorted())
        #expect(Set(made).count == made.count)
        for uuid in made.prefix(100) {
            let characters = Array(uuid)
            #expect(characters[14] == "7", "\(uuid): version")
            #expect("89ab".contains(characters[19]), "\(uuid): variant")
        }
        // The first 48 bits are the time in milliseconds.
        let first = made[0].replacingOccurrences(of: "-", with: "")
        let milliseconds = Double(UInt64(first.prefix(12), radix: 16) ?? 0)
        #expect(milliseconds >= before.rounded(.down) && milliseconds < before + 60_000)
    }

    @Test func moreThan4096InOneMillisecondBorrowTheNextOneAndStayInOrder() {
        var uuids = TimeOrderedUUIDs(clock: { 1_000_000 })
        let made = (0..<10_000).map { _ in uuids.next().uuidString.lowercased() }
        #expect(made == made.sorted())
        #expect(Set(made).count == made.count)
        #expect(made.last?.replacingOccurrences(of: "-", with: "").prefix(12) == "0000000f4242")
    }
}
