import Catalog
import Testing

@testable import CatalogImport

@Suite struct BookRowMapperTests {
    @Test func headersNamedAfterFieldsMapThemselves() throws {
        let reader = try CSVImportReader<BookRowMapper>(path: Fixture.path("bom_crlf.csv"), options: .init())
        let books = try Fixture.rows(reader).compactMap(\.book)
        #expect(
            books == [
                Fixture.book(title: "Dune", credits: [Fixture.credit("Frank Herbert")], year: 1965),
                Fixture.book(title: "Emma", credits: [Fixture.credit("Jane Austen")], year: 1815),
            ])
    }

    @Test func missingMarkersBecomeNil() throws {
        let reader = try CSVImportReader<BookRowMapper>(path: Fixture.path("missing_values.csv"), options: .init())
        let rows = try Fixture.rows(reader)
        #expect(
            rows[0].book
                == Fixture.book(
                    title: "Dune", credits: [Fixture.credit("Frank Herbert")], genres: ["Science Fiction"]))
        let rejected = try #require(rows[1].rejected)
        #expect(rejected.line == 3)
        #expect(
            rejected.issues == [
                RowIssue(line: 3, column: "title", value: "N/A", reason: "is missing; every book needs a title")
            ])
        #expect(rejected.rawValues == ["N/A", "Someone", "", "", "", "", "", ""])
    }

    @Test func badValuesCarryLineColumnValueAndReason() throws {
        let reader = try CSVImportReader<BookRowMapper>(path: Fixture.path("bad_values.csv"), options: .init())
        let rows = try Fixture.rows(reader)
        #expect(rows[0].book == Fixture.book(title: "Good", isbn13: "9780306406157", year: 1979, pages: 320))
        #expect(
            rows[1].rejected?.issues == [
                RowIssue(line: 3, column: "year", value: "19x9", reason: "is not a year (expected a whole number)")
            ])
        #expect(rows[2].rejected?.issues.first?.column == "pages")
        #expect(rows[2].rejected?.issues.first?.reason.contains("out of range") == true)
        let isbn = try #require(rows[3].rejected?.issues.first)
        #expect(isbn.column == "isbn")
        #expect(isbn.value == "0306406153")
        #expect(isbn.reason.contains("checksum fails"))
    }

    @Test func collectsEveryIssueOfARow() throws {
        let rows = try Fixture.rows(Fixture.books("title,year,pages\n,abc,0\n"))
        #expect(rows[0].rejected?.issues.map(\.column) == ["title", "year", "pages"])
    }

    @Test func raggedRowIsRejectedWithItsFields() throws {
        let reader = try CSVImportReader<BookRowMapper>(path: Fixture.path("ragged.csv"), options: .init())
        let rows = try Fixture.rows(reader)
        #expect(rows.compactMap(\.book).map(\.title) == ["Dune", "Emma"])
        let rejected = rows.compactMap(\.rejected)
        #expect(rejected.map(\.line) == [4, 7])
        #expect(rejected[0].issues[0].reason == "has 2 fields but the header has 3")
        #expect(rejected[1].rawValues == ["Too Many", "A", "1999", "extra"])
    }

    @Test func missingRequiredColumnListsTheColumnsThatExist() {
        let path = Fixture.path("missing_title.csv")
        let error = #expect(throws: ReaderError.self) {
            try CSVImportReader<BookRowMapper>(path: path, options: .init())
        }
        #expect(error == .missingRequiredColumn(path: path, field: "title", columns: ["name", "writer", "published"]))
        #expect(error?.description.contains("'name', 'writer', 'published'") == true)
        #expect(error?.description.contains("--") == false)
    }

    @Test func mapAndSplitOptionsImportAnUnknownLayout() throws {
        var options = CSVImportOptions(entity: .books)
        try options.addMapping("title=name")
        try options.addMapping("authors=Writer")
        try options.addMapping("year=published")
        try options.addSplit("authors=;")
        let text =
            "name,writer,published,Genres\nGood Omens,Terry Pratchett; Neil  Gaiman ;,1990.0,Fantasy|Humour|fantasy\n"
        let book = try #require(Fixture.rows(Fixture.books(text, options: options)).first?.book)
        #expect(book.title == "Good Omens")
        #expect(book.credits.map(\.name) == ["Terry Pratchett", "Neil Gaiman"])
        #expect(book.year == 1990)
        #expect(book.genres.map(\.name) == ["Fantasy", "Humour", "fantasy"])
    }

    @Test func emptySplitSeparatorKeepsOneValue() throws {
        var options = CSVImportOptions(entity: .books)
        try options.addSplit("genres=")
        let book = try #require(
            Fixture.rows(Fixture.books("title,genres\nX,Rock|Pop\n", options: options)).first?.book)
        #expect(book.genres.map(\.name) == ["Rock|Pop"])
    }

    @Test func contributorsFollowAuthors() throws {
        let text = "title,authors,contributors\nX,A|B,C|A|D\n"
        let book = try #require(Fixture.rows(Fixture.books(text)).first?.book)
        #expect(
            book.credits == [
                Fixture.credit("A"), Fixture.credit("B"), Fixture.credit("C", role: .contributor),
                Fixture.credit("D", role: .contributor),
            ])
    }

    @Test(arguments: [
        ("--map", "nonsense", ReaderError.malformedPair(.columnMapping, argument: "nonsense")),
        ("--map", "colour=x", .unknownField(field: "colour", entity: .books, fields: ImportEntity.books.fields)),
        ("--split", "title=;", .notMultiValued(field: "title", fields: ["authors", "contributors", "genres"])),
    ])
    func badOptionsAreRefused(option: String, argument: String, error: ReaderError) {
        var options = CSVImportOptions(entity: .books)
        #expect(throws: error) {
            if option == "--map" { try options.addMapping(argument) } else { try options.addSplit(argument) }
        }
    }

    @Test func mappedColumnMustExist() {
        var options = CSVImportOptions(entity: .books)
        #expect(throws: Never.self) { try options.addMapping("title=Heading") }
        #expect(
            throws: ReaderError.unknownColumn(path: "test.csv", field: "title", column: "Heading", columns: ["title"])
        ) {
            try Fixture.books("title\nX\n", options: options)
        }
    }

    @Test func headerMatchIgnoresCase() throws {
        let book = try #require(Fixture.rows(Fixture.books(" Title ,ISBN\nX,0306406152\n")).first?.book)
        #expect(book == Fixture.book(title: "X", isbn13: "9780306406157"))
    }

    @Test(arguments: ["", "-", "N/A", "n/a", " n/A ", "  "])
    func missingMarkers(value: String) {
        #expect(FieldValue.isMissing(value))
    }

    @Test(arguments: ["0", "--", "NA", "none", "x"])
    func notMissing(value: String) {
        #expect(!FieldValue.isMissing(value))
    }
}
