extension Database {
    /// Enlarges the connection's page cache to at least `kibibytes` for a bulk write, and returns the setting to
    /// give back to ``restorePageCache(_:)`` afterwards.
    ///
    /// A batch that writes all over a catalog's indexes outgrows SQLite's default cache of 2 MiB: SQLite then
    /// spills dirty pages to the journal before the commit and reads evicted ones again.
    /// See [PRAGMA cache_size](https://sqlite.org/pragma.html#pragma_cache_size).
    ///
    /// - Returns: the previous `cache_size` (pages when positive, KiB when negative).
    public func enlargePageCache(toAtLeast kibibytes: Int) throws -> Int {
        let previous = try fetchOne(Int.self, "PRAGMA cache_size") ?? -2000
        let pageSize = try fetchOne(Int.self, "PRAGMA page_size") ?? 4096
        let previousKiB = previous < 0 ? -previous : previous * pageSize / 1024
        try execute("PRAGMA cache_size = -\(max(kibibytes, previousKiB))")
        return previous
    }

    /// Sets the connection's page cache to `kibibytes`, smaller or larger than it is, and returns the setting to give
    /// back to ``restorePageCache(_:)`` afterwards: for a job whose memory the cache bounds (SQLite's sorter, which
    /// builds an index, sorts in memory as much as the cache holds before it uses files).
    public func setPageCache(to kibibytes: Int) throws -> Int {
        let previous = try fetchOne(Int.self, "PRAGMA cache_size") ?? -2000
        try execute("PRAGMA cache_size = -\(kibibytes)")
        return previous
    }

    /// Gives the page cache back the setting ``enlargePageCache(toAtLeast:)`` returned.
    public func restorePageCache(_ setting: Int) throws {
        try execute("PRAGMA cache_size = \(setting)")
    }
}
