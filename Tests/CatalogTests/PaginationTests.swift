import Catalog
import Foundation
import TestSupport
import Testing

@Suite struct PaginationTests {
    @Test func everyListYieldsEveryRowOnce() throws {
        let catalog = try makeSampleCatalog()
        let tolkien = try #require(try catalog.authors.find(named: "J. R. R. Tolkien").first)
        let fantasy = try #require(try catalog.genres.find(named: "Fantasy"))
        let rock = try #require(try catalog.genres.find(named: "Rock"))
        let quixote = try #require(try catalog.search("don quixote").first)
        let motorhead = try #require(try catalog.bands.find(named: "motorhead").first)

        let books = try catalog.all(limit: 5) { try catalog.books.page(after: $0, limit: 5) }
        #expect(books.count == 36)
        #expect(Set(books.map(\.id)).count == books.count)
        #expect(books.map(\.sortTitle) == books.map(\.sortTitle).sorted { FoldKey.of($0) < FoldKey.of($1) })
        #expect(try catalog.all { try catalog.authors.page(after: $0, limit: 7) }.count == catalog.authors.count())
        #expect(try catalog.all { try catalog.genres.page(after: $0, limit: 7) }.count == catalog.genres.count())
        #expect(try catalog.all { try catalog.bands.page(after: $0, limit: 7) }.count == catalog.bands.count())
        #expect(
            try catalog.all { try catalog.books.page(byAuthor: tolkien.id, after: $0, limit: 1) }.map(\.title)
                == ["Sir Gawain and the Green Knight", "The Hobbit"])
        #expect(
            try catalog.all { try catalog.books.page(inGenre: fantasy.id, after: $0, limit: 2) }.count
                == catalog.books.count(inGenre: fantasy.id))
        #expect(
            try catalog.all { try catalog.bands.page(inGenre: rock.id, after: $0, limit: 2) }.count
                == catalog.bands.count(inGenre: rock.id))
        #expect(
            try catalog.all { try catalog.books.credits(of: quixote.id, after: $0, limit: 1) }.map(\.role)
                == [.author, .translator, .illustrator])
        #expect(
            try catalog.all { try catalog.genres.page(ofBand: motorhead.id, after: $0, limit: 1) }.map(\.name)
                == ["Heavy metal", "Hard rock"])
        #expect(
            try catalog.all { try catalog.authors.page(coauthorsOf: tolkien.id, after: $0, limit: 1) }.map(\.name)
                == ["E. V. Gordon"])
    }

    @Test func pagesStayRightWhileRowsAreInserted() throws {
        let catalog = try makeCatalog()
        let original = try (0..<100).map { try catalog.books.create(BookDraft(title: "Book \(1000 + $0 * 2)")).id }
        var seen: [Int64] = []
        var cursor: PageCursor?
        var inserted = 0
        repeat {
            let page = try catalog.books.page(after: cursor, limit: 9)
            seen += page.items.map(\.id)
            cursor = page.next
            // New rows on both sides of the cursor, and with the same title as rows already seen.
            try catalog.books.create(BookDraft(title: "Book \(1000 + inserted * 2 + 1)"))
            try catalog.books.create(BookDraft(title: "Book 1000"))
            try catalog.books.create(BookDraft(title: "Book 9999"))
            inserted += 1
        } while cursor != nil
        let seenOriginal = seen.filter(Set(original).contains)
        #expect(seenOriginal.count == original.count)
        #expect(Set(seenOriginal) == Set(original))
        #expect(Set(seen).count == seen.count)
    }

    @Test func cursorsBelongToTheirList() throws {
        let catalog = try makeSampleCatalog()
        let cursor = try #require(try catalog.books.page(after: nil, limit: 2).next)
        #expect(throws: CatalogError.self) { try catalog.authors.page(after: cursor, limit: 2) }
        #expect(throws: CatalogError.self) { try catalog.books.page(after: PageCursor("garbage"), limit: 2) }
        #expect(throws: CatalogError.self) { try catalog.books.page(after: PageCursor("Ym9va3N8dA"), limit: 2) }
        #expect(throws: CatalogError.invalidLimit(0)) { try catalog.books.page(after: nil, limit: 0) }
        #expect(throws: CatalogError.invalidLimit(1001)) { try catalog.books.page(after: nil, limit: 1001) }
    }

    @Test func cursorsSurviveAnyTitle() throws {
        let catalog = try makeCatalog()
        for title in ["a|b", "t5:x", "i1;", "emoji 🎸", "quote \" and \\", "Ω"] {
            try catalog.books.create(BookDraft(title: title))
        }
        #expect(try catalog.all { try catalog.books.page(after: $0, limit: 1) }.count == 6)
    }

    @Test func listsReportTheirTotals() throws {
        let catalog = try makeSampleCatalog()
        #expect(try catalog.books.count() == 36)
        #expect(try catalog.bands.count() == 44)
        let rock = try #require(try catalog.genres.find(named: "rock"))
        #expect(try catalog.bands.count(inGenre: rock.id) > 5)
    }
}
