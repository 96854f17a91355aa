import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct EntityTableTests {
    /// The books table with a column no draft sets, as a migration would add it.
    private static let books = CatalogTables.books.adding(.text("edition", key: "edition", inDraft: false))

    @Test func aColumnAddedToTheDescriptionIsSelectedAndCarried() throws {
        let db = try makeCatalog().db
        try db.execute("ALTER TABLE books ADD COLUMN edition TEXT")
        let values = try BookValues(BookDraft(title: "Dune", year: 1965)).arguments
        // The repositories' INSERT and UPDATE take the same values as without the column, and leave what another
        // writer put there; they return it with the rest of the row.
        #expect(Self.books.draftColumns.map(\.name) == CatalogTables.books.draftColumns.map(\.name))
        let id = try #require(try db.fetchOne(Int64.self, Self.books.insert, [UUID()] + values))
        try db.execute("UPDATE books SET edition = 'Second' WHERE id = ?", [id])
        try db.execute(Self.books.update, values + [id])
        // The SELECT list the repositories use and the change payload's carry it.
        let select = try db.prepare("SELECT \(Self.books.selection) FROM \(Self.books.from) WHERE b.id = ?")
        try select.bind([id])
        #expect(try select.step())
        #expect(select.row[Self.books.position(of: "edition")] == "Second")
        select.reset()
        let uuid = try db.fetchOne(String.self, "SELECT uuid FROM books WHERE id = ?", [id])
        let payload = try db.prepare(Self.books.selectPayload)
        try payload.bind([uuid])
        #expect(try payload.step())
        #expect(payload.row[try #require(Self.books.payloadPosition(ofKey: "edition"))] == "Second")
        payload.reset()
        #expect(Self.books.upsert.contains("edition = excluded.edition"))
    }

    @Test func aColumnADraftSetsIsWrittenByInsertAndUpdate() throws {
        let books = CatalogTables.books.adding(.text("edition", key: "edition"))
        #expect(books.draftColumns.map(\.name) == CatalogTables.books.draftColumns.map(\.name) + ["edition"])
        let db = try makeCatalog().db
        try db.execute("ALTER TABLE books ADD COLUMN edition TEXT")
        let values = try BookValues(BookDraft(title: "Dune", year: 1965)).arguments
        let id = try #require(try db.fetchOne(Int64.self, books.insert, [UUID()] + values + ["First"]))
        #expect(try db.fetchOne(String.self, "SELECT edition FROM books WHERE id = ?", [id]) == "First")
        try db.execute(books.update, values + ["Second", id])
        #expect(try db.fetchOne(String.self, "SELECT edition FROM books WHERE id = ?", [id]) == "Second")
    }

    @Test func everyDerivedStatementFitsTheMigratedSchema() throws {
        let catalog = try makeSampleCatalog()
        let db = catalog.db
        for table in CatalogTables.entities {
            let select = try db.prepare("SELECT \(table.selection) FROM \(table.from)")
            #expect(select.columnNames == table.modelColumns.map(\.name))
            #expect(try db.prepare(table.selectPayload).columnCount == table.payloadColumns.count)
            for sql in [table.insert, table.update, table.upsert] {
                _ = try db.prepare(sql)
            }
            // The import's insert writes the same columns and returns no row.
            #expect(try db.prepare(table.insertReturningNothing).columnCount == 0)
            #expect(table.insert.hasPrefix(table.insertReturningNothing))
        }
        for link in CatalogTables.links {
            #expect(try db.prepare(link.selectPayload).columnCount == link.columns.count)
            _ = try db.prepare(link.deleteOfOwner)
            // Lists of every length: the ones made in advance and longer ones.
            for rows in [1, 2, 8, 9, 20] {
                let insert = try db.prepare(link.insertFromOwner(rows: rows))
                #expect(insert.parameterCount == rows * link.columns.count + 1, "\(link.name), \(rows) rows")
            }
        }
        // The models read what the descriptions select.
        let hobbit = try #require(try catalog.search("hobbit").first { $0.kind == .book })
        let book = try catalog.books.get(uuid: hobbit.uuid)
        #expect(book.title == "The Hobbit")
        #expect(book.sortTitle == "Hobbit, The")
        #expect(book.year == 1937)
        #expect(book.language == "en")
    }
}
