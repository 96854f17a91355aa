import Catalog
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteDB
import TestSupport
import Testing

/// The catalog lookups that check routes on PostgreSQL answer as the SQLite catalog does, over the same sample
/// catalogs (their uuids differ: entities are matched by kind and name).
@Suite struct PostgreSQLCatalogLookupTests {
    /// An entity of both catalogs.
    struct Entity {
        let kind: EntityKind
        let name: String
        let local: UUID
        let server: UUID
    }

    @Test func namesLinksAndSearchHitsAreSQLites() throws {
        let sqlite = try makeSampleCatalog()
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase("lookup"))
        try PostgreSQLCatalogSchema.migrator.migrate(connection)
        for file in ["library.json", "music.json"] {
            _ = try PostgreSQLImporter(connection).importFile(atPath: TestSupport.sampleData.appending(path: file).path)
        }
        let lookup = PostgreSQLCatalogLookup(connection)
        var entities: [Entity] = []
        for kind in EntityKind.allCases {
            // "uuid name": a uuid is 36 characters and has no space.
            let query = "SELECT uuid || ' ' || \(kind == .book ? "title" : "name") FROM \(kind.table.name)"
            let split = { (text: String) in (UUID(uuidString: String(text.prefix(36))), String(text.dropFirst(37))) }
            let onServer = Dictionary(
                try connection.fetchAll(String.self, query).map(split).map { ($1, $0) }, uniquingKeysWith: { a, _ in a }
            )
            let local = try sqlite.db.fetchAll(String.self, query).map(split)
            // Bands may share a name (two Nirvanas): those cannot be matched by it.
            let shared = Set(Dictionary(grouping: local, by: \.1).filter { $1.count > 1 }.keys)
            for (uuid, name) in local where !shared.contains(name) {
                entities.append(
                    Entity(
                        kind: kind, name: name, local: try #require(uuid),
                        server: try #require(onServer[name].flatMap { $0 })))
            }
        }
        #expect(entities.count > 40)

        var links = 0
        for entity in entities {
            #expect(try lookup.name(of: entity.kind, uuid: entity.server) == entity.name)
            for other in entities {
                let linked = try sqlite.linked(entity.kind, entity.local, other.kind, other.local)
                let onServer = try EntityLink(entity.kind, entity.server, other.kind, other.server).map(lookup.contains)
                #expect((onServer ?? false) == linked, "\(entity.name) – \(other.name)")
                links += linked ? 1 : 0
            }
        }
        #expect(links > 40)
        #expect(try lookup.name(of: .book, uuid: UUID()) == nil)

        for text in ["hob", "tolkien", "rock", "Motörhead", "heavy metal", "the", "zz", ""] {
            for entity in entities {
                #expect(
                    try lookup.isSearchHit(entity.kind, entity.server, for: text)
                        == sqlite.isSearchHit(entity.kind, entity.local, for: text), "'\(text)': \(entity.name)")
            }
        }
    }
}
