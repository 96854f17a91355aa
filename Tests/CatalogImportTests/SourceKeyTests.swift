import Catalog
import CatalogImport
import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct SourceKeyTests {
    @Test func aSourceKeyIsImportedOnceAndUpdatedInPlace() throws {
        let catalog = try makeCatalog()
        let emma = BookRecord(key: "emma", title: "Emma", year: 1815)
        let first = try catalog.importer.importRecords([.book(emma)], source: "test")
        let second = try catalog.importer.importRecords([.book(emma)], source: "test")
        #expect(first.inserted == 1)
        #expect(second.unchanged == 1 && second.total == 1)
        let original = try #require(try catalog.books.page(after: nil, limit: 10).items.first)
        var changed = emma
        changed.year = 1816
        #expect(try catalog.importer.importRecords([.book(changed)], source: "test").updated == 1)
        let updated = try #require(try catalog.books.page(after: nil, limit: 10).items.first)
        #expect(updated.year == 1816)
        #expect(updated.uuid == original.uuid)
        #expect(try catalog.books.count() == 1)
    }

    @Test func aKeyNamesOneKindOfEntity() throws {
        let catalog = try makeCatalog()
        _ = try catalog.importer.importRecords([.book(BookRecord(key: "queen", title: "Queen"))], source: "test")
        let band = try catalog.importer.importRecords([.band(BandRecord(key: "queen", name: "Queen"))], source: "test")
        #expect(band.rejected == 1)
        #expect(band.rejections.first?.reason.contains("book") == true)
        #expect(try catalog.bands.count() == 0)
    }

    @Test func deletedEntitiesAreImportedAgain() throws {
        let catalog = try makeCatalog()
        let homer = AuthorRecord(key: "homer", name: "Homer")
        _ = try catalog.importer.importRecords([.author(homer)], source: "test")
        let first = try #require(try catalog.authors.find(named: "Homer").first)
        try catalog.authors.delete(id: first.id)
        let again = try catalog.importer.importRecords([.author(homer)], source: "test")
        #expect(again.inserted == 1)
        #expect(try catalog.authors.count() == 1)
    }

    @Test func importingTheSampleTwiceChangesNothing() throws {
        let catalog = try makeCatalog()
        let library = TestSupport.sampleData.appending(path: "library.json")
        let music = TestSupport.sampleData.appending(path: "music.json")
        let first = try [library, music].map { try catalog.importer.importJSON(contentsOf: $0) }
        #expect(first.allSatisfy { $0.rejected == 0 && $0.updated == 0 && $0.unchanged == 0 })
        let counts = try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) }
        let changes = catalog.db.totalChanges
        let second = try [library, music].map { try catalog.importer.importJSON(contentsOf: $0) }
        #expect(second.map(\.unchanged) == first.map(\.inserted))
        #expect(second.allSatisfy { $0.inserted == 0 && $0.updated == 0 && $0.rejected == 0 })
        #expect(try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) } == counts)
        #expect(catalog.db.totalChanges == changes)
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func aChangedRecordUpdatesItsEntityAndLinks() throws {
        let catalog = try makeCatalog()
        let austen = AuthorRecord(key: "austen", name: "Jane Austen")
        var emma = BookRecord(key: "emma", title: "Emma", year: 1815, contributors: [.init(author: austen)])
        _ = try catalog.importer.importRecords([.book(emma)], source: "s")
        emma.genres = [GenreRecord(name: "Romance", parentName: "Fiction")]
        emma.contributors.append(.init(author: AuthorRecord(name: "Hugh Thomson"), role: .illustrator))
        let summary = try catalog.importer.importRecords([.book(emma)], source: "s")
        #expect(summary.updated == 1)
        let hit = try #require(try catalog.search("emma").first)
        let book = try #require(try catalog.books.find(id: hit.id))
        #expect(try catalog.books.genres(of: book.id).map(\.name) == ["Romance"])
        #expect(try catalog.genres.find(named: "Romance")?.parentID == catalog.genres.find(named: "Fiction")?.id)
        #expect(try catalog.books.creditCount(of: book.id) == 2)
        #expect(try catalog.authors.count() == 2)
    }

    @Test func aNewKeyAdoptsTheBookWithTheSameISBN() throws {
        let catalog = try makeCatalog()
        let records: [CatalogRecord] = [
            .book(BookRecord(key: "a", title: "Dune", isbn13: "9780441172719")),
            .book(BookRecord(key: "b", title: "Dune (reissue)", isbn13: "978-0-441-17271-9")),
        ]
        let summary = try catalog.importer.importRecords(records, source: "s")
        #expect(summary.inserted == 1)
        #expect(summary.updated == 1)
        #expect(try catalog.books.count() == 1)
    }

    @Test func badRecordsAreRejectedAndLeaveNothingBehind() throws {
        let catalog = try makeCatalog()
        let records: [CatalogRecord] = [
            .book(BookRecord(key: "a", title: "First")),
            .book(
                BookRecord(
                    key: "b", title: "Blank role",
                    contributors: [
                        .init(
                            author: AuthorRecord(name: "Only In The Rejected Book"),
                            role: ContributorRole(rawValue: " "))
                    ])),
            .book(BookRecord(key: "c", title: "   ")),
            .band(BandRecord(key: "d", name: "Backwards", formedYear: 2000, endedYear: 1990)),
            .band(BandRecord(key: "e", name: "Fine")),
        ]
        let summary = try catalog.importer.importRecords(records, source: "s")
        #expect(summary.inserted == 2)
        #expect(summary.rejected == 3)
        #expect(summary.rejections.map(\.record).contains("book 'b' (Blank role)"))
        #expect(try catalog.authors.count() == 0)
        #expect(try catalog.books.count() == 1)
        #expect(try catalog.integrityProblems().isEmpty)
    }
}
