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

    /// A catalog's rows with what differs between two databases that imported the same files taken out: the
    /// ``canonicalDump(_:)`` with each uuid replaced by the row it names (its own columns, without uuids and
    /// timestamps), and timestamps dropped. Two catalogs that made the same decisions have equal content dumps.
    public static func contentDump(_ db: Database) throws -> [String] {
        var labels: [String: String] = [:]
        for table in CatalogTables.entities {
            let columns = table.payloadColumns.filter {
                $0.references == nil && !["uuid", "created_at", "updated_at"].contains($0.name)
            }
            let label = columns.map { "quote(\($0.name))" }.joined(separator: " || '|' || ")
            let rows = try db.fetchAll(UUIDLabel.self, "SELECT uuid, '\(table.name)|' || \(label) FROM \(table.name)")
            for row in rows { labels[row.uuid] = row.label }
        }
        let uuid = /'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'/
        let timestamp = /'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z'/
        return try canonicalDump(db).map { line in
            line.replacing(timestamp, with: "'…'").replacing(uuid) { match in
                labels[String(match.output.dropFirst().dropLast())].map { "<\($0)>" } ?? "<unknown>"
            }
        }.sorted()
    }
}

/// A uuid and the text that stands for its row in a content dump.
private struct UUIDLabel: RowDecodable {
    let uuid: String
    let label: String

    init(row: Row) throws {
        uuid = try row.value(at: 0)
        label = try row.value(at: 1)
    }
}
