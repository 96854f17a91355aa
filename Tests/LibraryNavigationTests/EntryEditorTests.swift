import Catalog
import Foundation
import LibraryNavigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The form a SwiftUI view binds to: fields saved through the catalog's editor, the library's refusals per field,
/// and an edit made meanwhile shown as a conflict the user resolves.
@MainActor @Suite struct EntryEditorTests {
    /// A background editor over a new catalog holding one book, and that book.
    private func catalog() async throws -> (BackgroundCatalogEditor, UUID) {
        let editing = try await BackgroundCatalogEditor.open(actor: "ada") {
            let db = try Database.inMemory()
            try DatabaseSchema.migrator.migrate(db)
            return db
        }
        let book = try await editing.perform { editor in
            try editor.create(.book, EntityEdit(fields: ["title": "Kindred", "year": "1979"])).uuid
        }
        return (editing, book)
    }

    private func stored(_ editing: BackgroundCatalogEditor, _ book: UUID) async throws -> [String: String?] {
        try await editing.perform { try $0.fields(of: .book, uuid: book).fields }
    }

    @Test func aChangedFieldIsSaved() async throws {
        let (editing, book) = try await catalog()
        let form = try await EntryEditor.load(.book, uuid: book, from: editing)
        #expect(form[field: "title"] == "Kindred" && form[field: "pages"] == "")
        form[field: "pages"] = "264"
        #expect(form.changes == ["pages": "264"])
        #expect(await form.save())
        #expect(try await stored(editing, book)["pages"] == "264")
        #expect(form.changes.isEmpty && form.errors.isEmpty && form.conflict == nil)
        let history = try await editing.perform { try $0.history(.book, uuid: book) }
        #expect(history.last?.actor == "ada" && history.last?.changes.map(\.field) == ["pages"])
    }

    @Test func eachRefusedFieldHasItsErrorAndNothingIsSaved() async throws {
        let (editing, book) = try await catalog()
        let form = try await EntryEditor.load(.book, uuid: book, from: editing)
        let before = try await stored(editing, book)
        form[field: "year"] = "nineteen seventy-nine"
        form[field: "title"] = ""
        form[field: "pages"] = "264"
        #expect(await form.save() == false)
        #expect(Set(form.errors.keys) == ["year", "title"])
        #expect(form.errors["year"]?.contains("whole number") == true)
        #expect(try await stored(editing, book) == before)
        // Typing in a field clears its error; the others stay until the next save.
        form[field: "year"] = "1979"
        #expect(form.errors["year"] == nil && form.errors["title"] != nil)
    }

    @Test func anEditMadeMeanwhileIsAConflictThatReapplyResolves() async throws {
        let (editing, book) = try await catalog()
        let form = try await EntryEditor.load(.book, uuid: book, from: editing)
        // Someone else edits the book after the form loaded it.
        try await editing.perform { editor in
            _ = try editor.update(.book, uuid: book, EntityEdit(fields: ["year": "1980", "language": "en"]))
        }
        form[field: "year"] = "1976"
        #expect(await form.save() == false)
        let conflict = try #require(form.conflict)
        #expect(conflict.fields == ["year"])
        #expect(conflict.mine["year"] == "1976" && conflict.current["year"] == "1980")
        #expect(try await stored(editing, book)["year"] == "1980")

        #expect(await form.reapply())
        let now = try await stored(editing, book)
        // The user's value wins where they changed it; the other edit stays where they did not.
        #expect(now["year"] == "1976" && now["language"] == "en")
        #expect(form.conflict == nil && form[field: "language"] == "en")
    }

    @Test func discardTakesTheEntryAsItIsNow() async throws {
        let (editing, book) = try await catalog()
        let form = try await EntryEditor.load(.book, uuid: book, from: editing)
        try await editing.perform { editor in
            _ = try editor.update(.book, uuid: book, EntityEdit(fields: ["year": "1980"]))
        }
        form[field: "year"] = "1976"
        #expect(await form.save() == false)
        form.discard()
        #expect(form.conflict == nil && form[field: "year"] == "1980" && form.changes.isEmpty)
        #expect(try await stored(editing, book)["year"] == "1980")
    }
}
