import Catalog
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// A client copy's own writes: recorded whoever makes them, read as one change per entity, uploaded once, answered.
@Suite struct UploadQueueTests {
    let fixture: SyncFixture
    let client: Database

    init() throws {
        fixture = try SyncFixture()
        try fixture.importSamples()
        client = try fixture.snapshot()
    }

    func pending() throws -> [UploadedChange] {
        try client.read { db in try UploadQueue.pending(in: db).changes }
    }

    func book(_ title: String, in db: Database) throws -> Book {
        try #require(
            try db.fetchOne(
                Book.self, "SELECT \(CatalogTables.books.selection) FROM books b WHERE title = ?", [title]))
    }

    @Test func writesOfTheLibraryAndOfAnySQLClientAreOneChangePerEntityAndSyncsOwnAreNot() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        let base = try #require(try SyncClient(client).state()).lastSequence
        try CatalogEditor(client, actor: "ada").update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "366"]))
        // As the sqlite3 shell would write it.
        try client.execute(
            "UPDATE books SET pages = 400, year = 1885 WHERE uuid = ?", [book.uuid.uuidString.lowercased()])
        let changes = try pending()
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change.operation == .update && change.baseSequence == base)
        #expect(change.fields["pages"] == FieldChange(base: book.pages.map(String.init), mine: "400"))
        #expect(change.fields["year"] == FieldChange(base: book.year.map(String.init), mine: "1885"))
        #expect(change.fields.count == 2)

        // The server's changes, applied by sync, are not the client's.
        try client.execute("DELETE FROM upload_queue")
        try fixture.catalog.books.create(BookDraft(title: "Written on the server"))
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try pending().isEmpty)
        #expect(try client.fetchOne(Int.self, "SELECT applying FROM sync_state") == 0)
        // Nor is anything recorded on the server, which is no client.
        #expect(try fixture.server.fetchOne(Int.self, "SELECT count(*) FROM upload_queue") == 0)
    }

    @Test func aListChangeCarriesTheListBeforeAndAfterAndACreateThenDeleteIsNothing() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        let catalog = LibraryCatalog(client)
        let before = try catalog.books.credits(of: book.id, after: nil, limit: 10).items.map {
            ListEntry(uuid: $0.author.uuid.uuidString.lowercased(), role: $0.role.rawValue)
        }
        let editor = CatalogEditor(client, actor: "ada")
        try editor.update(
            .book, uuid: book.uuid,
            EntityEdit(links: [
                LinkChange(list: "authors", target: "H. G. Wells", action: .add(role: .author)),
                LinkChange(list: "authors", target: before[0].uuid, action: .remove(role: nil)),
            ]))
        let gone = try editor.create(.author, EntityEdit(fields: ["name": "Written and gone"]))
        try editor.delete(.author, uuid: gone.uuid)
        let changes = try pending()
        #expect(changes.count == 1, "the author created and deleted again is nothing to send")
        let list = try #require(changes.first?.lists["authors"])
        #expect(list.base == before)
        #expect(list.mine.map(\.uuid).contains(before[0].uuid) == false)
        #expect(list.mine.count == before.count)
    }

    @Test func anUploadIsAnsweredAndAnAnswerLostOnTheWayIsSentAgainWithTheSameIDs() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        try CatalogEditor(client, actor: "ada").update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "366"]))
        let server = ServerFileUploads(fixture.server, actor: "ada")
        #expect(throws: LostAnswer.self) { try SyncClient(client).upload(to: LosingAnswers(server: server)) }
        #expect(try fixture.catalog.books.get(uuid: book.uuid).pages == 366, "the server applied it")
        let sent = try #require(try client.fetchOne(String.self, "SELECT change_id FROM upload_sent"))
        try CatalogEditor(fixture.server, actor: "bob").update(
            .book, uuid: book.uuid, EntityEdit(fields: ["pages": "12"]))

        let report = try SyncClient(client).upload(to: server)
        #expect(report.results == [.applied: 1], "the answer stored with the change, not a second apply")
        #expect(try fixture.catalog.books.get(uuid: book.uuid).pages == 12)
        #expect(try client.fetchOne(String.self, "SELECT change_id FROM upload_answers") == sent)
        #expect(try client.fetchOne(Int.self, "SELECT count(*) FROM upload_sent") == 0)
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try LibraryCatalog(client).books.get(uuid: book.uuid).pages == 12)
    }

    @Test func bothSidesChangingATitleKeepTheServersAndTheClientsIsAConflict() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        try CatalogEditor(client, actor: "ada").update(.book, uuid: book.uuid, EntityEdit(fields: ["title": "Mine"]))
        try CatalogEditor(fixture.server, actor: "bob").update(
            .book, uuid: book.uuid, EntityEdit(fields: ["title": "Theirs"]))
        let report = try SyncClient(client).upload(to: ServerFileUploads(fixture.server, actor: "ada"))
        #expect(report.results == [.conflict: 1])
        #expect(report.conflicts.map(\.mine) == ["Mine"] && report.conflicts.map(\.theirs) == ["Theirs"])
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try LibraryCatalog(client).books.get(uuid: book.uuid).title == "Theirs")
        #expect(try CatalogEditor(fixture.server, actor: "bob").conflicts().count == 1)
    }
}

extension UploadQueueTests {
    /// Uploads the copy's writes and syncs it: afterwards it holds the server's catalog, whatever the answers.
    func uploadAndSync() throws -> SyncClient.UploadReport {
        let report = try SyncClient(client).upload(to: ServerFileUploads(fixture.server, actor: "ada"))
        try SyncClient(client).sync(from: fixture.feed)
        #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
        return report
    }

    func author(_ name: String, in db: Database) throws -> String {
        try #require(try db.fetchOne(String.self, "SELECT uuid FROM authors WHERE name = ?", [name]))
    }

    /// Deleting an author takes its credits with it: the books' loss is recorded before the author is gone (it used
    /// to be recorded naming no one, and the queue could not be read). The server, which changed the author
    /// meanwhile, keeps it; the copy then holds the author again, and the books as the server has them.
    @Test func deletingACreditedAuthorRecordsTheBooksLossAndAConflictBringsTheAuthorBack() throws {
        let twain = try author("Mark Twain", in: client)
        try client.execute("DELETE FROM authors WHERE uuid = ?", [twain])
        let changes = try pending()
        #expect(changes.contains { $0.kind == .author && $0.operation == .delete })
        let lost = changes.filter { $0.kind == .book && $0.lists["authors"] != nil }
        #expect(!lost.isEmpty && lost.allSatisfy { $0.lists["authors"]?.base.map(\.uuid).contains(twain) == true })
        try CatalogEditor(fixture.server, actor: "bob").update(
            .author, uuid: try #require(UUID(uuidString: twain)), EntityEdit(fields: ["disambiguation": "kept"]))
        let report = try uploadAndSync()
        #expect(report.conflicts.map(\.reason) == [.changedOnServer])
        #expect(try author("Mark Twain", in: client) == twain)
    }

    /// A merge the server keeps as a conflict changes nothing there, and no change in the feed says so: the copy
    /// reads the entries it named again (it used to keep its own merge for good).
    @Test func aMergeKeptAsAConflictIsUndoneOnTheCopyByReadingTheEntriesAgain() throws {
        let twain = try author("Mark Twain", in: client)
        let editor = CatalogEditor(client, actor: "ada")
        let into = try editor.create(.author, EntityEdit(fields: ["name": "Samuel Clemens"]))
        _ = try uploadAndSync()
        try editor.merge(.author, uuid: try #require(UUID(uuidString: twain)), into: into.uuid)
        try CatalogEditor(fixture.server, actor: "bob").delete(.author, uuid: into.uuid)
        let report = try uploadAndSync()
        // The merge, and the credit it moved to the author the server deleted.
        #expect(report.results[.conflict] == 2 && report.conflicts.allSatisfy { $0.reason == .deletedOnServer })
        #expect(try author("Mark Twain", in: client) == twain)
    }

    /// A write that changes no field still moves `updated_at`; the copy reads that entry again (it used to keep its
    /// own time for good).
    @Test func aWriteThatChangedNothingButItsTimeIsReadAgain() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        try client.execute(
            "UPDATE books SET updated_at = '2030-01-01T00:00:00.000Z' WHERE uuid = ?",
            [book.uuid.uuidString.lowercased()])
        #expect(try pending().isEmpty, "nothing to send")
        let report = try uploadAndSync()
        #expect(report.changes == 0)
    }
}

extension UploadQueueTests {
    /// A copy behind the pruned horizon starts again from a new snapshot, in place: its writes not uploaded yet stay,
    /// frozen with the base they were made on (so the server still sees the clash with its own change), its identity
    /// and the answers to its earlier uploads stay too.
    @Test func aCopyStartedAgainFromANewSnapshotKeepsItsWritesItsIdentityAndItsAnswers() throws {
        let book = try book("Adventures of Huckleberry Finn", in: client)
        let editor = CatalogEditor(client, actor: "ada")
        try editor.update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "366"]))
        _ = try uploadAndSync()
        try editor.update(.book, uuid: book.uuid, EntityEdit(fields: ["title": "Mine"]))
        let made = try editor.create(.author, EntityEdit(fields: ["name": "Written Offline"]))
        try CatalogEditor(fixture.server, actor: "bob").update(
            .book, uuid: book.uuid, EntityEdit(fields: ["title": "Theirs"]))
        try fixture.catalog.books.create(BookDraft(title: "After the prune"))
        _ = try fixture.feed.prune(before: try fixture.feed.highWater())
        #expect(throws: SyncError.self) { try SyncClient(client).sync(from: fixture.feed) }
        let identity = try ChangeFeed(client).databaseUUID()

        _ = try fixture.snapshot("fresh.sqlite")
        let info = try SyncClient(client).restart(
            fromSnapshotAt: fixture.directory.appending(path: "fresh.sqlite").path)
        #expect(info.sequence == (try fixture.feed.highWater()))
        #expect(try ChangeFeed(client).databaseUUID() == identity, "the server knows the copy's uploads by it")
        #expect(try client.fetchOne(Int.self, "SELECT count(*) FROM upload_answers") == 1)
        #expect(try client.fetchOne(Int.self, "SELECT count(*) FROM upload_sent") == 2, "the two writes, frozen")
        #expect(try LibraryCatalog(client).books.get(uuid: book.uuid).title == "Theirs", "the snapshot's catalog")

        let report = try uploadAndSync()
        #expect(report.results == [.applied: 1, .conflict: 1], "the title clashes with the server's, as made")
        #expect(try LibraryCatalog(client).authors.get(uuid: made.uuid).name == "Written Offline")
        // Still recording its own writes.
        try editor.update(.book, uuid: book.uuid, EntityEdit(fields: ["pages": "367"]))
        #expect(try pending().count == 1)
    }
}

/// The answer to an upload lost on the way back: the server applied the batch, the client never heard.
private struct LostAnswer: Error {}

/// A server whose answers never arrive.
private struct LosingAnswers: UploadTarget {
    let server: ServerFileUploads

    func databaseUUID() throws -> String { try server.databaseUUID() }

    func upload(_ batch: UploadBatch) throws -> [UploadAnswer] {
        _ = try server.upload(batch)
        throw LostAnswer()
    }
}
