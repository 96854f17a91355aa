package import SQLiteDB

extension Database {
    /// Whether the catalog holds no book and no band: every link row a bulk write then makes is its own.
    package func catalogHoldsNoBooksOrBands() throws -> Bool {
        try fetchOne(Bool.self, "SELECT NOT EXISTS (SELECT 1 FROM books) AND NOT EXISTS (SELECT 1 FROM bands)") ?? false
    }
}
