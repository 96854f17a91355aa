import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import CatalogImport

/// The Calibre library fixture was made with Calibre 6.13 (`calibredb add --empty`, `calibredb set_metadata`):
/// five books, one with HTML comments and a goodreads identifier before its ISBN, one by two authors, three
/// with non-ASCII names, two without an ISBN, one with a failing ISBN and an amazon identifier, one with two
/// languages.
@Suite struct CalibreLibraryReaderTests {
    static let hobbit = "5bdab16c-5337-4c88-a670-0ee6d8bb5243"
    static let goodOmens = "a19e1594-eb9a-455c-8404-5263d8c5e475"
    static let threeHearts = "aa37e686-b303-4914-ae58-650b427fb197"

    /// The rows of a library: by default a copy of the fixture, so a reader that wrote would not spoil it.
    private func rows(_ library: String? = nil) throws -> [ImportRow] {
        let folder = try library ?? TestSupport.calibreLibrary(in: TemporaryFiles("calibre").url)
        return try Fixture.rows(CalibreLibraryReader(path: folder + "/metadata.db"))
    }

    private func credit(_ name: String, sort: String) -> BookRecord.Contributor {
        .init(author: AuthorRecord(name: name, sortName: sort))
    }

    @Test func readsEveryBookWithItsCalibreFields() throws {
        let books = try rows().compactMap(\.book)
        #expect(books.count == 5)
        #expect(
            books[0]
                == BookRecord(
                    key: Self.hobbit, title: "The Hobbit", sortTitle: "Hobbit, The", isbn13: "9780261102217",
                    year: 1937, language: "eng",
                    summary: "In a hole in the ground there lived a hobbit.\n\n"
                        + "Not a nasty, dirty, wet hole & not a dry one either — it was a hobbit\u{2011}hole, “comfort”.",
                    contributors: [credit("J. R. R. Tolkien", sort: "Tolkien, J. R. R.")],
                    genres: [GenreRecord(name: "Fantasy"), GenreRecord(name: "Classics")]))
        #expect(books[1].key == Self.goodOmens)
        #expect(books[1].isbn13 == "9780060853983", "an ISBN-10 becomes its ISBN-13")
        #expect(books[1].year == 1990)
        #expect(books[1].summary == "Plain text summary.\nSecond line")
        #expect(
            books[1].credits == [
                credit("Terry Pratchett", sort: "Pratchett, Terry"), credit("Neil Gaiman", sort: "Gaiman, Neil"),
            ])
        #expect(books[2].title == "Die Verwandlung" && books[2].isbn13 == nil && books[2].language == "deu")
        #expect(books[3].title == "Cien años de soledad" && books[3].year == nil, "0101-01-01 is Calibre's unknown")
        #expect(books[3].credits == [credit("Gabriel García Márquez", sort: "Márquez, Gabriel García")])
        #expect(books[3].genres.isEmpty && books[3].summary == nil)
        #expect(
            books[4].credits.map(\.name) == ["Zoë Zimmer", "Ålvar Aalto", "Bo Brandt"],
            "credited order, not alphabetical")
        #expect(books[4].language == nil)
    }

    @Test func aFailingISBNIsDroppedWithAWarningNamingTheBook() throws {
        guard case .accepted(let row) = try rows()[4] else {
            Issue.record("Three Hearts was rejected")
            return
        }
        #expect(row.warnings.count == 1)
        #expect(row.warnings.first?.column == "isbn (Calibre book 5)")
        #expect(row.warnings.first?.value == "9780000000001")
        #expect(row.warnings.first?.reason.contains("checksum fails") == true)
        #expect(try rows()[4].book?.isbn13 == nil)
    }

    @Test(
        arguments: [
            ("1937-09-21 00:00:00+00:00", 1937), ("0101-01-01 00:00:00+00:00", nil), ("2001-06-15T12:00:00", 2001),
            ("", nil), ("19", nil), ("abcd-01-01", nil),
        ] as [(String, Int?)])
    func yearOfAPubdate(pubdate: String, year: Int?) {
        #expect(CalibreLibraryReader.year(pubdate) == year)
    }

    @Test(arguments: [
        ("<div><p>One &amp; two.</p><p>Three</p></div>", "One & two.\n\nThree"),
        ("Plain\ntext &lt;kept&gt;", "Plain\ntext <kept>"),
        ("<p>Line<br/>break</p>", "Line\nbreak"),
        ("<p>  spread\n   over\tlines </p>", "spread over lines"),
        ("<style>p { color: red }</style><p>Shown</p><script>hidden()</script>", "Shown"),
        ("<p>&#233;&#xE9;&eacute; &unknown; &amp</p>", "ééé &unknown; &amp"),
        ("<ul><li>one</li><li>two</li></ul>", "one\n\ntwo"),
        ("<p>unclosed <b", "unclosed <b"),
        ("", ""),
    ])
    func htmlIsReducedToText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }

    @Test func aBookWithoutTitleIsRejectedWithItsCalibreID() throws {
        let files = try TemporaryFiles("calibre")
        let library = try TestSupport.calibreLibrary(
            in: files.url, editedBy: "DROP TRIGGER books_update_trg; UPDATE books SET title = '  ' WHERE id = 2")
        let rejection = try #require(try rows(library)[1].rejected)
        #expect(rejection.record == "Calibre book 2")
        #expect(rejection.issues.map(\.column) == ["title"])
        #expect(rejection.rawValues == ["2", Self.goodOmens, "  ", "Terry Pratchett|Neil Gaiman"])
        #expect(
            "\(rejection)".hasSuffix("metadata.db: Calibre book 2: column title: is empty; every book needs a title"))
    }

    @Test func somethingElseIsRefusedAsNotACalibreLibrary() throws {
        let files = try TemporaryFiles("calibre")
        let text = files.file("metadata.db", "title\nDune\n")
        #expect(throws: ReaderError.calibreLibrary(path: text, reason: "it is not a SQLite database")) {
            try CalibreLibraryReader(path: text)
        }
        let catalogFile = files.path("catalog.sqlite")
        _ = try Database(path: catalogFile)
        #expect(throws: ReaderError.self) { try CalibreLibraryReader(path: catalogFile) }
        #expect(
            ReaderError.calibreLibrary(path: "x", reason: "it has no table 'books'").description
                == "x: cannot read it as a Calibre library: it has no table 'books'.")
        #expect(ReaderError.calibreLibrary(path: "x", reason: "r").category == .unusableFile)
    }

    @Test func theFormatIsGuessedFromTheNameOrTheFolder() throws {
        #expect(ImportFormat.guess(path: "/lib/metadata.db", firstBytes: []) == .calibre)
        #expect(ImportFormat.guess(path: "/lib/other.db", firstBytes: []) == nil)
        let files = try TemporaryFiles("calibre")
        let library = try TestSupport.calibreLibrary(in: files.url)
        #expect(CatalogImporter.calibreDatabase(inFolder: library) == library + "/metadata.db")
        #expect(CatalogImporter.calibreDatabase(inFolder: files.url.path) == nil)
        #expect(CatalogImporter.calibreDatabase(inFolder: library + "/metadata.db") == nil)
    }
}

/// Importing a Calibre library into a catalog: read-only, idempotent, updated in place.
@Suite struct CalibreImportTests {
    @Test func importingNeverTouchesTheLibraryFile() throws {
        let files = try TemporaryFiles("calibre")
        let library = try TestSupport.calibreLibrary(in: files.url)
        let database = library + "/metadata.db"
        // An old modification time: a write during the import could not keep it by chance.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: database)
        let bytes = try Data(contentsOf: URL(filePath: database))
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importFile(atPath: library)
        #expect(summary.inserted == 5 && summary.rejected == 0 && summary.source == "calibre")
        #expect(try Data(contentsOf: URL(filePath: database)) == bytes)
        let modified = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library) == ["metadata.db"])
    }

    @Test func importingAgainChangesNothing() throws {
        let catalog = try makeCatalog()
        let path = try TestSupport.calibreLibrary(in: TemporaryFiles("calibre").url) + "/metadata.db"
        let first = try catalog.importer.importFile(atPath: path)
        #expect(first.inserted == 5 && first.warningCount == 1)
        let changes = catalog.db.totalChanges
        let second = try catalog.importer.importFile(atPath: path)
        #expect(second.unchanged == 5 && second.inserted == 0 && second.updated == 0)
        #expect(catalog.db.totalChanges == changes)
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func anEditedLibraryUpdatesItsBooksInPlace() throws {
        let files = try TemporaryFiles("calibre")
        let catalog = try makeCatalog()
        _ = try catalog.importer.importFile(atPath: try TestSupport.calibreLibrary(in: files.url, named: "before"))
        let uuid = try catalog.db.fetchOne(String.self, "SELECT uuid FROM books WHERE title = 'Good Omens'")
        let edited = try TestSupport.calibreLibrary(
            in: files.url, named: "after",
            editedBy: """
                DROP TRIGGER books_update_trg;
                UPDATE books SET title = 'Good Omens: The Nice and Accurate Prophecies', sort = 'Good Omens' WHERE id = 2;
                UPDATE comments SET text = '<p>Revised.</p>' WHERE book = 2;
                """)
        let summary = try catalog.importer.importFile(atPath: edited)
        #expect(summary.updated == 1 && summary.unchanged == 4 && summary.inserted == 0)
        #expect(try catalog.db.fetchOne(Int.self, "SELECT count(*) FROM books") == 5)
        let row = try catalog.db.fetchOne(
            String.self, "SELECT title || ' / ' || summary FROM books WHERE uuid = ?", [uuid])
        #expect(row == "Good Omens: The Nice and Accurate Prophecies / Revised.")
    }
}
