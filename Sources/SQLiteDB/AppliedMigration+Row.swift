extension AppliedMigration: RowDecodable {
    /// Reads `SELECT version, name, checksum, applied_at FROM schema_migrations`.
    public init(row: Row) throws {
        self.init(
            version: try row.value(at: 0), name: try row.value(at: 1), checksum: try row.value(at: 2),
            appliedAt: try row.value(at: 3))
    }
}
