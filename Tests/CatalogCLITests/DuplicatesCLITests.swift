import Foundation
import TestSupport
import Testing

/// `catalog duplicates KIND`: probable duplicates listed for a person to decide on, as text and as JSON; nothing
/// changes.
@Suite struct DuplicatesCLITests {
    @Test func twoSpellingsOfOneAuthorAreListedAndNothingIsMerged() throws {
        let cli = try CatalogCLI("duplicates")
        let file = cli.path("books.csv")
        try Data(
            """
            title,authors,year
            Tom Sawyer,Mark Twain,1876
            Huckleberry Finn,"Twain, Mark",1884
            The Hobbit,J.R.R. Tolkien,1937
            The Silmarillion,J. R. R. Tolkien,1977

            """.utf8
        ).write(to: URL(filePath: file))
        #expect(try cli.run("import", file).status == 0)
        let before = try cli.run("list", "authors", "--json").standardOutput

        let text = try cli.run("duplicates", "authors")
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "2 groups of probable duplicate authors (nothing was merged)")
        #expect(lines.contains("the same name in another order"))
        #expect(lines.contains("the same name but for punctuation or spacing"))
        #expect(lines.contains { $0.hasPrefix("  Twain, Mark  ") && $0.contains("1 book  ") })

        let json = try cli.run("duplicates", "authors", "--json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "author")
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(Set(groups.compactMap { $0["reason"] as? String }) == ["word-order", "punctuation"])
        let names = groups.flatMap { ($0["members"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        #expect(Set(names) == ["Mark Twain", "Twain, Mark", "J.R.R. Tolkien", "J. R. R. Tolkien"])
        #expect(try cli.run("list", "authors", "--json").standardOutput == before)

        #expect(try cli.run("duplicates", "books").standardOutput == "no probable duplicate books\n")
        let unknown = try cli.run("duplicates", "shelves")
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown kind 'shelves'"))
    }
}
