import Catalog
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import CatalogSync

@Suite struct EntityPayloadTests {
    /// The books table with a column no draft sets, as a migration would add it.
    static let books = CatalogTables.books.adding(.text("edition", key: "edition", inDraft: false))

    /// A migrated in-memory database whose books have an `edition` column.
    private func databaseWithEditions() throws -> Database {
        let db = try makeCatalog().db
        try db.execute("ALTER TABLE books ADD COLUMN edition TEXT")
        return db
    }

    @Test func aColumnAddedToTheDescriptionTravelsFromServerToClient() throws {
        let server = try databaseWithEditions()
        let client = try databaseWithEditions()
        let catalog = LibraryCatalog(server)
        let author = try catalog.authors.create(AuthorDraft(name: "Frank Herbert"))
        let book = try catalog.books.create(BookDraft(title: "Dune", year: 1965))
        try catalog.books.setCredits([BookCredit(authorID: author.id)], of: book.id)
        try server.execute("UPDATE books SET edition = 'Second' WHERE id = ?", [book.id])
        let uuid = book.uuid.uuidString.lowercased()

        // The payload carries it, as JSON too.
        let payload = try #require(try EntityPayload.read(Self.books, uuid: uuid, in: server))
        #expect(payload["edition"] == .text("Second"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(Encoded(payload: payload))
        #expect(String(decoding: json, as: UTF8.self).contains(#""edition":"Second""#))
        let decoded = try JSONDecoder().decode(Decoded.self, from: json).payload
        #expect(decoded == payload)

        // The applier writes it, with the links.
        let credited = try #require(try ChangeFeed(server).payload(.author, uuid: author.uuid.uuidString.lowercased()))
        try ChangeApplier(db: client, source: ChangeFeed(server)).apply([insert(credited), insert(decoded)])
        #expect(try client.fetchOne(String.self, "SELECT edition FROM books WHERE uuid = ?", [uuid]) == "Second")
        #expect(try EntityPayload.read(Self.books, uuid: uuid, in: client) == payload)
    }

    private func insert(_ payload: EntityPayload) -> Change {
        Change(
            sequence: 1, kind: payload.kind, uuid: payload.uuid, operation: .insert,
            changedAt: "2026-01-01T00:00:00.000Z", entity: payload)
    }

    @Test func payloadKeysAreTheDocumentedWireFormat() throws {
        let documented: [EntityKind: Set<String>] = [
            .book: [
                "uuid", "title", "sortTitle", "sortKey", "isbn13", "year", "pages", "language", "summary", "createdAt",
                "updatedAt", "authors", "genres",
            ],
            .author: ["uuid", "name", "sortName", "nameKey", "sortKey", "disambiguation", "createdAt", "updatedAt"],
            .genre: ["uuid", "name", "nameKey", "parent", "createdAt", "updatedAt"],
            .band: [
                "uuid", "name", "sortName", "nameKey", "sortKey", "country", "formedYear", "endedYear", "status",
                "disambiguation", "createdAt", "updatedAt", "genres",
            ],
        ]
        for kind in EntityKind.allCases {
            let table = kind.table
            #expect(Set(table.payloadColumns.map(\.key) + table.links.map(\.key)) == documented[kind], "\(kind)")
        }
        #expect(CatalogTables.bookAuthors.columns.map(\.key) == ["author", "role", "position"])
        #expect(CatalogTables.bookGenres.columns.map(\.key) == ["genre", "position"])
        #expect(CatalogTables.bandGenres.columns.map(\.key) == ["genre", "position"])
    }
}

/// A payload as the JSON of a change's `entity`.
private struct Encoded: Encodable {
    let payload: EntityPayload

    func encode(to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
    }
}

/// A payload of the books table with an edition, read from JSON.
private struct Decoded: Decodable {
    let payload: EntityPayload

    init(from decoder: any Decoder) throws {
        payload = try EntityPayload(table: EntityPayloadTests.books, from: decoder)
    }
}
