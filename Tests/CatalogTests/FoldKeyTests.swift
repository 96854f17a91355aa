import Catalog
import TestSupport
import Testing

@Suite struct FoldKeyTests {
    @Test(arguments: [
        ["MOTÖRHEAD", "Motörhead", "motorhead", "Mo\u{308}torhead"],
        ["Sigur Rós", "SIGUR ROS", "sigur  ros"],
        ["Mötley Crüe", "motley crue"],
        ["ΕΛΛΗΝΙΚΆ", "Ελληνικά", "ελληνικα"],
        ["МОСКВА", "Москва", "москва"],
        ["Straße", "STRASSE"],
        ["Ｆｕｌｌ", "full"],
        ["Brontë", "BRONTE"],
        ["Ñandú", "nandu"],
    ])
    func spellingsShareOneKey(spellings: [String]) {
        let keys = Set(spellings.map(FoldKey.of))
        #expect(keys.count == 1, "\(spellings) fold to \(keys)")
    }

    @Test func differentNamesKeepDifferentKeys() {
        #expect(FoldKey.of("Motörhead") != FoldKey.of("Motorheads"))
        #expect(FoldKey.of("東京") == "東京")
        #expect(FoldKey.of("  a \t b\n") == "a b")
    }

    @Test func bandsAreFoundByFoldedName() throws {
        let catalog = try makeCatalog()
        let motorhead = try catalog.bands.create(BandDraft(name: "Motörhead"))
        for spelling in ["MOTÖRHEAD", "Motörhead", "motorhead"] {
            #expect(try catalog.bands.find(named: spelling).map(\.id) == [motorhead.id])
        }
    }

    @Test func genreNamesAreUniqueOnceFolded() throws {
        let catalog = try makeCatalog()
        try catalog.genres.create(GenreDraft(name: "Heavy Metal"))
        #expect(throws: CatalogError.self) { try catalog.genres.create(GenreDraft(name: "HEAVY  métal")) }
        #expect(try catalog.genres.find(named: "heavy metal")?.name == "Heavy Metal")
    }
}
