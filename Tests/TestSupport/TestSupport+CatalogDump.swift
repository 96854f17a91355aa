import Catalog
public import SQLiteDB

extension TestSupport {
    /// Every catalog row of `db` as text, entities and links named by uuid (never rowid), sorted: two databases
    /// hold the same catalog exactly when their dumps are equal (a server and its synced clients, say).
    ///
    /// The columns are those of the tables' descriptions: an entity's as a change carries them, every column of
    /// a link table.
    public static func canonicalDump(_ db: Database) throws -> [String] {
        let entities = CatalogTables.entities.map { table in
            dumpQuery(table.name, table.payloadSelection.expressions, from: table.payloadSelection.from)
        }
        let links = CatalogTables.links.map { link in
            dumpQuery(link.name, link.everyColumn.expressions, from: link.everyColumn.from)
        }
        let queries = entities + links + [dumpQuery("search", ["name"], from: "search_index")]
        return try queries.flatMap { try db.fetchAll(String.self, $0) }.sorted()
    }

    /// `SELECT 'label|' || quote(column) || '|' || … FROM from`: one text line per row, NULL spelled out.
    private static func dumpQuery(_ label: String, _ columns: [String], from: String) -> String {
        "SELECT '\(label)|' || " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " FROM \(from)"
    }
}
