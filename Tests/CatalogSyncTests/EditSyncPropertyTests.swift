import Catalog
import CatalogImport
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Hand edits, deletes, merges and undos on the server, in random sequences (seeded, so a failure can be replayed):
/// a client synced at any point, in small batches, holds what the server holds, merges included.
@Suite struct EditSyncPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func aClientSyncedAfterEditsAndMergesEqualsTheServer(seed: UInt64) throws {
        let fixture = try SyncFixture()
        try fixture.importSamples()
        let client = try fixture.snapshot()
        var random = SplitMix64(seed: seed)
        let editor = CatalogEditor(fixture.server, actor: "property")
        var merges = 0
        for step in 1...40 {
            if try Self.randomEdit(editor, fixture.catalog, &random) { merges += 1 }
            if step % 8 == 0 || step == 40 {
                try SyncClient(client).sync(from: fixture.feed, batchSize: 1 + Int(random.next() % 5))
                #expect(try TestSupport.canonicalDump(client) == TestSupport.canonicalDump(fixture.server))
                #expect(try Self.merges(client) == Self.merges(fixture.server), "seed \(seed), step \(step)")
            }
        }
        #expect(try LibraryCatalog(client).integrityProblems() == [])
        #expect(merges > 0, "seed \(seed) merged nothing")
    }

    /// One random edit; a refused one (an author with books, nothing to undo) changes nothing, as it should.
    /// - Returns: whether it merged.
    private static func randomEdit(_ editor: CatalogEditor, _ catalog: LibraryCatalog, _ random: inout SplitMix64)
        throws -> Bool
    {
        let kind = [EntityKind.book, .author, .genre, .band][Int(random.next() % 4)]
        let uuids = try catalog.db.fetchAll(String.self, "SELECT uuid FROM \(kind.table.name) ORDER BY id")
            .compactMap(UUID.init(uuidString:))
        guard uuids.count >= 2 else { return false }
        let one = uuids[Int(random.next() % UInt64(uuids.count))]
        let other = uuids[Int(random.next() % UInt64(uuids.count))]
        let name = kind == .book ? "title" : "name"
        do {
            switch random.next() % 6 {
            case 0, 1:
                try editor.update(kind, uuid: one, EntityEdit(fields: [name: "Edited \(random.next() % 1000)"]))
            case 2:
                guard one != other else { return false }
                try editor.merge(kind, uuid: one, into: other)
                return true
            case 3:
                try editor.delete(kind, uuid: one)
            case 4:
                try editor.undo(kind, uuid: one)
            default:
                try editor.create(kind, EntityEdit(fields: [name: "New \(random.next() % 1000)"]))
            }
        } catch is EditError {
        } catch CatalogError.invalidValue {
        }
        return false
    }

    private static func merges(_ db: Database) throws -> [String] {
        try db.fetchAll(
            String.self, "SELECT entity_kind || ' ' || uuid || ' ' || merged_into FROM entity_merges ORDER BY 1")
    }
}
