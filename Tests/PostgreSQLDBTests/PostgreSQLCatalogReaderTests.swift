import Catalog
import CatalogViews
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// The catalog's read answers (`catalog list|show|search --json`, `GET /v1/…`) read from PostgreSQL are the ones
/// SQLite gives for the same rows: the SQLite side is a snapshot of the PostgreSQL catalog, so ids, uuids and times
/// are the same and the JSON can be compared as text, cursors included.
@Suite struct PostgreSQLCatalogReaderTests {
    /// The sample catalogs imported into a new PostgreSQL database, and a SQLite snapshot of it.
    private static func catalogs(_ label: String) throws -> (server: PostgreSQLCatalogReader, copy: LibraryCatalog) {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase(label))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        for file in ["library.json", "music.json"] {
            _ = try PostgreSQLImporter(connection).importFile(atPath: TestSupport.sampleData.appending(path: file).path)
        }
        let path = try TestSupport.temporaryDirectory(label).appending(path: "copy.sqlite").path
        _ = try PostgreSQLChangeFeed(connection).snapshot(to: path, server: "pg")
        return (PostgreSQLCatalogReader(connection), LibraryCatalog(try DatabaseSchema.openCatalog(path: path)))
    }

    /// Every list, whole and scoped by every entity that scopes it, paged three at a time.
    @Test func everyListPagesAsOnSQLite() throws {
        let (server, copy) = try Self.catalogs("reader-lists")
        var pages = 0
        for kind in EntityKind.allCases {
            for filter in try [nil] + Self.filters(of: kind, in: copy) {
                var cursor: PageCursor?
                repeat {
                    let expected = try CatalogAPI.list(kind, filter: filter, after: cursor, limit: 3, in: copy)
                    let actual = try CatalogAPI.list(kind, filter: filter, after: cursor, limit: 3, in: server)
                    #expect(actual == expected, "\(kind) \(String(describing: filter))")
                    guard actual == expected else { break }
                    pages += 1
                    let next = try JSONSerialization.jsonObject(with: Data(actual.utf8)) as? [String: Any]
                    cursor = (next?["next"] as? String).map(PageCursor.init)
                } while cursor != nil
            }
        }
        #expect(pages > 100)
    }

    @Test func everyEntityShowsAsOnSQLite() throws {
        let (server, copy) = try Self.catalogs("reader-show")
        var shown = 0
        for kind in EntityKind.allCases {
            for uuid in try copy.db.fetchAll(String.self, "SELECT uuid FROM \(kind.table.name)") {
                let uuid = try #require(UUID(uuidString: uuid))
                #expect(
                    try CatalogAPI.show(kind, uuid: uuid, in: server) == CatalogAPI.show(kind, uuid: uuid, in: copy))
                shown += 1
            }
        }
        #expect(shown > 40)
        let absent = UUID()
        #expect(throws: CatalogError.notFound(.book, uuid: absent)) {
            try CatalogAPI.show(.book, uuid: absent, in: server)
        }
    }

    /// Both rank differently (bm25 against ts_rank), so a search that finds fewer than its limit is compared as a
    /// set; the words must all match, the last one as a prefix, on both.
    @Test(arguments: ["hob", "tolkien", "rock", "Motörhead", "MOTORHEAD", "heavy metal", "the", "zz", "", "\"'(*"])
    func searchFindsWhatSQLiteFinds(text: String) throws {
        let (server, copy) = try Self.catalogs("reader-search")
        let expected = try copy.search(text, limit: 1000)
        let actual = try server.search(text, limit: 1000)
        #expect(Set(actual) == Set(expected))
        #expect(actual.count == expected.count)
    }

    @Test func aSearchTakesAtMostItsLimitAndRefusesAnotherLimit() throws {
        let (server, _) = try Self.catalogs("reader-limit")
        #expect(try server.search("the", limit: 2).count == 2)
        #expect(throws: CatalogError.invalidLimit(0)) { try server.search("the", limit: 0) }
    }

    @Test func aCursorOfAnotherListIsRefused() throws {
        let (server, _) = try Self.catalogs("reader-cursor")
        let page = try server.page(.books, after: nil, limit: 1)
        let cursor = try #require(page.next)
        #expect(throws: CatalogError.self) { try server.page(.authors, after: cursor, limit: 1) }
    }

    /// The filters that scope `kind`'s list, one per entity of the scoping kind.
    private static func filters(of kind: EntityKind, in catalog: LibraryCatalog) throws -> [ListFilter] {
        try (ListFilter.allowed[kind] ?? []).flatMap { name -> [ListFilter] in
            guard let scoping = EntityKind(rawValue: name) else { return [] }
            return try catalog.db.fetchAll(String.self, "SELECT uuid FROM \(scoping.table.name)").compactMap {
                UUID(uuidString: $0).flatMap { ListFilter(name: name, uuid: $0) }
            }
        }
    }
}
