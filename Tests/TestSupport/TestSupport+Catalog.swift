public import Catalog
import CatalogImport
public import Foundation
import SQLiteCatalog
import SQLiteDB

/// A fresh in-memory catalog for one test.
public func makeCatalog() throws -> LibraryCatalog {
    let db = try Database.inMemory()
    try DatabaseSchema.migrator.migrate(db)
    return LibraryCatalog(db)
}

extension TestSupport {
    /// The package's `SampleData/` directory.
    public static var sampleData: URL { packageRoot.appending(path: "SampleData") }

    /// The path of a committed import fixture, `Tests/CatalogImportTests/Fixtures/<name>`.
    public static func importFixture(_ name: String) -> String {
        packageRoot.appending(path: "Tests/CatalogImportTests/Fixtures").appending(path: name).path
    }
}

/// A catalog with both sample files imported.
public func makeSampleCatalog() throws -> LibraryCatalog {
    let catalog = try makeCatalog()
    for file in ["library.json", "music.json"] {
        _ = try catalog.importer.importJSON(contentsOf: TestSupport.sampleData.appending(path: file))
    }
    return catalog
}

extension LibraryCatalog {
    /// Every page of a list, joined.
    public func all<Item>(limit: Int = 7, _ page: (PageCursor?) throws -> Page<Item>) throws -> [Item] {
        var items: [Item] = []
        var cursor: PageCursor?
        repeat {
            let next = try page(cursor)
            items += next.items
            cursor = next.next
        } while cursor != nil
        return items
    }

    /// `PRAGMA foreign_key_check` rows, `PRAGMA integrity_check` lines, the FTS5 integrity check, and the search
    /// entries that differ from the entities' names (one entry per entity, rowid `id * 4 + kind`).
    public func integrityProblems() throws -> [String] {
        let foreignKeys = try db.fetchAll(String.self, "SELECT \"table\" FROM pragma_foreign_key_check")
        let integrity = try db.integrityCheck().filter { $0 != "ok" }
        try db.execute("INSERT INTO search_index (search_index) VALUES ('integrity-check')")
        let names = """
            SELECT id * 4 AS entry, title AS name FROM books UNION ALL SELECT id * 4 + 1, name FROM authors
            UNION ALL SELECT id * 4 + 2, name FROM genres UNION ALL SELECT id * 4 + 3, name FROM bands
            """
        let stale = try db.fetchAll(
            String.self,
            "SELECT 'search entry ' || rowid || ' (' || name || ') names no entity' "
                + "FROM (SELECT rowid, name FROM search_index EXCEPT SELECT * FROM (\(names)))")
        let missing = try db.fetchAll(
            String.self,
            "SELECT 'no search entry ' || e.entry || ' (' || e.name || ')' "
                + "FROM (\(names)) AS e WHERE NOT EXISTS "
                + "(SELECT 1 FROM search_index s WHERE s.rowid = e.entry AND s.name = e.name)")
        return foreignKeys.map { "foreign key violation in \($0)" } + integrity + stale + missing
    }
}
