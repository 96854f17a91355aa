import Foundation

extension Database {
    /// The names of the ordinary tables of the main schema, sorted; SQLite's internal tables and the
    /// shadow tables behind virtual tables (FTS5 indexes) are left out.
    public func tableNames() throws -> [String] {
        try fetchAll(
            String.self,
            """
            SELECT name FROM pragma_table_list
            WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%'
            ORDER BY name
            """)
    }

    /// Whether the connection's own file (schema `main`) has a table named `table`.
    public func tableExists(_ table: String) throws -> Bool {
        try fetchOne(
            Int.self, "SELECT count(*) FROM pragma_table_list WHERE schema = 'main' AND name = ?", [table]) == 1
    }

    /// The number of rows in `table`.
    public func rowCount(ofTable table: String) throws -> Int {
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try fetchOne(Int.self, "SELECT count(*) FROM \(quoted)") ?? 0
    }

    /// The result of `PRAGMA integrity_check`: `["ok"]` for a sound file, else one line per problem.
    public func integrityCheck() throws -> [String] {
        try fetchAll(String.self, "PRAGMA integrity_check")
    }
}
