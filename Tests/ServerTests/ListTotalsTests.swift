import Catalog
import CatalogViews
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// A list's total is counted once per state of the catalog, and again after any change.
@Suite struct ListTotalsTests {
    @Test func aTotalIsCountedAgainOnlyAfterTheCatalogChanges() throws {
        let catalog = try makeSampleCatalog()
        let totals = ListTotals()
        var counts = 0
        func total() throws -> Int {
            try catalog.db.transaction {
                try totals.total(of: .book, filter: nil, in: catalog) {
                    counts += 1
                    return try catalog.books.count()
                }
            }
        }
        let before = try total()
        #expect(try total() == before)
        #expect(counts == 1)
        _ = try catalog.books.create(BookDraft(title: "A New Book"))
        #expect(try total() == before + 1)
        #expect(counts == 2)
        // Another list, or the same kind scoped by a filter, has a total of its own.
        let genre = try #require(try catalog.genres.page(after: nil, limit: 1).items.first)
        let inGenre = try catalog.db.transaction {
            try totals.total(of: .book, filter: .genre(genre.uuid), in: catalog) { 42 }
        }
        #expect(inGenre == 42)
        #expect(try total() == before + 1)
        #expect(counts == 2)
    }

    @Test func theServersTotalsFollowWritesFromAnotherProcess() throws {
        let served = try InProcessCatalog()
        defer { served.stop() }
        let first = try served.get("/v1/books?limit=1")
        #expect(first.status == 200)
        #expect(try served.get("/v1/books?limit=1").text == first.text)
        let books = served.cli.path("one-more-book.csv")
        try "title,authors\nA Book Added While Serving,Someone New\n".write(
            toFile: books, atomically: true, encoding: .utf8)
        try #require(try served.cli.run("import", books).status == 0)
        for list in ["books", "authors"] {
            let answer = try served.get("/v1/\(list)?limit=1")
            #expect(try answer.text == served.cli.run("list", list, "--limit", "1", "--json").standardOutput)
        }
        let total = { (text: String) throws -> Int in
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return try #require(object?["total"] as? Int)
        }
        #expect(try total(served.get("/v1/books?limit=1").text) == total(first.text) + 1)
    }
}
