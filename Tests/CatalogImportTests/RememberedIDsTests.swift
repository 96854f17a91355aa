import Testing

@testable import CatalogImport

@Suite struct RememberedIDsTests {
    @Test func aFullMapStartsAgainAndNeverHoldsMoreThanItsCapacity() {
        var ids = RememberedIDs(capacity: 3)
        for (offset, name) in ["a", "b", "c"].enumerated() { ids[name] = Int64(offset) }
        #expect(ids.count == 3 && ids["a"] == 0 && ids["c"] == 2)
        ids["b"] = 7  // a name it holds is replaced in place
        #expect(ids.count == 3 && ids["b"] == 7)
        ids["d"] = 3  // a new name when full: the others are forgotten
        #expect(ids.count == 1 && ids["d"] == 3 && ids["a"] == nil)
        ids.removeAll()
        #expect(ids.count == 0)
    }
}
