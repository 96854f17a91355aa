import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct CatalogEditorTests {
    /// A sample catalog and an editor over it.
    private func sample() throws -> (LibraryCatalog, CatalogEditor) {
        let catalog = try makeSampleCatalog()
        return (catalog, CatalogEditor(catalog.db, actor: "ada"))
    }

    private func author(_ name: String, in catalog: LibraryCatalog) throws -> Author {
        try #require(try catalog.authors.find(named: name).first)
    }

    @Test func createsAnEntryWithItsListsAndRecordsWhoDidIt() throws {
        let (catalog, editor) = try sample()
        var edit = EntityEdit(fields: ["title": "Roughing It", "year": "1872", "isbn13": "0-14-043025-3"])
        edit.links = [
            LinkChange(list: "authors", target: "Mark Twain", action: .add(role: nil)),
            LinkChange(list: "genres", target: "Travel writing", action: .add(role: nil)),
        ]
        let created = try editor.create(.book, edit)
        let book = try catalog.books.get(uuid: created.uuid)
        #expect(book.year == 1872)
        #expect(book.isbn13 == "9780140430257")
        #expect(book.sortTitle == "Roughing It")
        #expect(
            try catalog.books.credits(of: book.id, after: nil, limit: 10).items.map(\.author.name) == ["Mark Twain"])
        #expect(try catalog.genres.find(named: "travel writing") != nil)
        #expect(try catalog.search("roughing").map(\.uuid) == [created.uuid])
        #expect(created.revision == (try editor.revision(of: .book, uuid: created.uuid)))
        let history = try editor.history(.book, uuid: created.uuid)
        #expect(history.map(\.action) == [.create])
        #expect(history.first?.actor == "ada")
        #expect(
            history.first?.changes.contains { [$0.field, $0.before, $0.after] == ["year", nil, "1872"] } == true)
    }

    @Test func updateChangesOnlyTheGivenFieldsAndRefusesAStaleRevision() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let book = try #require(try catalog.books.page(byAuthor: twain.id, after: nil, limit: 1).items.first)
        let revision = try editor.revision(of: .book, uuid: book.uuid)
        let result = try editor.update(
            .book, uuid: book.uuid, EntityEdit(fields: ["pages": "366"]), ifRevision: revision)
        let updated = try catalog.books.get(uuid: book.uuid)
        #expect(updated.pages == 366)
        #expect(updated.title == book.title && updated.year == book.year && updated.isbn13 == book.isbn13)
        #expect(result.revision > revision)

        let stale = EditError.staleRevision(.book, uuid: book.uuid, expected: revision, current: result.revision)
        #expect(throws: stale) {
            try editor.update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "1"]), ifRevision: revision)
        }
        #expect(try catalog.books.get(uuid: book.uuid).pages == 366)
    }

    @Test func refusesWhatAnImportRefuses() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let book = try #require(try catalog.books.page(byAuthor: twain.id, after: nil, limit: 1).items.first)
        let refused: [[String: String?]] = [
            ["isbn13": "978-0-14-043025-1"], ["year": "12000"], ["year": "soon"], ["title": "  "], ["title": nil],
            ["colour": "red"],
        ]
        for fields in refused {
            #expect(throws: (any Error).self) { try editor.update(.book, uuid: book.uuid, EntityEdit(fields: fields)) }
        }
        #expect(try catalog.books.get(uuid: book.uuid) == book)
        #expect(try editor.history(.book, uuid: book.uuid).isEmpty)
    }

    @Test func refusesDeletingAnAuthorWhoHasBooks() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        #expect(throws: EditError.self) { try editor.delete(.author, uuid: twain.uuid) }
        let error = try #require(throws: EditError.self) { try editor.delete(.author, uuid: twain.uuid) }
        #expect("\(error)".contains("merge the author into another, or remove the credits first"))
        #expect(try catalog.authors.find(uuid: twain.uuid) != nil)
    }

    @Test func mergeMovesLinksCollapsesDuplicatesAndRepointsImportIdentities() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let duplicate = try editor.create(.author, EntityEdit(fields: ["name": "Twain, Mark"]))
        let books = try catalog.books.page(byAuthor: twain.id, after: nil, limit: 10).items
        let first = try #require(books.first)
        // One book credits both spellings; another only the duplicate.
        try editor.update(
            .book, uuid: first.uuid,
            EntityEdit(links: [LinkChange(list: "authors", target: duplicate.uuid.uuidString, action: .add(role: nil))])
        )
        let other = try editor.create(
            .book,
            EntityEdit(
                fields: ["title": "Life on the Mississippi"],
                links: [LinkChange(list: "authors", target: duplicate.uuid.uuidString, action: .add(role: nil))]))
        try catalog.db.execute(
            "INSERT INTO source_records (source, source_key, entity_kind, entity_id) VALUES ('marc', 'twain', 'author', ?)",
            [try catalog.authors.get(uuid: duplicate.uuid).id])

        let merged = try editor.merge(.author, uuid: duplicate.uuid, into: twain.uuid)
        #expect(merged.uuid == twain.uuid && merged.merged == duplicate.uuid)
        #expect(try catalog.authors.find(uuid: duplicate.uuid) == nil)
        let credits = try catalog.books.credits(of: first.id, after: nil, limit: 10).items
        #expect(credits.filter { $0.author.uuid == twain.uuid }.count == 1)
        #expect(credits.map(\.position) == Array(0..<credits.count))
        let otherID = try catalog.books.get(uuid: other.uuid).id
        #expect(try catalog.books.credits(of: otherID, after: nil, limit: 10).items.map(\.author.uuid) == [twain.uuid])
        #expect(
            try catalog.db.fetchOne(Int64.self, "SELECT entity_id FROM source_records WHERE source_key = 'twain'")
                == twain.id)
        #expect(try catalog.survivor(of: .author, uuid: duplicate.uuid) == twain.uuid)
        #expect(throws: EditError.merged(.author, uuid: duplicate.uuid, into: twain.uuid)) {
            try editor.update(.author, uuid: duplicate.uuid, EntityEdit(fields: ["name": "X"]))
        }
        let history = try editor.history(.author, uuid: duplicate.uuid)
        #expect(history.last?.action == .merge)
        #expect(
            history.last?.changes.first.map { [$0.field, $0.before, $0.after] } == [
                "merged", "Twain, Mark", "Mark Twain",
            ])
    }

    @Test func mergeKeepsChosenFieldsAndRefusesOtherKinds() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let duplicate = try editor.create(
            .author, EntityEdit(fields: ["name": "Samuel Clemens", "disambiguation": "American writer, 1835–1910"]))
        let book = try #require(try catalog.books.page(after: nil, limit: 1).items.first)
        #expect(throws: EditError.differentKinds(.author, into: .book)) {
            try editor.merge(.author, uuid: duplicate.uuid, into: book.uuid)
        }
        #expect(throws: EditError.mergeIntoItself(.author, uuid: twain.uuid)) {
            try editor.merge(.author, uuid: twain.uuid, into: twain.uuid)
        }
        try editor.merge(.author, uuid: duplicate.uuid, into: twain.uuid, keeping: ["disambiguation"])
        let survivor = try catalog.authors.get(uuid: twain.uuid)
        #expect(survivor.name == "Mark Twain")
        #expect(survivor.disambiguation == "American writer, 1835–1910")
    }

    /// A merge of an author credited on many books records those books by uuid, not their states, and its undo puts
    /// every credit back as it was: the author, the role and the position, also on books crediting both authors.
    @Test func undoOfAMergeOfAManyBookAuthorPutsEveryCreditBack() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let duplicate = try editor.create(.author, EntityEdit(fields: ["name": "Twain, Mark"])).uuid
        for number in 0..<200 {
            var credits = [LinkChange(list: "authors", target: "Someone \(number % 7)", action: .add(role: nil))]
            let role: ContributorRole? = number.isMultiple(of: 3) ? .editor : nil
            credits.insert(
                LinkChange(list: "authors", target: duplicate.uuidString, action: .add(role: role)), at: number % 2)
            if number.isMultiple(of: 10) {
                credits.append(LinkChange(list: "authors", target: twain.uuid.uuidString, action: .add(role: nil)))
            }
            try editor.create(.book, EntityEdit(fields: ["title": "Book \(number)"], links: credits))
        }
        // By uuid: the undone merge brings the author back under its uuid, in a new row.
        let credits = """
            SELECT b.uuid || ':' || a.uuid || ':' || role || ':' || position FROM book_authors
            JOIN books b ON b.id = book_id JOIN authors a ON a.id = author_id ORDER BY b.uuid, position
            """
        let before = try catalog.db.fetchAll(String.self, credits)

        try editor.merge(.author, uuid: duplicate, into: twain.uuid)
        let recorded = try catalog.db.fetchOne(
            Int.self, "SELECT length(before) FROM edit_history ORDER BY id DESC LIMIT 1")
        // 180 books credit the duplicate alone: about 40 bytes each as uuids, several times that as states.
        #expect(try #require(recorded) < 180 * 100 + 20 * 2_000)
        #expect(try catalog.db.fetchAll(String.self, credits) != before)

        try editor.undo(.author, uuid: duplicate)
        #expect(try catalog.db.fetchAll(String.self, credits) == before)
    }

    @Test func undoPutsAMergeBackOnlyWhileNothingChangedItSince() throws {
        let (catalog, editor) = try sample()
        let twain = try author("Mark Twain", in: catalog)
        let before = try catalog.books.page(byAuthor: twain.id, after: nil, limit: 10).items.map(\.uuid)
        let duplicate = try editor.create(.author, EntityEdit(fields: ["name": "Twain, Mark"]))
        let book = try editor.create(
            .book,
            EntityEdit(
                fields: ["title": "Life on the Mississippi"],
                links: [LinkChange(list: "authors", target: duplicate.uuid.uuidString, action: .add(role: nil))]))
        try editor.merge(.author, uuid: duplicate.uuid, into: twain.uuid)

        try editor.undo(.author, uuid: duplicate.uuid)
        let restored = try catalog.authors.get(uuid: duplicate.uuid)
        let bookID = try catalog.books.get(uuid: book.uuid).id
        #expect(
            try catalog.books.credits(of: bookID, after: nil, limit: 10).items.map(\.author.uuid) == [restored.uuid])
        #expect(try catalog.books.page(byAuthor: twain.id, after: nil, limit: 10).items.map(\.uuid) == before)
        #expect(try catalog.survivor(of: .author, uuid: duplicate.uuid) == nil)
        #expect(try editor.history(.author, uuid: twain.uuid).map(\.action) == [.merge, .undo])

        try editor.merge(.author, uuid: duplicate.uuid, into: twain.uuid)
        try editor.update(.book, uuid: book.uuid, EntityEdit(fields: ["year": "1883"]))
        #expect(throws: EditError.changedSince(.author, uuid: twain.uuid, name: "Life on the Mississippi")) {
            try editor.undo(.author, uuid: twain.uuid)
        }
    }

    @Test func undoOfAnUpdateRestoresTheFieldsAndListsAndNeedsSomethingToUndo() throws {
        let (catalog, editor) = try sample()
        let book = try #require(try catalog.books.page(after: nil, limit: 1).items.first)
        #expect(throws: EditError.nothingToUndo(.book, uuid: book.uuid)) { try editor.undo(.book, uuid: book.uuid) }
        let payloadBefore = try catalog.db.fetchAll(
            String.self, "SELECT name FROM search_index WHERE rowid = ?", [book.id * 4])
        try editor.update(
            .book, uuid: book.uuid,
            EntityEdit(
                fields: ["title": "Something Else", "summary": nil],
                links: [LinkChange(list: "genres", target: "Brand New Genre", action: .add(role: nil))]))
        try editor.undo(.book, uuid: book.uuid)
        #expect(try catalog.books.get(uuid: book.uuid).title == book.title)
        #expect(try catalog.books.get(uuid: book.uuid).summary == book.summary)
        #expect(
            try catalog.db.fetchAll(String.self, "SELECT name FROM search_index WHERE rowid = ?", [book.id * 4])
                == payloadBefore)
        #expect(try catalog.books.genres(of: book.id).contains { $0.name == "Brand New Genre" } == false)
        #expect(try catalog.genres.find(named: "Brand New Genre") == nil)
    }
}
