import Catalog
import CatalogSync
import Foundation
import LibraryNavigation
import Navigation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteDB
import TestSupport
import Testing

/// The one `CatalogEditor` on SQLite and on PostgreSQL: the same edit requests, in the same order, give the same
/// answers and refusals and leave the same catalog, history and change feed (uuids named by what they are, times
/// and change-log positions masked: each database numbers its own).
@Suite struct PostgreSQLEditorContractTests {
    /// One database's run of the script: its editor, and the uuids of the entries the script named.
    final class Side {
        let editor: CatalogEditor
        var uuids: [String: UUID] = [:]
        var outcomes: [String] = []

        init(_ editor: CatalogEditor) {
            self.editor = editor
        }

        /// The uuid of the entry the script calls `name`.
        func uuid(_ name: String) throws -> UUID {
            try #require(uuids[name], "the script has no entry \(name)")
        }

        /// Runs one request and keeps what it answered: the result, or the refusal.
        func run(_ label: String, _ request: (CatalogEditor) throws -> String) {
            do {
                outcomes.append("\(label): \(try request(editor))")
            } catch {
                outcomes.append("\(label): refused: \(error)")
            }
        }

        /// Runs a create and names the new entry `name`.
        func create(_ name: String, _ kind: EntityKind, _ edit: EntityEdit) {
            run("create \(name)") { editor in
                let result = try editor.create(kind, edit)
                uuids[name] = result.uuid
                return "\(result.action) \(result.kind)"
            }
        }
    }

    /// The edit requests and refusals the contract compares, written once for both databases.
    static func script(_ side: Side) throws {
        side.create("twain", .author, EntityEdit(fields: ["name": "Mark Twain"]))
        side.create("clemens", .author, EntityEdit(fields: ["name": "Samuel Clemens", "disambiguation": "pen name"]))
        side.create("fiction", .genre, EntityEdit(fields: ["name": "Fiction"]))
        side.create("satire", .genre, EntityEdit(fields: ["name": "Satire", "parent": "Fiction"]))
        var huck = EntityEdit(fields: [
            "title": "Adventures of Huckleberry Finn", "year": "1884", "isbn13": "9780142437179",
        ])
        huck.links = [
            LinkChange(list: "authors", target: "Mark Twain", action: .add(role: nil)),
            LinkChange(list: "authors", target: "Samuel Clemens", action: .add(role: "illustrator")),
            LinkChange(list: "genres", target: "Satire", action: .add(role: nil)),
            LinkChange(list: "genres", target: "Travel writing", action: .add(role: nil)),
        ]
        side.create("huck", .book, huck)
        var band = EntityEdit(fields: ["name": "The Mississippi Steamboats", "country": "US", "status": "active"])
        band.links = [LinkChange(list: "genres", target: "Fiction", action: .add(role: nil))]
        side.create("band", .band, band)

        // Validation: what an import refuses, an edit refuses, before it writes anything.
        side.create("bad isbn", .book, EntityEdit(fields: ["title": "X", "isbn13": "123"]))
        side.create("bad year", .book, EntityEdit(fields: ["title": "X", "year": "eighteen"]))
        side.create("no name", .author, EntityEdit(fields: ["name": " "]))
        side.create("bad status", .band, EntityEdit(fields: ["name": "Y", "status": "asleep"]))
        side.create(
            "unknown list", .book,
            EntityEdit(fields: ["title": "Z"], links: [LinkChange(list: "bands", target: "x", action: .add(role: nil))])
        )
        side.create("same genre", .genre, EntityEdit(fields: ["name": "fiction"]))

        let huckUUID = try side.uuid("huck")
        let revision = try side.editor.revision(of: .book, uuid: huckUUID)
        side.run("patch pages") { editor in
            let result = try editor.update(
                .book, uuid: huckUUID, EntityEdit(fields: ["pages": "366"]), ifRevision: revision)
            return "\(result.action) revision moved: \(result.revision > revision)"
        }
        side.run("stale revision") { editor in
            "\(try editor.update(.book, uuid: huckUUID, EntityEdit(fields: ["pages": "1"]), ifRevision: revision).action)"
        }
        side.run("links") { editor in
            var edit = EntityEdit(fields: ["summary": "A raft on the river."])
            edit.links = [
                LinkChange(list: "authors", target: "Samuel Clemens", action: .remove(role: "illustrator")),
                LinkChange(list: "genres", target: "Fiction", action: .add(role: nil)),
                LinkChange(list: "genres", target: "Fiction", action: .move(to: 0)),
            ]
            return "\(try editor.update(.book, uuid: huckUUID, edit).action)"
        }
        side.run("remove what is not listed") { editor in
            let edit = EntityEdit(
                fields: [:],
                links: [
                    LinkChange(list: "genres", target: "Satire", action: .remove(role: nil)),
                    LinkChange(list: "genres", target: "Satire", action: .remove(role: nil)),
                ])
            return "\(try editor.update(.book, uuid: huckUUID, edit).action)"
        }
        side.run("credit clemens again") { editor in
            let edit = EntityEdit(
                fields: [:], links: [LinkChange(list: "authors", target: "Samuel Clemens", action: .add(role: nil))])
            return "\(try editor.update(.book, uuid: huckUUID, edit).action)"
        }
        let twain = try side.uuid("twain")
        let clemens = try side.uuid("clemens")
        side.run("delete an author with books") { editor in "\(try editor.delete(.author, uuid: twain).action)" }
        side.run("merge into itself") { editor in "\(try editor.merge(.author, uuid: twain, into: twain).action)" }
        side.run("merge into a book") { editor in "\(try editor.merge(.author, uuid: twain, into: huckUUID).action)" }
        side.run("merge keeping") { editor in
            let result = try editor.merge(.author, uuid: clemens, into: twain, keeping: ["disambiguation"])
            return "\(result.action) \(result.kind)"
        }
        side.run("edit the merged entry") { editor in
            "\(try editor.update(.author, uuid: clemens, EntityEdit(fields: ["name": "S. Clemens"])).action)"
        }
        side.run("survivor") { editor in "\(try editor.survivor(of: .author, uuid: clemens) == twain)" }
        side.run("undo the merge") { editor in "\(try editor.undo(.author, uuid: twain).action)" }
        side.run("survivor after undo") { editor in
            "\(String(describing: try editor.survivor(of: .author, uuid: clemens)))"
        }
        side.run("merge again") { editor in "\(try editor.merge(.author, uuid: clemens, into: twain).action)" }
        // An undone merge brings the entry back as an insert, no longer a merge, to clients.
        side.create("twin", .author, EntityEdit(fields: ["name": "M. Twain"]))
        let twin = try side.uuid("twin")
        side.run("merge the twin") { editor in "\(try editor.merge(.author, uuid: twin, into: twain).action)" }
        side.run("undo the twin's merge") { editor in "\(try editor.undo(.author, uuid: twin).action)" }
        let fiction = try side.uuid("fiction")
        side.run("delete a genre with a child") { editor in "\(try editor.delete(.genre, uuid: fiction).action)" }
        side.run("undo the delete") { editor in "\(try editor.undo(.genre, uuid: fiction).action)" }
        side.run("nothing to undo") { editor in "\(try editor.undo(.book, uuid: twain).action)" }
        side.run("undo after a later change") { editor in
            "\(try editor.undo(.band, uuid: try side.uuid("band")).action)"
        }
    }

    /// Everything the script left, as text: the answers, every entity's payload, every entry's history, the change
    /// feed, each uuid replaced by the name of what it named and times and positions masked.
    static func outcome(
        _ side: Side, entities: [String: String], payloads: [EntityPayload], changes: [Change]
    ) throws -> [String] {
        var names: [String: String] = entities
        for (name, uuid) in side.uuids { names[uuid.uuidString.lowercased()] = name }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func text(_ value: some Encodable) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        var lines = side.outcomes
        // A payload encodes as a change carries it.
        lines += try payloads.map { payload in
            try text(
                Change(
                    sequence: 0, kind: payload.kind, uuid: payload.uuid, operation: .update, changedAt: "",
                    entity: payload))
        }.sorted()
        for (name, uuid) in side.uuids.sorted(by: { $0.key < $1.key }) {
            for kind in EntityKind.allCases {
                lines += try side.editor.history(kind, uuid: uuid).map { record in
                    var record = record
                    record.id = 0
                    return "history of \(name): \(try text(record))"
                }
            }
        }
        lines += try changes.map { change in
            var change = change
            change.sequence = 0
            return try text(change)
        }
        return lines.map { mask($0, names) }
    }

    /// `line` with each uuid replaced by its name, and times and numbers a database chose (revisions, seqs) masked.
    static func mask(_ line: String, _ names: [String: String]) -> String {
        var masked = line
        let uuid = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
        masked = masked.replacing(uuid) { match in names[String(match.output).lowercased()] ?? "unknown uuid" }
        masked = masked.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/) { _ in "TIME" }
        return masked.replacing(/revision \d+/) { _ in "revision #" }
    }

    /// Each entity's uuid and what it is, `author Mark Twain`, for uuids the script did not name.
    static let entityNames = EntityKind.allCases.map { kind in
        "SELECT uuid, '\(kind.rawValue) ' || \(kind == .book ? "title" : "name") FROM \(kind.table.name)"
    }

    @Test func theSameEditsGiveTheSameAnswersAndTheSameCatalogOnBoth() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("edits"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        let sqlite = try makeCatalog()

        let onSQLite = Side(CatalogEditor(sqlite.db, actor: "ada"))
        let onPostgreSQL = Side(CatalogEditor(postgreSQL: connection, actor: "ada"))
        try Self.script(onSQLite)
        try Self.script(onPostgreSQL)

        let sqliteNames = Dictionary(
            try Self.entityNames.flatMap { query in
                try sqlite.db.fetch(query, with: []) { row in (row.string(at: 0) ?? "", row.string(at: 1) ?? "") }
            }, uniquingKeysWith: { $1 })
        let postgreSQLNames = Dictionary(
            try Self.entityNames.flatMap { query in
                try connection.fetch(query, with: []) { row in (row.string(at: 0) ?? "", row.string(at: 1) ?? "") }
            }, uniquingKeysWith: { $1 })
        let sqlitePayloads = try sqliteNames.keys.compactMap { uuid in
            try EntityKind.allCases.lazy.compactMap { try EntityPayload.read($0.table, uuid: uuid, on: sqlite.db) }
                .first
        }
        let postgreSQLPayloads = try postgreSQLNames.keys.compactMap { uuid in
            try EntityKind.allCases.lazy.compactMap { try EntityPayload.read($0.table, uuid: uuid, on: connection) }
                .first
        }
        let expected = try Self.outcome(
            onSQLite, entities: sqliteNames, payloads: sqlitePayloads,
            changes: try ChangeFeed(sqlite.db).changes(since: 0, limit: 1000).changes)
        let actual = try Self.outcome(
            onPostgreSQL, entities: postgreSQLNames, payloads: postgreSQLPayloads,
            changes: try PostgreSQLChangeFeed(connection).changes(since: 0, limit: 1000).changes)
        #expect(expected.count > 50)
        #expect(!expected.contains { $0.contains("unknown uuid") })
        for (index, (sqliteLine, postgreSQLLine)) in zip(expected, actual).enumerated() {
            #expect(postgreSQLLine == sqliteLine, "line \(index)")
        }
        #expect(actual.count == expected.count)
        // The merge reaches clients of either database as a merge into the survivor.
        let merges = actual.filter { $0.contains(#""op":"merge""#) }
        #expect(merges.count == 1 && merges.first?.contains(#""into":"twain""#) == true)
    }

    @Test func aSavedSplitViewNamingAMergedEntryRestoresToTheSurvivor() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("editsnav"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        let editor = CatalogEditor(postgreSQL: connection, actor: "ada")
        let twain = try editor.create(.author, EntityEdit(fields: ["name": "Mark Twain"])).uuid
        let duplicate = try editor.create(.author, EntityEdit(fields: ["name": "Twain, Mark"])).uuid
        let book = try editor.create(
            .book,
            EntityEdit(
                fields: ["title": "Life on the Mississippi"],
                links: [LinkChange(list: "authors", target: duplicate.uuidString, action: .add(role: nil))])
        ).uuid
        let ada = try NavigationStore(postgreSQLCatalog: connection).openSession(scene: "main", forUserNamed: "ada")
        try ada.apply(.selectSidebar(.authors))
        try ada.apply(.selectContent(.author(duplicate)))
        try ada.apply(.push(.book(book)))
        try ada.saveSession(named: "twain")
        try ada.apply(.selectSidebar(.genres))

        try editor.merge(.author, uuid: duplicate, into: twain)

        let lookup = PostgreSQLCatalogLookup(connection)
        #expect(try lookup.survivor(of: .author, uuid: duplicate) == twain)
        #expect(try lookup.survivor(of: .author, uuid: twain) == nil)
        let again = try NavigationStore(postgreSQLCatalog: connection).openSession(scene: "main", forUserNamed: "ada")
        let restored = try again.restoreSession(named: "twain")
        #expect(again.state.content == .author(twain))
        #expect(again.state.detail == .author(twain))
        #expect(again.state.stack == [.book(book)])
        let merged = Repair.Reason.mergedInto(successor: LibraryRoute.author(twain).path)
        #expect(restored.repairs.map(\.reason) == [merged])

        // A client copy made from a snapshot after the merge follows it too.
        let path = try TestSupport.temporaryDirectory("editsnap").appending(path: "client.sqlite").path
        try PostgreSQLChangeFeed(connection).snapshot(to: path, server: "pg")
        let copy = LibraryCatalog(try Database(path: path))
        #expect(try copy.survivor(of: .author, uuid: duplicate) == twain)
    }
}
