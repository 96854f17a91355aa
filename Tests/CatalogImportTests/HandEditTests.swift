import Catalog
import CatalogImport
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// A field edited by hand since the last import of its record survives the next import of that record, and the
/// summary says so; `overwriteEdits` gives the file the last word.
@Suite struct HandEditTests {
    private let emma = BookRecord(
        key: "emma", title: "Emma", year: 1815,
        contributors: [BookRecord.Contributor(author: AuthorRecord(name: "Jane Austen"))],
        genres: [GenreRecord(name: "Romance")])

    /// A catalog holding `emma` as imported, and the book's uuid.
    private func imported() throws -> (LibraryCatalog, UUID) {
        let catalog = try makeCatalog()
        _ = try catalog.importer.importRecords([.book(emma)], source: "test")
        let book = try #require(try catalog.books.page(after: nil, limit: 1).items.first)
        return (catalog, book.uuid)
    }

    private func book(_ catalog: LibraryCatalog, _ uuid: UUID) throws -> Book {
        try #require(try catalog.books.find(uuid: uuid))
    }

    private func retitle(_ catalog: LibraryCatalog, _ uuid: UUID) throws {
        try CatalogEditor(catalog.db, actor: "ada").update(
            .book, uuid: uuid, EntityEdit(fields: ["title": "Emma (annotated)"]))
    }

    @Test(arguments: [Int.max, 0]) func aTitleEditedByHandIsKeptAndReported(bulkRows: Int) throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        var options = ImportOptions()
        options.bulkRows = bulkRows
        let again = try catalog.importer.importRecords([.book(emma)], source: "test", options: options)
        #expect(try book(catalog, uuid).title == "Emma (annotated)")
        #expect(again.keptEdits == 1 && again.unchanged == 1)
        #expect(again.keptEditDetails.map(\.field) == ["title"])
        #expect(again.keptEditDetails.first?.uuid == uuid)
        // A field not edited by hand still takes the file's value; the hand edit stays.
        var revised = emma
        revised.year = 1816
        let revisedImport = try catalog.importer.importRecords([.book(revised)], source: "test", options: options)
        #expect(revisedImport.updated == 1 && revisedImport.keptEdits == 1)
        #expect(try book(catalog, uuid).year == 1816)
        #expect(try book(catalog, uuid).title == "Emma (annotated)")
        // And again the next time: keeping it does not make it part of the import.
        revised.year = 1817
        _ = try catalog.importer.importRecords([.book(revised)], source: "test", options: options)
        #expect(try book(catalog, uuid).title == "Emma (annotated)")
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func overwriteEditsTakesTheFilesValue() throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        var options = ImportOptions()
        options.overwriteEdits = true
        let again = try catalog.importer.importRecords([.book(emma)], source: "test", options: options)
        #expect(again.updated == 1 && again.keptEdits == 0)
        #expect(try book(catalog, uuid).title == "Emma")
        // Overwritten, the edit no longer counts: a plain import now finds nothing to keep.
        let plain = try catalog.importer.importRecords([.book(emma)], source: "test")
        #expect(plain.unchanged == 1 && plain.keptEdits == 0)
    }

    @Test func anUndoneEditNoLongerCounts() throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        try CatalogEditor(catalog.db, actor: "ada").undo(.book, uuid: uuid)
        var revised = emma
        revised.title = "Emma: A Novel"
        let again = try catalog.importer.importRecords([.book(revised)], source: "test")
        #expect(again.updated == 1 && again.keptEdits == 0)
        #expect(try book(catalog, uuid).title == "Emma: A Novel")
    }

    /// An undone delete brings back the import identity as it was, hand-edit mark included: the hand edit is kept and
    /// reported at the next import as before the delete.
    @Test func aHandEditOutlivesAnUndoneDelete() throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        let editor = CatalogEditor(catalog.db, actor: "ada")
        try editor.delete(.book, uuid: uuid)
        try editor.undo(.book, uuid: uuid)
        var revised = emma
        revised.year = 1816
        let again = try catalog.importer.importRecords([.book(revised)], source: "test")
        #expect(again.updated == 1 && again.keptEdits == 1)
        #expect(again.keptEditDetails.map(\.field) == ["title"])
        #expect(try book(catalog, uuid).title == "Emma (annotated)")
        #expect(try book(catalog, uuid).year == 1816)
    }

    /// An edit an import overwrote stays overwritten after a delete and its undo: the undo does not make the import
    /// see it again (it used to restore the record as never having seen an edit).
    @Test func anOverwrittenEditStaysOverwrittenAfterAnUndoneDelete() throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        var overwrite = ImportOptions()
        overwrite.overwriteEdits = true
        _ = try catalog.importer.importRecords([.book(emma)], source: "test", options: overwrite)
        let editor = CatalogEditor(catalog.db, actor: "ada")
        try editor.delete(.book, uuid: uuid)
        try editor.undo(.book, uuid: uuid)
        var revised = emma
        revised.title = "Emma: A Novel"
        let again = try catalog.importer.importRecords([.book(revised)], source: "test")
        #expect(again.updated == 1 && again.keptEdits == 0)
        #expect(try book(catalog, uuid).title == "Emma: A Novel")
    }

    /// A merge and its undo leave both records' hand-edit marks as they were.
    @Test func anUndoneMergeLeavesTheRecordsHandEditMarks() throws {
        let (catalog, uuid) = try imported()
        let persuasion = BookRecord(
            key: "persuasion", title: "Persuasion", year: 1817,
            contributors: [BookRecord.Contributor(author: AuthorRecord(name: "Jane Austen"))])
        _ = try catalog.importer.importRecords([.book(persuasion)], source: "test")
        let other = try #require(try catalog.books.page(after: nil, limit: 10).items.first { $0.title == "Persuasion" })
        try retitle(catalog, uuid)
        var overwrite = ImportOptions()
        overwrite.overwriteEdits = true
        _ = try catalog.importer.importRecords([.book(emma)], source: "test", options: overwrite)
        let editor = CatalogEditor(catalog.db, actor: "ada")
        try editor.merge(.book, uuid: uuid, into: other.uuid)
        try editor.undo(.book, uuid: uuid)
        var revised = emma
        revised.title = "Emma: A Novel"
        let again = try catalog.importer.importRecords([.book(revised)], source: "test")
        #expect(again.keptEdits == 0)
        #expect(try book(catalog, uuid).title == "Emma: A Novel")
    }

    @Test func listsEditedByHandAreKept() throws {
        let (catalog, uuid) = try imported()
        var edit = EntityEdit()
        edit.links = [
            LinkChange(list: "genres", target: "Romance", action: .remove(role: nil)),
            LinkChange(list: "genres", target: "Classics", action: .add(role: nil)),
        ]
        try CatalogEditor(catalog.db, actor: "ada").update(.book, uuid: uuid, edit)
        var revised = emma
        revised.year = 1816
        let again = try catalog.importer.importRecords([.book(revised)], source: "test")
        #expect(again.keptEditDetails.map(\.field) == ["genres"])
        #expect(try catalog.books.genres(of: book(catalog, uuid).id).map(\.name) == ["Classics"])
        #expect(try book(catalog, uuid).year == 1816)
        #expect(
            try catalog.books.credits(of: book(catalog, uuid).id, after: nil, limit: 10).items.map(\.author.name) == [
                "Jane Austen"
            ])
    }

    @Test func aReimportAfterAnEditChangesNothing() throws {
        let (catalog, uuid) = try imported()
        try retitle(catalog, uuid)
        _ = try catalog.importer.importRecords([.book(emma)], source: "test")
        let changes = catalog.db.totalChanges
        let counts = try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) }
        let again = try catalog.importer.importRecords([.book(emma)], source: "test")
        #expect(again.unchanged == 1 && again.keptEdits == 1)
        #expect(catalog.db.totalChanges == changes)
        #expect(try catalog.db.tableNames().map { try catalog.db.rowCount(ofTable: $0) } == counts)
    }
}
