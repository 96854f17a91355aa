import Testing

@testable import CatalogImport

@Suite struct PlaceholderAuthorIDsTests {
    /// A works dump names millions of authors at random: every one stays known, however few other keys the map
    /// keeps.
    @Test func everyNumberedKeyStaysKnown() {
        var ids = PlaceholderAuthorIDs(othersCapacity: 2)
        let numbers = (0..<300_000).map { ($0 * 7_919) % PlaceholderAuthorIDs.maxNumber + 1 }
        for (offset, number) in numbers.enumerated() { ids["/authors/OL\(number)A"] = Int64(offset + 1) }
        #expect(numbers.enumerated().allSatisfy { ids["/authors/OL\($1)A"] == Int64($0 + 1) })
        #expect(ids["/authors/OL\(PlaceholderAuthorIDs.maxNumber - 1)A"] == nil)
    }

    /// Keys whose number does not name them alone, or does not fit, go to the bounded map of other keys; no two keys
    /// share an entry.
    @Test func otherKeysAreRememberedApartAndBounded() {
        var ids = PlaceholderAuthorIDs(othersCapacity: 8)
        let keys = [
            "/authors/OL1A", "/authors/OL01A", "/authors/OL0A", "OL1A", "/authors/OL1B", "/authors/OLA",
            "/authors/OL1x2A", "/authors/OL\(PlaceholderAuthorIDs.maxNumber)A", "/authors/OL123456789A",
        ]
        for (offset, key) in keys.enumerated() { ids[key] = Int64(offset + 1) }
        #expect(keys.enumerated().allSatisfy { ids[$1] == Int64($0 + 1) })
        // An id past 32 bits is remembered apart too: a ninth other key, so the other keys start again.
        ids["/authors/OL2A"] = Int64(UInt32.max) + 1
        #expect(ids["/authors/OL2A"] == Int64(UInt32.max) + 1)
        #expect(ids["/authors/OL01A"] == nil && ids["/authors/OL1A"] == 1)
        ids["/authors/OL1A"] = nil
        #expect(ids["/authors/OL1A"] == nil)
        ids["/authors/OL3A"] = 5
        ids.removeAll()
        #expect(ids["/authors/OL3A"] == nil && ids["OL1A"] == nil)
    }
}
