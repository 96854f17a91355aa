import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import CatalogImport

/// MARC files through the importer: identity from 001 and 003, idempotent re-import, encodings.
@Suite struct MARCImportTests {
    private func sources(_ catalog: LibraryCatalog) throws -> [String] {
        try catalog.db.fetchAll(
            String.self,
            "SELECT source || ' ' || source_key FROM source_records WHERE entity_kind = 'book' ORDER BY 1")
    }

    @Test func importsOnceThenFindsEverythingUnchanged() throws {
        let catalog = try makeCatalog()
        let path = ISO2709ReaderTests.path("books.mrc")
        let first = try catalog.importer.importFile(atPath: path)
        #expect(first.inserted == 4 && first.rejected == 0)
        #expect(first.warningCount == 1)
        let keys = try sources(catalog)
        #expect(keys.count == 4)
        #expect(keys.prefix(3) == ["DLC hob001", "DLC sol002", "books cong003"])
        let second = try catalog.importer.importFile(atPath: path)
        #expect(second.unchanged == 4 && second.inserted == 0 && second.updated == 0)
        #expect(try sources(catalog) == keys)
        #expect(try catalog.integrityProblems().isEmpty)
        let sortTitle = try catalog.db.fetchOne(
            String.self, "SELECT sort_title FROM books WHERE isbn13 = '9780261102217'")
        #expect(sortTitle?.lowercased().hasPrefix("hobbit") == true)
    }

    @Test func aGivenSourceWinsOverThe003() throws {
        let catalog = try makeCatalog()
        var options = ImportOptions()
        options.source = "loc"
        _ = try catalog.importer.importFile(atPath: ISO2709ReaderTests.path("books.mrc"), options: options)
        #expect(try sources(catalog).allSatisfy { $0.hasPrefix("loc ") })
    }

    @Test func theFormatIsGuessedFromMARCExtensions() {
        for name in ["a.mrc", "a.MARC", "a.dat", "a.iso"] {
            #expect(ImportFormat.guess(path: name, firstBytes: []) == .marc, "\(name)")
        }
    }

    @Test func anEncodingOfAnotherFormatIsRefused() throws {
        let catalog = try makeCatalog()
        var options = ImportOptions()
        options.marcEncoding = .marc8
        #expect(throws: ImportError.file(.encodingDoesNotApply(encoding: "marc8", format: .csv))) {
            try catalog.importer.importFile(atPath: Fixture.path("books_mixed.csv"), options: options)
        }
        options = ImportOptions()
        options.encoding = .latin1
        #expect(throws: ImportError.file(.encodingDoesNotApply(encoding: "latin1", format: .marc))) {
            try catalog.importer.importFile(atPath: ISO2709ReaderTests.path("books.mrc"), options: options)
        }
    }
}
