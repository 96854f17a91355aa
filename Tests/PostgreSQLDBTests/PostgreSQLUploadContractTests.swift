import Catalog
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteDB
import TestSupport
import Testing

/// `CatalogEditor.apply(_:)` on SQLite and on PostgreSQL: the same uploads, after the same server edits, give the same
/// answers (revisions masked: each database numbers its own changes) and leave the same fields.
@Suite struct PostgreSQLUploadContractTests {
    private static let client = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
    private static let (author, fiction, sf, book) = (
        "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222",
        "33333333-3333-4333-8333-333333333333", "44444444-4444-4444-8444-444444444444"
    )

    /// Creates through an upload, edits on the server, uploads changes made offline before that edit, and sends the
    /// last batch again; returns every answer with its revision masked, and the book's fields.
    private static func script(_ editor: CatalogEditor) throws -> ([UploadAnswer], [String: String?]) {
        let create = {
            (id: String, kind: EntityKind, uuid: String, fields: [String: String], lists: [String: ListChange]) in
            UploadedChange(
                id: id, kind: kind, uuid: uuid, operation: .create, baseSequence: 0,
                fields: fields.mapValues { FieldChange(base: nil, mine: $0) }, lists: lists)
        }
        var answers = try editor.apply(
            UploadBatch(
                client: client,
                changes: [
                    create("c1", .author, author, ["name": "Octavia Butler"], [:]),
                    create("c2", .genre, fiction, ["name": "Fiction"], [:]),
                    create("c3", .genre, sf, ["name": "Science fiction"], [:]),
                    create(
                        "c4", .book, book, ["title": "Kindred"],
                        [
                            "authors": ListChange(base: [], mine: [ListEntry(uuid: author, role: "author")]),
                            "genres": ListChange(base: [], mine: [ListEntry(uuid: fiction)]),
                        ]),
                ]))
        let bookUUID = try #require(UUID(uuidString: book))
        let base = try editor.revision(of: .book, uuid: bookUUID)
        try editor.update(
            .book, uuid: bookUUID,
            EntityEdit(
                fields: ["title": "Kindred (server)"],
                links: [LinkChange(list: "genres", target: sf, action: .add(role: nil))]))
        let offline = UploadBatch(
            client: client,
            changes: [
                UploadedChange(
                    id: "c5", kind: .book, uuid: book, operation: .update, baseSequence: base,
                    fields: [
                        "title": FieldChange(base: "Kindred", mine: "Kindred!"),
                        "year": FieldChange(base: nil, mine: "1979"),
                    ],
                    lists: ["genres": ListChange(base: [ListEntry(uuid: fiction)], mine: [])]),
                UploadedChange(id: "c6", kind: .author, uuid: author, operation: .delete, baseSequence: 0),
                UploadedChange(
                    id: "c7", kind: .book, uuid: book, operation: .update, baseSequence: base,
                    fields: ["pages": FieldChange(base: nil, mine: "many")]),
            ])
        answers += try editor.apply(offline)
        answers += try editor.apply(offline)
        let masked = answers.map { answer in
            var answer = answer
            answer.revision = answer.revision == 0 ? 0 : -1
            return answer
        }
        return (masked, try editor.fields(of: .book, uuid: bookUUID).fields)
    }

    @Test func theSameUploadsGiveTheSameAnswersOnBoth() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("uploads"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        let sqlite = try makeCatalog()
        let onSQLite = try Self.script(CatalogEditor(sqlite.db, actor: "ada"))
        let onPostgreSQL = try Self.script(CatalogEditor(postgreSQL: connection, actor: "ada"))
        #expect(onSQLite.0 == onPostgreSQL.0)
        #expect(onSQLite.1 == onPostgreSQL.1)
        #expect(
            onSQLite.0.map(\.result) == [
                .applied, .applied, .applied, .applied, .conflict, .conflict, .rejected, .conflict, .conflict,
                .rejected,
            ])
        #expect(onSQLite.1["title"] == "Kindred (server)" && onSQLite.1["year"] == "1979")
    }
}
