import Catalog
import TestSupport
import Testing

@testable import CatalogImport

/// `--split FIELD=list`: cells written as JSON arrays or Python list literals.
@Suite struct ListCellTests {
    @Test(arguments: [
        (#"["Fantasy", "Classics"]"#, ["Fantasy", "Classics"]),
        (#"['Fantasy', 'Classics']"#, ["Fantasy", "Classics"]),
        (#"['Fantasy', "Alice's Books", 'It\'s']"#, ["Fantasy", "Alice's Books", "It's"]),
        (#"[]"#, []),
        (#"  [ 'a' , 'b', ]  "#, ["a", "b"]),
        (
            #"["caf\u00e9", "\ud83d\ude00", 'tab\tx', 'caf\xe9', '\U0001F600', "a\/b", "q\"q", 'b\\s']"#,
            ["café", "😀", "tab\tx", "café", "😀", "a/b", "q\"q", "b\\s"]
        ),
        (#"['[Untitled]']"#, ["[Untitled]"]),
    ])
    func readsListLiterals(cell: String, items: [String]) throws {
        #expect(try ListCell.items(cell).get() == items)
    }

    @Test(arguments: [
        ("Fantasy, Classics", "is not a list: expected a JSON array or a Python list such as ['Fantasy', 'Classics']"),
        ("[Fantasy]", "is not a valid list: item 1 is not in quotes (character 2)"),
        ("['a' 'b']", "is not a valid list: expected , or ] after item 1 (character 6)"),
        ("['a', 'b", "is not a valid list: the quote that opens item 2 is never closed (character 7)"),
        ("['a'", "is not a valid list: the list is never closed with ] (character 5)"),
        ("['a'] x", "is not a valid list: text after the closing ] (character 7)"),
        (#"['\q']"#, #"is not a valid list: unknown escape \q (character 3)"#),
        (#"["\ud83d"]"#, #"is not a valid list: \uD83D is half of a surrogate pair (character 3)"#),
        (#"['\x4']"#, "is not a valid list: an escape has a character that is not a hexadecimal digit (character 3)"),
        (#"['\u00"#, "is not a valid list: an escape is cut short (character 3)"),
        (#"['\x00']"#, "is not a valid list: an escape names no character (character 3)"),
    ])
    func malformedListsSayWhere(cell: String, reason: String) {
        #expect(ListCell.items(cell) == .failure(FieldValue.ValueError(reason: reason)))
    }

    @Test func aListColumnIsReadAsOneValuePerItemAndAMalformedOneRejectsItsRow() throws {
        var options = CSVImportOptions(entity: .books)
        try options.addSplit("genres=list")
        try options.addSplit("authors=list")
        let rows = try Fixture.rows(
            Fixture.books(
                """
                title,authors,genres
                [Untitled],"['Anne O\\'Neil', ""Bo's Friend""]","['Fantasy', 'Classics', 'Fantasy']"
                Dune,"[""Frank Herbert""]",
                Broken,"['X']","['Fantasy', 'Classics'"
                """, options: options))
        #expect(
            rows[0].book
                == Fixture.book(
                    title: "[Untitled]", credits: [Fixture.credit("Anne O'Neil"), Fixture.credit("Bo's Friend")],
                    genres: ["Fantasy", "Classics"]))
        #expect(rows[1].book?.genres == [] && rows[1].book?.credits == [Fixture.credit("Frank Herbert")])
        let rejection = try #require(rows[2].rejected)
        #expect(rejection.issues.map(\.column) == ["genres"])
        #expect(rejection.issues.first?.line == 4)
        #expect(rejection.issues.first?.value == "['Fantasy', 'Classics'")
        #expect(rejection.issues.first?.reason == "is not a valid list: the list is never closed with ] (character 23)")
    }

    @Test func withoutTheFlagABracketedCellIsNotAList() throws {
        let rows = try Fixture.rows(Fixture.books("title,genres\n[Untitled],['Fantasy']\n"))
        #expect(rows[0].book == Fixture.book(title: "[Untitled]", genres: ["['Fantasy']"]))
    }
}
