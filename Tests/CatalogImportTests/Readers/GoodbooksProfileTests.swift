import Catalog
import TestSupport
import Testing

@testable import CatalogImport

@Suite struct GoodbooksProfileTests {
    private func read(_ path: String) throws -> [ImportRow] {
        try Fixture.rows(CSVImportReader<BookRowMapper>(path: path, options: CSVImportOptions(profile: .goodbooks)))
    }

    @Test func profileIsFoundByName() throws {
        #expect(try CSVProfile.named("GoodBooks") == .goodbooks)
        #expect(
            throws: ReaderError.unknownProfile(name: "nope", profiles: ["goodbooks", "goodreads-export", "storygraph"])
        ) {
            try CSVProfile.named("nope")
        }
    }

    @Test func quirksFixture() throws {
        let rows = try read(Fixture.path("goodbooks_quirks.csv"))
        #expect(rows.count == 6)
        let books = rows.compactMap(\.book)
        #expect(books.count == 6)
        #expect(
            books[0]
                == Fixture.book(
                    title: "The Hunger Games (The Hunger Games, #1)", key: "2767052",
                    credits: [Fixture.credit("Suzanne Collins")],
                    isbn13: "9780439023481", year: 2008, language: "eng"))
        #expect(
            books[1].credits == [
                Fixture.credit("J.K. Rowling"), Fixture.credit("Mary GrandPré", role: .contributor),
            ])
        #expect(books[1].title.hasPrefix("Harry Potter and the Sorcerer's Stone ("))
        #expect(books[2].year == -720)
        #expect(books[2].credits.map(\.role) == [.author, .contributor, .contributor])
        #expect(books[3].credits == [Fixture.credit("William Gibson")])
        #expect(books[3].language == nil)
        #expect(books[4].isbn13 == "9780804429573")
        #expect(books[4].title == "I Am America (And So Can You!)")
        #expect(books[4].year == nil)
        #expect(books[5].isbn13 == nil)
    }

    @Test func invalidISBNIsDroppedWithAWarning() throws {
        let rows = try read(Fixture.path("goodbooks_quirks.csv"))
        guard case .accepted(let row) = rows[3] else {
            Issue.record("row 4 was rejected")
            return
        }
        #expect(row.record == .book(try #require(rows[3].book)))
        #expect(rows[3].book?.isbn13 == nil)
        #expect(row.warnings.count == 1)
        #expect(row.warnings.first?.line == 5)
        #expect(row.warnings.first?.column == "isbn")
        #expect(row.warnings.first?.value == "7203116")
        #expect(row.warnings.first?.reason.contains("checksum fails") == true)
    }

    @Test func sharedSample() throws {
        let path = try TestSupport.sharedData("goodbooks-10k/samples/books.csv")
        let rows = try read(path)
        let books = rows.compactMap(\.book)
        #expect(rows.count == 99)
        #expect(books.count == 99)
        #expect(books.allSatisfy { $0.isbn13?.count == 13 })
        #expect(Set(books.flatMap(\.credits).map(\.name)).count == 109)
    }

    /// Expected numbers computed from the file independently (Python's csv module, the same rules):
    /// 10,000 books; 9,277 valid ISBNs, 23 failing their checksum; 13,209 credits of which 3,209
    /// contributors; 5,841 distinct author strings, 5,833 once whitespace is collapsed.
    @Test func fullFile() throws {
        let path = try TestSupport.sharedData("goodbooks-10k/books.csv")
        let rows = try read(path)
        let accepted = rows.compactMap { row -> (record: BookRecord, warnings: [RowIssue])? in
            if case .accepted(let accepted) = row, case .book(let book) = accepted.record {
                return (book, accepted.warnings)
            }
            return nil
        }
        #expect(rows.count == 10_000)
        #expect(accepted.count == 10_000)
        #expect(Set(accepted.compactMap(\.record.key)).count == 10_000)
        #expect(accepted.compactMap(\.record.isbn13).count == 9_277)
        #expect(accepted.flatMap(\.warnings).count == 23)
        let credits = accepted.flatMap(\.record.credits)
        #expect(credits.count == 13_209)
        #expect(credits.filter { $0.role == .contributor }.count == 3_209)
        #expect(Set(credits.map(\.name)).count == 5_833)
        #expect(accepted.filter { ($0.record.year ?? 0) < 0 }.count == 31)
    }
}
