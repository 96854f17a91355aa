import Catalog
import CatalogImport
import CatalogSync
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Two or three copies and their server, each edited offline at random (fields, creates, deletes, merges, list
/// entries; through the library and as any SQLite client would write), uploading and syncing in random orders with
/// random interruptions (answers lost, uploads cut after a batch, downloads cut after a batch). Seeded, so a failure
/// can be replayed. In the end every copy holds the server's catalog, every change sent was answered, and every value
/// a user typed that was sent is on the server (written, at some point) or kept there as a conflict.
@Suite struct OfflineConvergencePropertyTests {
    @Test(arguments: Array(1...200) as [UInt64])
    func copiesEditedOfflineConvergeWithTheServerAndLoseNothing(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try SyncFixture.withSamples()
        let copies = try (0..<(2 + Int(random.next() % 2))).map {
            try fixture.copyOfSamplesSnapshot("copy-\($0).sqlite")
        }
        let server = ServerFileUploads(fixture.server, actor: "property")
        var typist = Typist()
        for _ in 1...30 {
            let which = Int(random.next() % UInt64(copies.count + 1))
            // Index `copies.count` is the server, edited by its own users.
            let db = which < copies.count ? copies[which] : fixture.server
            switch random.next() % 10 {
            case 0...5:
                try typist.edit(db, name: which < copies.count ? "copy \(which)" : "server", &random)
            case 6, 7:
                try Self.upload(copies[which % copies.count], to: server, &random)
            default:
                try Self.download(copies[which % copies.count], from: fixture.feed, &random)
            }
        }
        // Back online for good: each copy uploads and syncs, twice round (the second round brings the first's
        // answers to the copies that went before).
        for _ in 1...2 {
            for copy in copies {
                try SyncClient(copy).upload(to: server)
                try SyncClient(copy).sync(from: fixture.feed)
            }
        }
        let expected = try TestSupport.canonicalDump(fixture.server)
        for (index, copy) in copies.enumerated() {
            let held = try TestSupport.canonicalDump(copy)
            #expect(
                held == expected,
                """
                seed \(seed): copy \(index) differs; only on the copy: \(Set(held).subtracting(expected).sorted()); \
                only on the server: \(Set(expected).subtracting(held).sorted())
                """)
            #expect(try copy.fetchOne(Int.self, "SELECT count(*) FROM upload_sent") == 0)
            #expect(try copy.fetchOne(Int.self, "SELECT count(*) FROM upload_queue") == 0)
            #expect(try LibraryCatalog(copy).integrityProblems() == [])
            try Self.expectNothingLost(copy, on: fixture.server, seed: seed)
        }
        #expect(typist.typed > 0)
    }

    /// Every change a copy sent was answered; each typed value of it is on the server (its history has written it)
    /// or kept as a conflict there, unless the change was refused with a reason.
    static func expectNothingLost(_ copy: Database, on server: Database, seed: UInt64) throws {
        let decoder = JSONDecoder()
        let changes = try copy.fetchAll(String.self, "SELECT change FROM upload_answers ORDER BY change_id")
        let answers = try copy.fetchAll(String.self, "SELECT answer FROM upload_answers ORDER BY change_id")
        for (sent, answered) in zip(changes, answers) {
            let change = try decoder.decode(UploadedChange.self, from: Data(sent.utf8))
            let answer = try decoder.decode(UploadAnswer.self, from: Data(answered.utf8))
            #expect(answer.id == change.id)
            switch answer.result {
            case .rejected:
                #expect(answer.error?.message.isEmpty == false, "seed \(seed): a refusal says why")
                continue
            case .conflict:
                #expect(!answer.conflicts.isEmpty, "seed \(seed): a conflict answer names what clashed")
                for conflict in answer.conflicts {
                    let kept = try server.fetchOne(
                        Int.self, "SELECT count(*) FROM edit_conflicts WHERE id = ? AND mine IS ?",
                        [conflict.id, conflict.mine])
                    #expect(kept == 1, "seed \(seed): conflict \(conflict.id) is kept on the server")
                }
            case .applied, .merged:
                break
            }
            for value in change.fields.values.compactMap(\.mine) where value.hasPrefix(Typist.mark) {
                let written = try server.fetchOne(
                    Int.self,
                    """
                    SELECT (SELECT count(*) FROM edit_history WHERE instr(after, ?) > 0)
                        + (SELECT count(*) FROM edit_conflicts WHERE instr(mine, ?) > 0)
                    """, [value, value])
                #expect(written ?? 0 > 0, "seed \(seed): '\(value)' (\(answer.result)) is lost")
            }
        }
    }

    /// Uploads the copy's writes, sometimes losing the answers or cutting the upload after its first batch.
    static func upload(_ copy: Database, to server: ServerFileUploads, _ random: inout SplitMix64) throws {
        let batchSize = 1 + Int(random.next() % 3)
        do {
            switch random.next() % 4 {
            case 0:
                try SyncClient(copy).upload(to: Interrupted(server: server, losesAnswers: true), batchSize: batchSize)
            case 1:
                try SyncClient(copy).upload(to: Interrupted(server: server, losesAnswers: false), batchSize: batchSize)
            default: try SyncClient(copy).upload(to: server, batchSize: batchSize)
            }
        } catch is Interruption {}
    }

    /// Syncs the copy, sometimes only one small batch; refused while it has writes to upload first.
    static func download(_ copy: Database, from feed: ChangeFeed, _ random: inout SplitMix64) throws {
        let batches = random.next() % 2 == 0 ? nil : 1 + Int(random.next() % 2)
        do {
            try SyncClient(copy).sync(from: feed, batchSize: 1 + Int(random.next() % 8), maxBatches: batches)
        } catch SyncError.notUploaded {}
    }
}

/// A connection that fails: before the server sees the batch, or after it applied it and before its answer arrives.
private struct Interruption: Error {}

/// The server, reached once: the first batch goes through (its answers lost, if `losesAnswers`), the next fails before
/// it arrives.
private final class Interrupted: UploadTarget {
    let server: ServerFileUploads
    let losesAnswers: Bool
    var batches = 0

    init(server: ServerFileUploads, losesAnswers: Bool) {
        self.server = server
        self.losesAnswers = losesAnswers
    }

    func databaseUUID() throws -> String { try server.databaseUUID() }

    func upload(_ batch: UploadBatch) throws -> [UploadAnswer] {
        batches += 1
        guard batches == 1 else { throw Interruption() }
        let answers = try server.upload(batch)
        if losesAnswers { throw Interruption() }
        return answers
    }
}

/// Makes random edits and remembers how many values it typed; each typed text is unique and starts with ``mark``.
private struct Typist {
    static let mark = "typed "
    var typed = 0

    mutating func token(_ name: String) -> String {
        typed += 1
        return "\(Self.mark)\(typed) by \(name)"
    }

    /// One random edit of `db` by `name`: a refused one (an author still credited, say) changes nothing.
    mutating func edit(_ db: Database, name: String, _ random: inout SplitMix64) throws {
        let kind = [EntityKind.book, .book, .author, .genre, .band][Int(random.next() % 5)]
        let uuids = try db.fetchAll(String.self, "SELECT uuid FROM \(kind.table.name) ORDER BY id")
            .compactMap(UUID.init(uuidString:))
        guard uuids.count >= 2 else { return }
        let one = uuids[Int(random.next() % UInt64(uuids.count))]
        let other = uuids[Int(random.next() % UInt64(uuids.count))]
        let editor = CatalogEditor(db, actor: name)
        let nameField = kind == .book ? "title" : "name"
        do {
            switch random.next() % 12 {
            case 0...3:
                try editor.update(kind, uuid: one, EntityEdit(fields: [nameField: token(name)]))
            case 4:
                // As the sqlite3 shell would write it.
                try db.execute(
                    "UPDATE \(kind.table.name) SET \(nameField) = ? WHERE uuid = ?",
                    [token(name), one.uuidString.lowercased()])
            case 5:
                guard kind == .book else { fallthrough }
                try editor.update(
                    kind, uuid: one,
                    EntityEdit(fields: ["year": String(1800 + Int(random.next() % 200))]))
            case 6:
                try editor.delete(kind, uuid: one)
            case 7:
                guard one != other else { return }
                try editor.merge(kind, uuid: one, into: other)
            case 8:
                try editor.create(kind, EntityEdit(fields: [nameField: token(name)]))
            default:
                try editList(editor, db, &random)
            }
        } catch is EditError {
        } catch CatalogError.invalidValue {
        }
    }

    /// Adds or removes an author of a random book, or a genre of a random book or band.
    private func editList(_ editor: CatalogEditor, _ db: Database, _ random: inout SplitMix64) throws {
        let (owner, list, target): (EntityKind, String, EntityKind) =
            switch random.next() % 3 {
            case 0: (.book, "authors", .author)
            case 1: (.book, "genres", .genre)
            default: (.band, "genres", .genre)
            }
        let owners = try db.fetchAll(String.self, "SELECT uuid FROM \(owner.table.name) ORDER BY id")
            .compactMap(UUID.init(uuidString:))
        let targets = try db.fetchAll(String.self, "SELECT uuid FROM \(target.table.name) ORDER BY id")
        guard !owners.isEmpty, !targets.isEmpty else { return }
        let ownerUUID = owners[Int(random.next() % UInt64(owners.count))]
        let targetUUID = targets[Int(random.next() % UInt64(targets.count))]
        let action: LinkChange.Action = random.next() % 2 == 0 ? .add(role: nil) : .remove(role: nil)
        try editor.update(
            owner, uuid: ownerUUID,
            EntityEdit(links: [LinkChange(list: list, target: targetUUID, action: action)]))
    }
}
