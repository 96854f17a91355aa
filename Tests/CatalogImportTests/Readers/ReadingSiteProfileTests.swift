import Catalog
import TestSupport
import Testing

@testable import CatalogImport

/// The `goodreads-export` and `storygraph` profiles over hand-written files in the sites' own column layouts.
@Suite struct ReadingSiteProfileTests {
    private func read(_ name: String, _ profile: CSVProfile) throws -> [ImportRow] {
        try Fixture.rows(
            CSVImportReader<BookRowMapper>(path: Fixture.path(name), options: CSVImportOptions(profile: profile)))
    }

    @Test func profilesAreFoundByName() throws {
        #expect(try CSVProfile.named("Goodreads-Export") == .goodreadsExport)
        #expect(try CSVProfile.named("storygraph") == .storygraph)
    }

    @Test func goodreadsExport() throws {
        let rows = try read("goodreads_library_export.csv", .goodreadsExport)
        #expect(rows.count == 6)
        let books = rows.compactMap(\.book)
        #expect(
            books[0]
                == Fixture.book(
                    title: "The Hunger Games (The Hunger Games, #1)", key: "2767052",
                    credits: [Fixture.credit("Suzanne Collins")], genres: ["young-adult", "dystopia"],
                    isbn13: "9780439023481", year: 2008, pages: 374))
        #expect(
            books[1]
                == Fixture.book(
                    title: "Pride and Prejudice", key: "1885",
                    credits: [
                        Fixture.credit("Jane Austen"), Fixture.credit("Anna Quindlen", role: .contributor),
                        Fixture.credit("Mrs. Oliphant", role: .contributor),
                    ],
                    genres: ["classics"], isbn13: "9780679783268", year: 1813, pages: 279),
            "ISBN when ISBN13 is empty; the original year over the edition's; to-read is no genre")
        #expect(books[2].isbn13 == nil && books[2].year == 2014 && books[2].genres.isEmpty && books[2].pages == nil)
        #expect(books[3].genres.map(\.name) == ["fantasy", "favorites"] && books[3].year == 1937)
        #expect(books[3].isbn13 == "9780618260300")
        #expect(books[4].isbn13 == nil && books[4].year == 2001)
    }

    @Test func goodreadsExportWarnsAboutABadISBNAndRejectsBadPages() throws {
        let rows = try read("goodreads_library_export.csv", .goodreadsExport)
        guard case .accepted(let accepted) = rows[4] else {
            Issue.record("row 6 was rejected")
            return
        }
        #expect(accepted.warnings.map(\.column) == ["ISBN"], "the column actually read is named")
        #expect(accepted.warnings.first?.value == "0439023484")
        #expect(accepted.warnings.first?.line == 6)
        let rejection = try #require(rows[5].rejected)
        #expect(rejection.issues.map(\.column) == ["Number of Pages"])
        #expect(rejection.issues.first?.value == "12x")
    }

    @Test func storygraph() throws {
        let rows = try read("storygraph_export.csv", .storygraph)
        #expect(rows.count == 5)
        let books = rows.compactMap(\.book)
        #expect(
            books[0]
                == Fixture.book(
                    title: "Assassin's Apprentice", key: "9780007562251", credits: [Fixture.credit("Robin Hobb")],
                    genres: ["fantasy", "favourites"], isbn13: "9780007562251"))
        #expect(
            books[1].credits == [
                Fixture.credit("Terry Pratchett"), Fixture.credit("Neil Gaiman"),
                Fixture.credit("Stephen Fry", role: "narrator"), Fixture.credit("Someone Else", role: .contributor),
            ])
        #expect(books[2].key == "B08ZYQT962" && books[2].isbn13 == nil, "an ASIN is a key, not an ISBN")
        #expect(rows[2].acceptedWarnings.isEmpty)
        #expect(books[3].credits.last == Fixture.credit("Breon Mitchell", role: .translator))
        #expect(books[3].isbn13 == "9780805209990" && books[3].genres.map(\.name) == ["classics"])
        #expect(rows[4].rejected?.issues.map(\.column) == ["Title"])
    }

    @Test(arguments: [
        ("Stephen Fry (Narrator)", "Stephen Fry", "narrator"), ("Someone", "Someone", "contributor"),
        ("Ann (Lee) Smith (Editor)", "Ann (Lee) Smith", "editor"), ("()", "()", "contributor"),
    ])
    func contributorRoles(entry: String, name: String, role: String) {
        let parsed = BookRowMapper.nameAndRole(entry)
        #expect(parsed.name == name && parsed.role == ContributorRole(rawValue: role))
    }

    @Test func spreadsheetTextIsReadOnlyWhenTheProfileSaysSo() throws {
        let text = "title,isbn\nDune,\"=\"\"0441013597\"\"\"\n"
        let generic = try Fixture.rows(Fixture.books(text))
        #expect(generic.first?.rejected?.issues.first?.column == "isbn")
        var options = CSVImportOptions(entity: .books)
        options.profile = CSVProfile(
            name: "t", entity: .books, columns: [:], separators: [:],
            bookRules: BookRules(readsSpreadsheetText: true))
        #expect(try Fixture.rows(Fixture.books(text, options: options)).first?.book?.isbn13 == "9780441013593")
    }

    @Test func aProfileFallbackColumnMissingFromTheFileIsNamed() throws {
        #expect(
            throws: ReaderError.unknownColumn(
                path: "test.csv", field: "isbn", column: "ISBN",
                columns: [
                    "Book Id", "Title", "Author", "Additional Authors", "ISBN13", "Original Publication Year",
                    "Number of Pages", "Bookshelves",
                ])
        ) {
            try Fixture.books(
                "Book Id,Title,Author,Additional Authors,ISBN13,Original Publication Year,Number of Pages,Bookshelves\n",
                options: CSVImportOptions(profile: .goodreadsExport))
        }
    }
}

extension ImportRow {
    /// The warnings of an accepted row.
    fileprivate var acceptedWarnings: [RowIssue] {
        if case .accepted(let row) = self { return row.warnings }
        return []
    }
}
