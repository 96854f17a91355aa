import Catalog
import CatalogSync
import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The observable copy an app shows: its writes waiting, the conflicts its uploads got, syncs off the main actor.
@MainActor @Suite struct OfflineCopyTests {
    @Test func theModelCountsTheAppsWritesSyncsThemAndShowsTheConflict() async throws {
        let fixture = try SyncFixture.withSamples()
        _ = try fixture.snapshot("copy.sqlite")
        let path = fixture.directory.appending(path: "copy.sqlite").path
        let serverPath = fixture.directory.appending(path: "server.sqlite").path
        let copy = try await OfflineCopy.open { try DatabaseSchema.open(path: path) }
        #expect(copy.pending == 0 && copy.conflicts.isEmpty)

        // The app writes through a connection of its own; the server changes the same title meanwhile.
        let db = try DatabaseSchema.open(path: path)
        let uuid = try #require(
            try db.fetchOne(String.self, "SELECT uuid FROM books WHERE title = 'Adventures of Huckleberry Finn'")
                .flatMap(UUID.init(uuidString:)))
        try CatalogEditor(db, actor: "ada").update(.book, uuid: uuid, EntityEdit(fields: ["title": "Mine"]))
        try CatalogEditor(db, actor: "ada").create(.author, EntityEdit(fields: ["name": "Written Offline"]))
        try CatalogEditor(fixture.server, actor: "bob").update(
            .book, uuid: uuid, EntityEdit(fields: ["title": "Theirs"]))
        await copy.refresh()
        #expect(copy.pending == 2)

        let synced = await copy.sync {
            let server = try DatabaseSchema.open(path: serverPath)
            return (ServerFileUploads(server, actor: "ada"), ChangeFeed(server))
        }
        #expect(synced, "\(copy.lastError ?? "")")
        #expect(copy.pending == 0 && !copy.isSyncing)
        #expect(copy.lastUpload?.results == [.applied: 1, .conflict: 1])
        #expect(copy.conflicts.map(\.mine) == ["Mine"] && copy.conflicts.map(\.theirs) == ["Theirs"])
        #expect(copy.lastSync?.changesApplied ?? 0 > 0)
        #expect(try LibraryCatalog(db).books.get(uuid: uuid).title == "Theirs")

        // A server the copy does not follow: the sync fails and says why.
        let stranger = try SyncFixture().directory.appending(path: "server.sqlite").path
        let failed = await copy.sync {
            let server = try DatabaseSchema.open(path: stranger)
            return (ServerFileUploads(server, actor: "ada"), ChangeFeed(server))
        }
        #expect(!failed && copy.lastError?.contains("the client follows database") == true)
    }
}
