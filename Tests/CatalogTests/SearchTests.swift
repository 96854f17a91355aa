import Foundation
import TestSupport
import Testing

@testable import Catalog

@Suite struct SearchTests {
    static let hostile: [String] = [
        "", " ", "   \t\n ", "\"", "\"\"", "\"unbalanced", "(", ")", "((tolk", "tolk)", "*", "tolk*", "**", "-",
        "-tolk", "tolk -hobbit", ":", "title:tolk", "name:", "^tolk", "AND", "OR", "NOT", "NEAR", "NEAR(tolk hobbit)",
        "tolk AND", "AND OR NOT", "a OR b", "{name}: x", "+", "'", "'; DROP TABLE books; --", "\\", "%", "_",
        "🎸", "🎸🎸 tolk", "👨‍👩‍👧", "\u{0}", "x\u{0}y", "\u{202E}evil", "Ω", "ø", "東京", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
        String(repeating: "tolkien ", count: 1300), String(repeating: "(\"*", count: 3500),
        String(repeating: "x", count: 10_240), "a", "ab", "j r r tolk",
    ]

    @Test(arguments: hostile)
    func anyTextSearchesSafely(text: String) throws {
        let catalog = try makeSampleCatalog()
        _ = try catalog.search(text, limit: 50)
    }

    @Test func prefixFindsTolkien() throws {
        let catalog = try makeSampleCatalog()
        let hits = try catalog.search("tolk")
        #expect(hits.contains { $0.kind == .author && $0.name == "J. R. R. Tolkien" })
        #expect(try catalog.search("j r r tolk").first?.name == "J. R. R. Tolkien")
    }

    @Test func searchIgnoresCaseAndDiacritics() throws {
        let catalog = try makeSampleCatalog()
        for text in ["MOTÖRHEAD", "motorhead", "Motörhead"] {
            #expect(try catalog.search(text).map(\.name) == ["Motörhead"])
        }
        #expect(try catalog.search("sigur ros").first?.name == "Sigur Rós")
        #expect(try catalog.search("КИНО").first?.name == "Кино")
    }

    @Test func searchCoversEveryKind() throws {
        let catalog = try makeSampleCatalog()
        #expect(try catalog.search("hobbit").first?.kind == .book)
        #expect(try catalog.search("austen").first?.kind == .author)
        #expect(try catalog.search("post-rock").contains { $0.kind == .genre })
        #expect(try catalog.search("beatles").first?.kind == .band)
        let dracula = try #require(try catalog.search("dracula").first)
        #expect(try catalog.summary(of: .book, uuid: dracula.uuid) == dracula)
    }

    @Test func searchFollowsWrites() throws {
        let catalog = try makeCatalog()
        let band = try catalog.bands.create(BandDraft(name: "Kraftwerk"))
        #expect(try catalog.search("kraft").map(\.id) == [band.id])
        try catalog.bands.update(id: band.id, with: BandDraft(name: "Organisation"))
        #expect(try catalog.search("kraft").isEmpty)
        #expect(try catalog.search("organ").map(\.id) == [band.id])
        try catalog.bands.delete(id: band.id)
        #expect(try catalog.search("organ").isEmpty)
        try catalog.rebuildSearchIndex()
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test(arguments: [
        ("tolk", "\"tolk\"*"),
        ("  Tolkien   hobbit ", "\"Tolkien\" \"hobbit\"*"),
        ("NEAR(a b)", "\"NEAR\" \"a\" \"b\""),
        ("\"quoted\" -x", "\"quoted\" \"x\""),
        ("a", "\"a\""),
    ])
    func queriesAreQuotedTerms(text: String, expected: String) {
        #expect(SearchQuery.expression(for: text) == expected)
    }

    @Test func textWithoutTermsIsNoQuery() {
        for text in ["", "   ", "🎸", "()*:-\"", "\u{0}"] {
            #expect(SearchQuery.expression(for: text) == nil)
        }
        #expect(SearchQuery.terms(in: String(repeating: "word ", count: 5000)).count == SearchQuery.maximumTerms)
    }
}
