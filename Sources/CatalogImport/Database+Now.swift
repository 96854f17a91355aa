import SQLiteDB

extension Database {
    /// The time now as the catalog's time columns default to it: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.
    func now() throws -> String {
        try fetchOne(String.self, "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") ?? ""
    }
}
