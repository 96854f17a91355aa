import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct RepositoryTests {
    @Test func fetchesByIDAndUUID() throws {
        let catalog = try makeCatalog()
        let uuid = UUID()
        let book = try catalog.books.create(
            BookDraft(title: "Dune", isbn13: "978-0-441-17271-9", year: 1965, uuid: uuid))
        #expect(book.uuid == uuid)
        #expect(book.isbn13 == "9780441172719")
        #expect(try catalog.books.find(id: book.id) == book)
        #expect(try catalog.books.find(uuid: uuid) == book)
        #expect(try catalog.books.find(isbn13: "9780441172719") == book)
        #expect(try catalog.books.find(uuid: UUID()) == nil)
        #expect(try catalog.summary(of: .book, uuid: uuid)?.name == "Dune")
        #expect(try catalog.contains(.author, uuid: uuid) == false)
    }

    @Test func unknownUUIDSaysWhatIsMissing() throws {
        let catalog = try makeCatalog()
        let uuid = UUID()
        #expect(throws: CatalogError.notFound(.book, uuid: uuid)) { try catalog.books.get(uuid: uuid) }
        #expect(
            CatalogError.notFound(.book, uuid: uuid).description == "no book with uuid \(uuid.uuidString.lowercased())")
    }

    @Test func aSourceKeyConflictNamesBothKinds() {
        let conflict = CatalogError.sourceKeyConflict(
            source: "openlibrary", key: "/authors/OL5A", existing: .author, requested: .book)
        #expect(
            conflict.description == "source key '/authors/OL5A' of 'openlibrary' already names an author, not a book")
    }

    @Test func updateKeepsTheUUIDAndStampsUpdatedAt() throws {
        let catalog = try makeCatalog()
        let author = try catalog.authors.create(AuthorDraft(name: "Ursula Le Guin"))
        // An old stamp, so the update's own stamp is seen to replace it (both could fall in one millisecond).
        try catalog.db.execute(
            "UPDATE authors SET updated_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [author.id])
        let updated = try catalog.authors.update(id: author.id, with: AuthorDraft(name: "Ursula K. Le Guin"))
        #expect(updated.uuid == author.uuid)
        #expect(updated.sortName == "Le Guin, Ursula K.")
        #expect(updated.createdAt == author.createdAt)
        #expect(updated.updatedAt >= author.updatedAt)
        #expect(throws: CatalogError.missingRow(.author, id: 999)) {
            try catalog.authors.update(id: 999, with: AuthorDraft(name: "Nobody"))
        }
    }

    @Test func uuidsCannotChangeEvenInSQL() throws {
        let catalog = try makeCatalog()
        let band = try catalog.bands.create(BandDraft(name: "Yes"))
        #expect(throws: DatabaseError.self) {
            try catalog.db.execute("UPDATE bands SET uuid = ? WHERE id = ?", [UUID(), band.id])
        }
    }

    @Test func invalidValuesAreRefused() throws {
        let catalog = try makeCatalog()
        #expect(throws: CatalogError.self) { try catalog.books.create(BookDraft(title: "  ")) }
        #expect(throws: CatalogError.self) { try catalog.books.create(BookDraft(title: "X", isbn13: "12345")) }
        #expect(throws: CatalogError.self) { try catalog.books.create(BookDraft(title: "X", year: 20_000)) }
        #expect(throws: CatalogError.self) { try catalog.bands.create(BandDraft(name: "X", country: "GBR")) }
        // Two letters are not enough: the code must be an assigned ISO 3166-1 alpha-2 code.
        for unassigned in ["XX", "ZZ", "UK"] {
            #expect(throws: CatalogError.self) { try catalog.bands.create(BandDraft(name: "X", country: unassigned)) }
        }
        #expect(throws: CatalogError.self) {
            try catalog.bands.create(BandDraft(name: "X", formedYear: 1990, endedYear: 1980))
        }
        #expect(try catalog.books.count() == 0)
    }

    @Test func rawSQLClientsGetUUIDsAndLinkSortKeys() throws {
        let catalog = try makeCatalog()
        try catalog.db.execute(
            """
            INSERT INTO books (title, sort_title, sort_key, year) VALUES ('Emma', 'Emma', 'emma', 1815);
            INSERT INTO authors (name, sort_name, name_key, sort_key) VALUES ('Jane Austen', 'Austen, Jane', 'jane austen', 'austen, jane');
            INSERT INTO book_authors (book_id, author_id, position) VALUES (1, 1, 0);
            """)
        let book = try #require(try catalog.books.find(id: 1))
        #expect(UUID(uuidString: book.uuid.uuidString) != nil)
        #expect(try catalog.books.page(byAuthor: 1, after: nil, limit: 10).items.map(\.title) == ["Emma"])
        #expect(try catalog.search("emma").map(\.name) == ["Emma"])
    }

    @Test func deletingAnAuthorKeepsCoAuthoredBooks() throws {
        let catalog = try makeCatalog()
        let wordsworth = try catalog.authors.create(AuthorDraft(name: "William Wordsworth"))
        let coleridge = try catalog.authors.create(AuthorDraft(name: "Samuel Taylor Coleridge"))
        let ballads = try catalog.books.create(BookDraft(title: "Lyrical Ballads", year: 1798))
        try catalog.books.setCredits(
            [BookCredit(authorID: wordsworth.id), BookCredit(authorID: coleridge.id)], of: ballads.id)

        #expect(try catalog.authors.delete(id: coleridge.id))
        #expect(try catalog.books.find(id: ballads.id) != nil)
        let credits = try catalog.books.credits(of: ballads.id, after: nil, limit: 10).items
        #expect(credits.map(\.author.id) == [wordsworth.id])
        #expect(try catalog.authors.count(coauthorsOf: wordsworth.id) == 0)
        #expect(try catalog.search("coleridge").isEmpty)
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func deletingAGenreUnlinksBooksBandsAndChildren() throws {
        let catalog = try makeCatalog()
        let rock = try catalog.genres.create(GenreDraft(name: "Rock"))
        let metal = try catalog.genres.create(GenreDraft(name: "Heavy metal", parentID: rock.id))
        let band = try catalog.bands.create(BandDraft(name: "Motörhead"))
        try catalog.bands.setGenres([metal.id, rock.id], of: band.id)
        let book = try catalog.books.create(BookDraft(title: "White Line Fever"))
        try catalog.books.setGenres([rock.id], of: book.id)

        #expect(try catalog.genres.delete(id: rock.id))
        #expect(try catalog.genres.page(ofBand: band.id, after: nil, limit: 10).items.map(\.name) == ["Heavy metal"])
        #expect(try catalog.books.genres(of: book.id).isEmpty)
        #expect(try catalog.books.find(id: book.id) != nil)
        #expect(try catalog.bands.find(id: band.id) != nil)
        #expect(try catalog.genres.find(id: metal.id)?.parentID == nil)
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func deletingABookRemovesItsLinksOnly() throws {
        let catalog = try makeSampleCatalog()
        let hobbit = try #require(try catalog.search("hobbit").first)
        let tolkien = try #require(try catalog.authors.find(named: "J. R. R. Tolkien").first)
        #expect(try catalog.books.delete(id: hobbit.id))
        #expect(try catalog.books.count(byAuthor: tolkien.id) == 1)
        #expect(try catalog.authors.find(id: tolkien.id) != nil)
        #expect(try catalog.books.delete(id: hobbit.id) == false)
        #expect(try catalog.integrityProblems().isEmpty)
    }

    @Test func genreParentsCannotFormACycle() throws {
        let catalog = try makeCatalog()
        let fiction = try catalog.genres.create(GenreDraft(name: "Fiction"))
        let fantasy = try catalog.genres.create(GenreDraft(name: "Fantasy", parentID: fiction.id))
        #expect(throws: CatalogError.self) {
            try catalog.genres.update(id: fiction.id, with: GenreDraft(name: "Fiction", parentID: fantasy.id))
        }
    }

    @Test func creditsKeepOrderAndRoles() throws {
        let catalog = try makeCatalog()
        let book = try catalog.books.create(BookDraft(title: "Don Quixote"))
        let names = ["Miguel de Cervantes", "John Ormsby", "Gustave Doré"]
        let ids = try names.map { try catalog.authors.create(AuthorDraft(name: $0)).id }
        try catalog.books.setCredits(
            [
                BookCredit(authorID: ids[0]), BookCredit(authorID: ids[1], role: .translator),
                BookCredit(authorID: ids[2], role: .illustrator),
            ], of: book.id)
        let credits = try catalog.books.credits(of: book.id, after: nil, limit: 10).items
        #expect(credits.map(\.author.name) == names)
        #expect(credits.map(\.role) == [.author, .translator, .illustrator])
        #expect(credits.map(\.position) == [0, 1, 2])
        #expect(throws: CatalogError.missingRow(.book, id: 999)) { try catalog.books.setCredits([], of: 999) }
    }

    @Test func authorBooksAreByYearThenTitleAndCountOnce() throws {
        let catalog = try makeCatalog()
        let author = try catalog.authors.create(AuthorDraft(name: "Antoine de Saint-Exupéry"))
        let books = try [("Vol de nuit", 1931), ("Le Petit Prince", 1943), ("Courrier sud", 1929), ("Undated", nil)]
            .map { try catalog.books.create(BookDraft(title: $0.0, year: $0.1)) }
        for book in books {
            try catalog.books.setCredits(
                [BookCredit(authorID: author.id), BookCredit(authorID: author.id, role: .illustrator)], of: book.id)
        }
        let listed = try catalog.all { try catalog.books.page(byAuthor: author.id, after: $0, limit: 2) }
        #expect(listed.map(\.title) == ["Courrier sud", "Vol de nuit", "Le Petit Prince", "Undated"])
        #expect(try catalog.books.count(byAuthor: author.id) == 4)
        try catalog.books.update(id: books[3].id, with: BookDraft(title: "Undated", year: 1900))
        let reordered = try catalog.books.page(byAuthor: author.id, after: nil, limit: 10).items.map(\.title)
        #expect(reordered.first == "Undated")
    }
}
