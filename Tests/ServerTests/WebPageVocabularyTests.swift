import Foundation
import LibraryNavigation
import Testing

/// The web page's code names no list, filter, section or intent of its own: what it shows and sends comes from the
/// API (`GET /v1/navigation`, a scene's `contentLists` and `detailPath`, a detail's `facts` and `related`).
@Suite struct WebPageVocabularyTests {
    /// The page's scripts, as one text.
    static func scripts() throws -> String {
        try WebPageTests.sourceFiles().filter { $0.key.hasSuffix(".js") }.sorted { $0.key < $1.key }
            .map { String(decoding: $0.value, as: UTF8.self) }.joined(separator: "\n")
    }

    /// The quoted strings of `text` that match `pattern`'s first group.
    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyIntentThePageSendsIsOneTheAPIOffers() throws {
        let sent = try Self.matches(#"(?:intent|act)\(\s*"([a-z-]+)""#, in: try Self.scripts())
        #expect(!sent.isEmpty)
        let offered = Set(NamedIntent.all.map(\.name))
        #expect(sent.filter { !offered.contains($0) } == [])
    }

    @Test func thePageAsksForNoCatalogPathOfItsOwn() throws {
        let paths = try Self.matches(#"["`](/v1/[^"`$?]*)"#, in: try Self.scripts())
        // The change feed and its high-water mark name no list either: they say which entries changed.
        #expect(
            Set(paths) == [
                "/v1/web/session", "/v1/navigation", "/v1/me/scenes/", "/v1/editing", "/v1/health", "/v1/changes",
            ])
        for name in ["books", "authors", "genres", "bands", "search/", "?genre=", "bookCount", "coauthors"] {
            #expect(!(try Self.scripts()).contains("\"\(name)"), "the page names \(name)")
        }
    }
}
