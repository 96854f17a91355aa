import Catalog
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@testable import CatalogImport

/// The import pipeline end to end through the library API: identity, idempotence, batches, bad input.
@Suite struct ImportTests {
    private func options(_ configure: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
        var options = ImportOptions()
        configure(&options)
        return options
    }

    private func books(_ catalog: LibraryCatalog) throws -> [String] {
        try catalog.db.fetchAll(String.self, "SELECT title FROM books ORDER BY title")
    }

    @Test func mixedFileCountsEveryRowOnce() throws {
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"))
        #expect(summary.inserted == 2)
        #expect(summary.duplicates == 1)
        #expect(summary.rejected == 2)
        #expect(summary.total == 5)
        #expect(summary.rejections.map(\.line) == [5, 6])
        #expect(summary.rejections[1].issues.first?.column == "year")
        #expect(summary.rejections[1].issues.first?.value == "19x0")
        #expect(try books(catalog) == ["Dune", "Emma"])
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func aFileWithoutAFormatThatCannotBeOpenedSaysWhy() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import").url.path
        #expect(throws: ImportError.file(.file(.cannotOpen(path: directory, reason: "it is a directory")))) {
            try catalog.importer.importFile(atPath: directory)
        }
        let missing = directory + "/absent"
        #expect(throws: ImportError.file(.file(.cannotOpen(path: missing, reason: "no such file")))) {
            try catalog.importer.importFile(atPath: missing)
        }
    }

    @Test func importingTwiceChangesNothing() throws {
        let catalog = try makeCatalog()
        let first = try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"))
        let changes = catalog.db.totalChanges
        let second = try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"))
        #expect(second.unchanged == first.inserted + first.duplicates)
        #expect(second.inserted == 0 && second.updated == 0 && second.duplicates == 0)
        #expect(catalog.db.totalChanges == changes)
    }

    @Test func aChangedRowUpdatesInPlace() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import")
        let path = directory.file("books.csv", "source_key,title,year\nk1,Dune,1965\nk2,Emma,1815\n")
        _ = try catalog.importer.importFile(atPath: path)
        let uuid = try #require(try catalog.db.fetchOne(String.self, "SELECT uuid FROM books WHERE title = 'Dune'"))
        _ = directory.file("books.csv", "source_key,title,year\nk1,Dune Messiah,1969\nk2,Emma,1815\n")
        let summary = try catalog.importer.importFile(atPath: path)
        #expect(summary.updated == 1 && summary.unchanged == 1)
        #expect(
            try catalog.db.fetchOne(String.self, "SELECT title FROM books WHERE uuid = ?", [uuid]) == "Dune Messiah")
        #expect(try catalog.books.count() == 2)
    }

    @Test func longCreditAndGenreListsKeepTheirOrderAndLoseTheirRepeats() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import")
        // Twelve authors (one named twice) and ten genres: longer than the lists written by statements made in advance.
        let authors = (1...11).map { "Author \($0)" } + ["Author 3"]
        let genres = (1...10).map { "Genre \($0)" }
        let path = directory.file(
            "books.csv",
            "source_key,title,year,authors,genres\nk1,Dune,1965,\(authors.joined(separator: "|")),"
                + "\(genres.joined(separator: "|"))\nk2,Emma,1815,Jane Austen,Romance\n")
        _ = try catalog.importer.importFile(atPath: path)
        func lists(_ title: String) throws -> (authors: [String], genres: [String], sortKeys: Set<String>) {
            let bookID = try #require(
                try catalog.db.fetchOne(Int64.self, "SELECT id FROM books WHERE title = ?", [title]))
            return (
                try catalog.books.credits(of: bookID, after: nil, limit: 100).items.map(\.author.name),
                try catalog.books.genres(of: bookID).map(\.name),
                Set(
                    try catalog.db.fetchAll(
                        String.self,
                        """
                        SELECT book_sort_key FROM book_authors WHERE book_id = ?1
                        UNION ALL SELECT book_sort_key FROM book_genres WHERE book_id = ?1
                        """, [bookID]))
            )
        }
        var dune = try lists("Dune")
        #expect(dune.authors == Array(authors.prefix(11)))
        #expect(dune.genres == genres)
        #expect(dune.sortKeys == ["dune"])
        #expect(try lists("Emma").authors == ["Jane Austen"])

        // Shorter lists replace them.
        _ = directory.file(
            "books.csv", "source_key,title,year,authors,genres\nk1,Dune,1965,Author 2|Author 1,Genre 9\n")
        _ = try catalog.importer.importFile(atPath: path)
        dune = try lists("Dune")
        #expect(dune.authors == ["Author 2", "Author 1"])
        #expect(dune.genres == ["Genre 9"])
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func forgettingRememberedNamesChangesNoDecision() throws {
        // Files crediting the same authors and genres again and again, by name and by Open Library key.
        let files =
            ["library.json", "music.json"].map { TestSupport.sampleData.appending(path: $0).path }
            + [
                "goodbooks_quirks.csv", "goodreads_library_export.csv", "storygraph_export.csv", "books_mixed.csv",
                "openlibrary_authors.txt", "openlibrary_works.txt",
            ].map(Fixture.path)
        func content(rememberedNames: Int) throws -> [String] {
            let catalog = try makeCatalog()
            for file in files {
                _ = try catalog.importer.importFile(
                    atPath: file, options: options { $0.rememberedNames = rememberedNames })
            }
            return try TestSupport.contentDump(catalog.db)
        }
        let remembered = try content(rememberedNames: ImportOptions().rememberedNames)
        #expect(remembered.count > 100)
        #expect(try content(rememberedNames: 1) == remembered)
    }

    @Test func dryRunLeavesTheContentAsItWas() throws {
        let catalog = try makeSampleCatalog()
        let before = try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) }
        let summary = try catalog.importer.importFile(
            atPath: Fixture.path("books_mixed.csv"), options: options { $0.dryRun = true })
        #expect(summary.inserted == 2 && summary.dryRun)
        #expect(try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) } == before)
    }

    @Test func strictStopsAtTheFirstRejectedRowAndRollsBack() throws {
        let catalog = try makeCatalog()
        #expect {
            _ = try catalog.importer.importFile(
                atPath: Fixture.path("books_mixed.csv"), options: options { $0.strict = true })
        } throws: { error in
            guard case .stoppedAtRejection(let rejection) = error as? ImportError else { return false }
            return rejection.line == 5 && error.localizedDescription.contains("stopped at the first rejected row")
        }
        #expect(try catalog.books.count() == 0)
        #expect(try catalog.authors.count() == 0)
        #expect(!catalog.db.isInTransaction)
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let catalog = try makeCatalog()
        #expect {
            _ = try catalog.importer.importFile(
                atPath: Fixture.path("bands_cp1252.csv"), options: options { $0.entity = .bands })
        } throws: { error in
            guard case .file(.invalidUTF8(let path, let offset, let line, let byte)) = error as? ImportError else {
                return false
            }
            return path.hasSuffix("bands_cp1252.csv") && offset == 47 && line == 2 && byte == 0xF6
        }
        #expect(try catalog.bands.count() == 0)
    }

    @Test func cp1252ReadsMotorhead() throws {
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importFile(
            atPath: Fixture.path("bands_cp1252.csv"),
            options: options {
                $0.entity = .bands
                $0.encoding = .cp1252
            })
        #expect(summary.inserted == 2)
        #expect(
            try catalog.db.fetchAll(String.self, "SELECT name FROM bands ORDER BY name") == [
                "Guns N’ Roses", "Motörhead",
            ])
        #expect(try catalog.bands.find(named: "MOTORHEAD").count == 1)
    }

    @Test func missingRequiredColumnNamesTheColumnsThereAre() throws {
        let catalog = try makeCatalog()
        #expect {
            _ = try catalog.importer.importFile(atPath: Fixture.path("missing_title.csv"))
        } throws: { error in
            guard case .file(.missingRequiredColumn(_, let field, let columns)) = error as? ImportError else {
                return false
            }
            return field == "title" && columns == ["name", "writer", "published"]
        }
    }

    @Test func errorsFileCanBeFixedAndImportedAgain() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import")
        let errors = directory.url.appending(path: "errors.csv").path
        _ = try catalog.importer.importFile(
            atPath: Fixture.path("books_mixed.csv"), options: options { $0.errorsFile = errors })
        let text = try String(contentsOfFile: errors, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "error_file,error_line,error_column,error_value,error_reason,error_source,source_key,title,authors,genres,isbn,"
                + "year"
        )
        #expect(lines.count == 3)
        #expect(lines[2].contains(",6,year,19x0,is not a year (expected a whole number),books_mixed,g1,"))
        #expect(lines[2].hasSuffix("g1,\"Good Omens, A Novel\",Terry Pratchett|Neil Gaiman,Fantasy,,19x0"))
        let fixed = directory.file("fixed.csv", text.replacingOccurrences(of: "Fantasy,,19x0", with: "Fantasy,,1990"))
        let summary = try catalog.importer.importFile(atPath: fixed, options: options())
        #expect(summary.inserted == 1 && summary.rejected == 1)
        #expect(try books(catalog).contains("Good Omens, A Novel"))
    }

    /// A band's country is an assigned ISO 3166-1 code: `XX` and `ZZ` are two letters but name no country, so their
    /// bands are refused and reported with the file, the record, the field, the value and the reason.
    @Test func aJSONBandWhoseCountryIsNoISOCodeIsRefused() throws {
        let catalog = try makeCatalog()
        let files = try TemporaryFiles("import")
        let bands = [("x", "XX"), ("z", "ZZ"), ("gb", "GB"), ("de", "de"), ("us", "US")].map {
            #"{"key": "\#($0.0)", "name": "Band \#($0.0)", "country": "\#($0.1)"}"#
        }
        let path = files.file(
            "bands.json",
            #"{"format": "catalog", "version": 1, "source": "t", "bands": ["# + bands.joined(separator: ",") + "]}")
        let summary = try catalog.importer.importFile(atPath: path)
        #expect(summary.inserted == 3 && summary.rejected == 2)
        #expect(
            try catalog.db.fetchAll(String.self, "SELECT country FROM bands ORDER BY country") == ["DE", "GB", "US"])
        let issues = summary.rejections.flatMap(\.issues)
        #expect(issues.map(\.column) == ["country", "country"])
        #expect(issues.map(\.value) == ["XX", "ZZ"])
        #expect(issues.allSatisfy { $0.reason.contains("ISO 3166-1 alpha-2") }, "\(issues)")
        #expect(summary.rejections.first?.file == path)
        #expect(
            summary.rejections.first?.description.hasPrefix(
                #"\#(path): band 'band/x' (Band x): column country, value "XX": "#)
                == true, "\(summary.rejections)")
    }

    @Test func openLibraryPlaceholderNamesGiveWayToTheAuthorsDump() throws {
        let catalog = try makeCatalog()
        let works = Fixture.path("openlibrary_works.txt")
        let authors = Fixture.path("openlibrary_authors.txt")
        #expect(try catalog.importer.importFile(atPath: works).inserted == 1)
        #expect(try catalog.db.fetchAll(String.self, "SELECT name FROM authors") == ["OL1A"])
        #expect(try catalog.importer.importFile(atPath: authors).updated == 1)
        #expect(try catalog.db.fetchAll(String.self, "SELECT name FROM authors") == ["Hergé"])
        // The works again: their placeholder never overwrites the real name.
        #expect(try catalog.importer.importFile(atPath: works).unchanged == 1)
        #expect(try catalog.importer.importFile(atPath: authors).unchanged == 1)
        #expect(try catalog.db.fetchAll(String.self, "SELECT name FROM authors") == ["Hergé"])
    }

    @Test func bandsAreNeverMergedByNameAlone() throws {
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importFile(
            atPath: Fixture.path("same_name_bands.csv"), options: options { $0.entity = .bands })
        #expect(summary.inserted == 2)
        #expect(try catalog.bands.find(named: "Nirvana").count == 2)
    }

    @Test func keylessRowsMatchByISBNThenTitleAndAuthor() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import")
        let keyed = directory.file("a.csv", "source_key,title,authors,isbn\nk1,Dune,Frank Herbert,9780441172719\n")
        let keyless = directory.file(
            "b.csv", "title,authors,isbn\nDune (Reissue),Frank Herbert,978-0-441-17271-9\nEmma,Jane Austen,\n")
        let again = directory.file("c.csv", "title,authors\nemma,JANE AUSTEN\n")
        _ = try catalog.importer.importFile(atPath: keyed)
        #expect(try catalog.importer.importFile(atPath: keyless).updated == 1)
        #expect(try catalog.importer.importFile(atPath: again).updated == 1)
        #expect(try catalog.books.count() == 2)
        #expect(try catalog.authors.count() == 2)
    }

    @Test func batchesCommitAndReportProgress() throws {
        let catalog = try makeCatalog()
        let directory = try TemporaryFiles("import")
        let rows = (1...10_000).map { "k\($0),Book \($0),Author \($0 % 100)" }.joined(separator: "\n")
        let path = directory.file("many.csv", "source_key,title,authors\n" + rows + "\n")
        var reports: [ImportProgress] = []
        let summary = try catalog.importer.importFile(atPath: path, options: options { $0.batchSize = 1000 }) {
            reports.append($0)
        }
        #expect(summary.inserted == 10_000)
        #expect(reports.count >= 2)
        #expect(reports.last?.fractionCompleted == 1)
        #expect(try catalog.search("book 77", limit: 5).contains { $0.name == "Book 77" })
        #expect(try catalog.integrityProblems().isEmpty)
    }

    /// The full goodbooks-10k file: every book imported once, authors as many as the distinct folded names the
    /// file's `authors` cells hold (computed here from the raw CSV cells), and a second run changes nothing.
    @Test func goodbooksFullFile() throws {
        let path = try TestSupport.sharedData("goodbooks-10k/books.csv")
        let catalog = try makeCatalog()
        let summary = try catalog.importer.importFile(atPath: path, options: options { $0.profile = "goodbooks" })
        #expect(summary.inserted == 10_000 && summary.rejected == 0)
        #expect(try catalog.books.count() == 10_000)
        let csv = try CSVReader(input: TextInput(path: path))
        let column = try #require(csv.header.firstIndex(of: "authors"))
        var names = Set<String>()
        while case .record(let record) = try csv.next() {
            for name in record[column].components(separatedBy: ",")
            where !name.trimmingCharacters(in: .whitespaces).isEmpty {
                names.insert(FoldKey.of(name))
            }
        }
        #expect(try catalog.authors.count() == names.count)
        let changes = catalog.db.totalChanges
        let second = try catalog.importer.importFile(atPath: path, options: options { $0.profile = "goodbooks" })
        #expect(second.unchanged == 10_000)
        #expect(catalog.db.totalChanges == changes)
    }

    /// Another process writes between two batches: it deletes the author the first batch created and creates
    /// another, who gets the freed id. The second batch must credit the author it names, not the id the
    /// importer remembered from the first batch.
    @Test func aBatchAfterAnotherConnectionCommittedForgetsRememberedIDs() throws {
        let path = try TemporaryFiles("import").path("import.sqlite")
        let catalog = LibraryCatalog(try DatabaseSchema.open(path: path))
        let other = LibraryCatalog(try Database(path: path))
        let ann = AuthorRecord(key: "ann", name: "Ann Writer")
        let reader = RowsReader([
            .book(BookRecord(key: "one", title: "First", contributors: [.init(author: ann)])),
            .book(BookRecord(key: "two", title: "Second", contributors: [.init(author: ann)])),
        ])
        reader.beforeRow[1] = {
            let first = try #require(try other.db.fetchOne(Int64.self, "SELECT id FROM books"))
            let annID = try #require(try other.db.fetchOne(Int64.self, "SELECT id FROM authors"))
            _ = try other.books.delete(id: first)
            _ = try other.authors.delete(id: annID)
            #expect(try other.authors.create(AuthorDraft(name: "Bob Other")).id == annID)
        }
        var options = ImportOptions()
        options.batchSize = 1
        let summary = try catalog.importer.run(reader, file: "rows", header: [], source: "test", options, nil)
        #expect(summary.rejected == 0, "\(summary.rejections)")
        let credited = try catalog.db.fetchAll(
            String.self,
            """
            SELECT a.name FROM books b JOIN book_authors ba ON ba.book_id = b.id JOIN authors a ON a.id = ba.author_id
            WHERE b.title = 'Second'
            """)
        #expect(credited == ["Ann Writer"])
        // The other connection did run between the batches: its author is there, the first book is not.
        #expect(try catalog.authors.find(named: "Bob Other").count == 1)
        #expect(try catalog.db.fetchAll(String.self, "SELECT title FROM books") == ["Second"])
        #expect(try catalog.integrityProblems().isEmpty)
    }
}

/// Yields the given records, running `beforeRow[i]` before handing out row `i`.
private final class RowsReader: ImportRowReader {
    private let records: [CatalogRecord]
    private var index = 0
    var beforeRow: [Int: () throws -> Void] = [:]

    init(_ records: [CatalogRecord]) {
        self.records = records
    }

    var progress: ReadProgress { ReadProgress(bytesRead: 0, totalBytes: nil, line: index) }

    func next() throws(ReaderError) -> ImportRow? {
        guard index < records.count else { return nil }
        defer { index += 1 }
        do {
            try beforeRow[index]?()
        } catch {
            Issue.record(error)
        }
        return .accepted(AcceptedRow(line: index + 1, record: records[index]))
    }
}
