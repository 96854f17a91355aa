import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// A client's offline changes applied on the server (`CatalogEditor.apply(_:)`): merged field by field against the
/// values the client started from, lists as sets, conflicts kept, refusals answered, each change applied once.
@Suite struct UploadTests {
    let catalog: LibraryCatalog
    let editor: CatalogEditor
    let client = "7d9c1f0e-client"

    init() throws {
        catalog = try makeSampleCatalog()
        editor = CatalogEditor(catalog.db, actor: "alice from client 7d9c1f0e")
    }

    /// The server sequence a client that synced now would hold.
    func synced() throws -> Int64 {
        try #require(try catalog.db.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM change_log"))
    }

    func book(_ title: String) throws -> Book {
        try #require(
            try catalog.db.fetchOne(
                Book.self, "SELECT \(CatalogTables.books.selection) FROM books b WHERE title = ?", [title]))
    }

    @Test func theJSONFormsLeaveOutWhatIsEmptyAndReadItBackAsEmpty() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let change = UploadedChange(id: "c1", kind: .book, uuid: "u1", operation: .delete, baseSequence: 7)
        let changeJSON = #"{"base":7,"id":"c1","kind":"book","op":"delete","uuid":"u1"}"#
        #expect(String(decoding: try encoder.encode(change), as: UTF8.self) == changeJSON)
        #expect(try JSONDecoder().decode(UploadedChange.self, from: Data(changeJSON.utf8)) == change)
        let answer = UploadAnswer(id: "c1", result: .applied, kind: .book, uuid: "u1", revision: 0)
        let answerJSON = #"{"id":"c1","kind":"book","result":"applied","revision":0,"uuid":"u1"}"#
        #expect(String(decoding: try encoder.encode(answer), as: UTF8.self) == answerJSON)
        #expect(try JSONDecoder().decode(UploadAnswer.self, from: Data(answerJSON.utf8)) == answer)
        let edited = UploadedChange(
            id: "c2", kind: .book, uuid: "u1", operation: .update, baseSequence: 7,
            fields: ["year": FieldChange(base: nil, mine: "1937")])
        #expect(String(decoding: try encoder.encode(edited), as: UTF8.self).contains(#""fields":{"year":"#))
    }

    func change(
        _ kind: EntityKind, _ uuid: UUID, _ operation: UploadedChange.Operation = .update, base: Int64,
        fields: [String: FieldChange] = [:], lists: [String: ListChange] = [:], into: UUID? = nil
    ) -> UploadedChange {
        UploadedChange(
            id: UUID().uuidString.lowercased(), kind: kind, uuid: uuid.uuidString.lowercased(), operation: operation,
            baseSequence: base, fields: fields, lists: lists, mergedInto: into?.uuidString.lowercased())
    }

    func upload(_ changes: UploadedChange...) throws -> [UploadAnswer] {
        try editor.apply(UploadBatch(client: client, changes: changes))
    }

    @Test func aChangeTheServerDidNotTouchIsAppliedAndRecordedAsTheClients() throws {
        let book = try book("Adventures of Huckleberry Finn")
        let answers = try upload(
            change(
                .book, book.uuid, base: try synced(),
                fields: ["pages": FieldChange(base: book.pages.map(String.init), mine: "366")]))
        #expect(answers.map(\.result) == [.applied])
        #expect(try catalog.books.get(uuid: book.uuid).pages == 366)
        #expect(answers.first?.revision == (try editor.revision(of: .book, uuid: book.uuid)))
        #expect(try editor.history(.book, uuid: book.uuid).last?.actor == "alice from client 7d9c1f0e")
    }

    @Test func changesToDifferentFieldsBothStandAndTheSameFieldKeepsBothValues() throws {
        let book = try book("Adventures of Huckleberry Finn")
        let base = try synced()
        try CatalogEditor(catalog.db, actor: "bob").update(
            .book, uuid: book.uuid, EntityEdit(fields: ["year": "1885", "title": "Huckleberry Finn"]))

        let answers = try upload(
            change(
                .book, book.uuid, base: base,
                fields: [
                    "pages": FieldChange(base: book.pages.map(String.init), mine: "366"),
                    "title": FieldChange(base: book.title, mine: "The Adventures of Huckleberry Finn"),
                ]))
        let answer = try #require(answers.first)
        #expect(answer.result == .conflict)
        let updated = try catalog.books.get(uuid: book.uuid)
        #expect(updated.year == 1885 && updated.pages == 366)
        #expect(updated.title == "Huckleberry Finn", "the server's value stands")
        let conflict = try #require(answer.conflicts.first)
        #expect(answer.conflicts.count == 1)
        #expect(conflict.field == "title" && conflict.reason == .bothChanged)
        #expect(conflict.mine == "The Adventures of Huckleberry Finn" && conflict.theirs == "Huckleberry Finn")
        #expect(conflict.base == book.title)
        #expect(try editor.conflicts().map(\.id) == [conflict.id])

        // Only other fields changed on the server: merged, no conflict.
        let later = try upload(
            change(.book, book.uuid, base: base, fields: ["pages": FieldChange(base: "366", mine: "400")]))
        #expect(later.map(\.result) == [.merged])
        #expect(try catalog.books.get(uuid: book.uuid).pages == 400)
    }

    @Test func listsMergeAsSetsWithTheClientsOrder() throws {
        let book = try book("Adventures of Huckleberry Finn")
        let twain = try #require(try catalog.authors.find(named: "Mark Twain").first)
        let kemble = try #require(try catalog.authors.find(named: "E. W. Kemble").first)
        let wells = try #require(try catalog.authors.find(named: "H. G. Wells").first)
        let melville = try #require(try catalog.authors.find(named: "Herman Melville").first)
        let credits = { [catalog] in
            try catalog.books.credits(of: book.id, after: nil, limit: 10).items.map(\.author.name)
        }
        #expect(try credits() == ["Mark Twain", "E. W. Kemble"])
        let base = try synced()
        let entry = { (author: Author, role: String) in ListEntry(uuid: author.uuid.uuidString.lowercased(), role: role)
        }
        // The server adds Melville meanwhile; the client drops Kemble and puts Wells first.
        try CatalogEditor(catalog.db, actor: "bob").update(
            .book, uuid: book.uuid,
            EntityEdit(links: [LinkChange(list: "authors", target: "Herman Melville", action: .add(role: .author))]))
        let held = [entry(twain, "author"), entry(kemble, "illustrator")]
        let answers = try upload(
            change(
                .book, book.uuid, base: base,
                lists: ["authors": ListChange(base: held, mine: [entry(wells, "author"), entry(twain, "author")])]))
        #expect(answers.map(\.result) == [.merged])
        #expect(try credits() == ["H. G. Wells", "Mark Twain", "Herman Melville"])
        _ = melville
    }

    @Test func aChangeOfAnEntryMergedOnTheServerLandsOnTheSurvivor() throws {
        let twain = try #require(try catalog.authors.find(named: "Mark Twain").first)
        let duplicate = try editor.create(.author, EntityEdit(fields: ["name": "Twain, Mark"]))
        let base = try synced()
        try CatalogEditor(catalog.db, actor: "bob").merge(.author, uuid: duplicate.uuid, into: twain.uuid)
        let answers = try upload(
            change(
                .author, duplicate.uuid, base: base,
                fields: ["disambiguation": FieldChange(base: nil, mine: "American writer")]))
        #expect(answers.map(\.result) == [.merged])
        #expect(answers.first?.uuid == twain.uuid.uuidString.lowercased())
        #expect(try catalog.authors.get(uuid: twain.uuid).disambiguation == "American writer")
    }

    @Test func aChangeOfAnEntryDeletedOnTheServerIsKeptNotWrittenBackToLife() throws {
        let created = try editor.create(.author, EntityEdit(fields: ["name": "Doomed Author"]))
        let base = try synced()
        try CatalogEditor(catalog.db, actor: "bob").delete(.author, uuid: created.uuid)
        let answers = try upload(
            change(
                .author, created.uuid, base: base, fields: ["name": FieldChange(base: "Doomed Author", mine: "Saved")]))
        #expect(answers.map(\.result) == [.conflict])
        #expect(answers.first?.conflicts.first?.reason == .deletedOnServer)
        #expect(answers.first?.conflicts.first?.mine == #"{"name":"Saved"}"#)
        #expect(throws: CatalogError.self) { try catalog.authors.get(uuid: created.uuid) }
    }

    /// A merge into an entry the server deleted is kept; taking mine has nothing to write again and settles it.
    @Test func aMergeIntoAnEntryDeletedOnTheServerIsKeptAndSettles() throws {
        let merged = try editor.create(.author, EntityEdit(fields: ["name": "Merged Away"]))
        let into = try editor.create(.author, EntityEdit(fields: ["name": "Gone Survivor"]))
        let base = try synced()
        try CatalogEditor(catalog.db, actor: "bob").delete(.author, uuid: into.uuid)
        let answers = try upload(change(.author, merged.uuid, .merge, base: base, into: into.uuid))
        let conflict = try #require(answers.first?.conflicts.first)
        #expect(answers.map(\.result) == [.conflict] && conflict.reason == .deletedOnServer)
        #expect(try editor.resolveConflict(conflict.id, taking: .mine) == nil)
        #expect(try editor.conflicts().isEmpty)
        #expect(try catalog.authors.get(uuid: merged.uuid).name == "Merged Away")
        #expect(throws: EditError.conflictResolved(id: conflict.id, how: "mine")) {
            try editor.resolveConflict(conflict.id, taking: .theirs)
        }
    }

    /// An added genre the server deleted cannot be added: it is kept as a conflict, the rest of the change stands
    /// (it used to refuse the whole change, the title typed with it too); an added author the server merged away is
    /// its survivor.
    @Test func listEntriesNamingWhatTheServerDeletedAreKeptAndThoseItMergedFollow() throws {
        let book = try book("Adventures of Huckleberry Finn")
        let doomed = try editor.create(.genre, EntityEdit(fields: ["name": "Doomed Genre"]))
        let merged = try editor.create(.author, EntityEdit(fields: ["name": "Merged Writer"]))
        let survivor = try editor.create(.author, EntityEdit(fields: ["name": "Surviving Writer"]))
        let base = try synced()
        let bob = CatalogEditor(catalog.db, actor: "bob")
        try bob.delete(.genre, uuid: doomed.uuid)
        try bob.merge(.author, uuid: merged.uuid, into: survivor.uuid)
        let genres = try catalog.books.genres(of: book.id).map { ListEntry(uuid: $0.uuid.uuidString.lowercased()) }
        let authors = try catalog.books.credits(of: book.id, after: nil, limit: 50).items.map {
            ListEntry(uuid: $0.author.uuid.uuidString.lowercased(), role: $0.role.rawValue)
        }
        let added = ListEntry(uuid: doomed.uuid.uuidString.lowercased())
        let answers = try upload(
            change(
                .book, book.uuid, base: base,
                fields: ["title": FieldChange(base: book.title, mine: "Huck Finn")],
                lists: [
                    "genres": ListChange(base: genres, mine: genres + [added]),
                    "authors": ListChange(
                        base: authors,
                        mine: authors + [ListEntry(uuid: merged.uuid.uuidString.lowercased(), role: "author")]),
                ]))
        #expect(answers.map(\.result) == [.conflict])
        let conflict = try #require(answers.first?.conflicts.first)
        #expect(conflict.field == "genres" && conflict.reason == .deletedOnServer)
        #expect(conflict.mine == (try UploadJSON.text([added])))
        #expect(try catalog.books.get(uuid: book.uuid).title == "Huck Finn")
        let credited = try catalog.books.credits(of: book.id, after: nil, limit: 50).items.map(\.author.uuid)
        #expect(credited.last == survivor.uuid)
        #expect(try editor.resolveConflict(conflict.id, taking: .mine) == nil, "nothing to add again")
    }

    @Test func aDeleteOfAnEntryChangedOnTheServerIsKeptAndTheEntryStays() throws {
        let kept = try editor.create(.author, EntityEdit(fields: ["name": "Kept Author"]))
        let gone = try editor.create(.author, EntityEdit(fields: ["name": "Gone Author"]))
        let base = try synced()
        try CatalogEditor(catalog.db, actor: "bob").update(
            .author, uuid: kept.uuid, EntityEdit(fields: ["disambiguation": "edited"]))
        let answers = try upload(
            change(.author, kept.uuid, .delete, base: base), change(.author, gone.uuid, .delete, base: base))
        #expect(answers.map(\.result) == [.conflict, .applied])
        #expect(answers.first?.conflicts.first?.reason == .changedOnServer)
        #expect(try catalog.authors.get(uuid: kept.uuid).name == "Kept Author")
        #expect(throws: CatalogError.self) { try catalog.authors.get(uuid: gone.uuid) }
    }

    @Test func aCreateKeepsTheClientsUUIDAndARefusalAppliesNothing() throws {
        let uuid = UUID()
        let answers = try upload(
            change(
                .book, uuid, .create, base: try synced(),
                fields: [
                    "title": FieldChange(base: nil, mine: "Written Offline"),
                    "year": FieldChange(base: nil, mine: "1999"),
                ]),
            change(
                .book, uuid, base: try synced(),
                fields: [
                    "title": FieldChange(base: "Written Offline", mine: "Renamed"),
                    "year": FieldChange(base: "1999", mine: "nineteen"),
                ]))
        #expect(answers.map(\.result) == [.applied, .rejected])
        #expect(answers.last?.error?.field == "year")
        let book = try catalog.books.get(uuid: uuid)
        #expect(book.title == "Written Offline", "nothing of the refused change is applied")
        #expect(book.year == 1999)
    }

    @Test func aChangeSentAgainGetsItsAnswerAgainAndIsAppliedOnce() throws {
        let book = try book("Adventures of Huckleberry Finn")
        let sent = change(
            .book, book.uuid, base: try synced(),
            fields: ["pages": FieldChange(base: book.pages.map(String.init), mine: "366")])
        let first = try upload(sent)
        let revision = try editor.revision(of: .book, uuid: book.uuid)
        try CatalogEditor(catalog.db, actor: "bob").update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "12"]))
        let again = try upload(sent)
        #expect(again == first)
        #expect(try catalog.books.get(uuid: book.uuid).pages == 12, "the change was not applied a second time")
        #expect(try editor.history(.book, uuid: book.uuid).filter { $0.actor.hasPrefix("alice") }.count == 1)
        #expect(first.first?.revision == revision)
    }
}
