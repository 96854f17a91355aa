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
        try setPageCache(to: max(kibibytes, pageCacheKiB()))
    }

    /// Sets the connection's page cache to `kibibytes`, smaller or larger than it is, and returns the setting to give
    /// back to ``restorePageCache(_:)`` afterwards: for a job whose memory the cache bounds (SQLite's sorter, which
    /// builds an index, sorts in memory as much as the cache holds before it uses files).
    public func setPageCache(to kibibytes: Int) throws -> Int {
        let previous = try fetchOne(Int.self, "PRAGMA cache_size") ?? -2000
        try execute("PRAGMA cache_size = -\(kibibytes)")
        return previous
    }

    /// The page cache's size in KiB, whether it was set in pages (positive) or in KiB (negative).
    private func pageCacheKiB() throws -> Int {
        let setting = try fetchOne(Int.self, "PRAGMA cache_size") ?? -2000
        guard setting > 0 else { return -setting }
        return setting * (try fetchOne(Int.self, "PRAGMA page_size") ?? 4096) / 1024
    }

    /// Gives the page cache back the setting ``enlargePageCache(toAtLeast:)`` returned.
    public func restorePageCache(_ setting: Int) throws {
        try execute("PRAGMA cache_size = \(setting)")
    }
}
