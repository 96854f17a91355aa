import SQLiteDB

/// Full-text search over book titles and author, genre and band names, ranked by relevance (bm25), with
/// prefix matching on the last term.
///
/// Any text is safe: ``SearchQuery`` turns it into quoted terms, so quotes, operators, unbalanced
/// parentheses, emoji or 10 KB of text return results or nothing, never an SQL error.
///
/// Ranking costs a lookup per matching row (FTS5 computes bm25 for every match before it can sort), which on a
/// million-row catalog makes a two-letter prefix take tens of milliseconds. So the search runs in two passes,
/// each ranking at most ``rankedCandidates`` matches: first the text's words as whole words ("dune" finds
/// "Dune" even among thousands of "Dunes…"), then with the last word as a prefix. Past that many matches of one
/// pass, the ones ranked are the first in index order; typing one more letter narrows the set.
package struct CatalogSearch {
    let db: Database

    /// The most matches ranked per pass.
    static let rankedCandidates = 256

    /// The best `limit` matches for `text`, best first.
    func search(_ text: String, limit: Int) throws -> [EntitySummary] {
        guard (1...Page<EntitySummary>.maximumLimit).contains(limit) else { throw CatalogError.invalidLimit(limit) }
        guard let expressions = SearchQuery.expressions(for: text) else { return [] }
        let candidates = max(limit, Self.rankedCandidates)
        return try Self.combine(
            try db.fetchAll(EntitySummary.self, Self.search, [expressions.exact, candidates, limit]), limit: limit
        ) {
            guard expressions.prefix != expressions.exact else { return [] }
            return try db.fetchAll(EntitySummary.self, Self.search, [expressions.prefix, candidates, limit])
        }
    }

    /// The hits of the whole-word pass, then those of the prefix pass (run only when the first found fewer than
    /// `limit`) that the first lacks, at most `limit`: how a search orders its two passes on either database.
    package static func combine(
        _ whole: [EntitySummary], limit: Int, prefix: () throws -> [EntitySummary]
    ) throws -> [EntitySummary] {
        var hits = whole
        guard hits.count < limit else { return hits }
        var seen = Set(hits.map { SearchKey(kind: $0.kind, id: $0.id) })
        for hit in try prefix() where hits.count < limit && seen.insert(SearchKey(kind: hit.kind, id: hit.id)).inserted
        {
            hits.append(hit)
        }
        return hits
    }

    private struct SearchKey: Hashable {
        let kind: EntityKind
        let id: Int64
    }

    // The innermost query stops after the candidates, so bm25 runs for those rows only; uuids are looked up
    // for the final hits only.
    static let search = """
        SELECT hit.rowid & 3, hit.rowid >> 2,
            CASE hit.rowid & 3
                WHEN 0 THEN (SELECT uuid FROM books WHERE id = hit.rowid >> 2)
                WHEN 1 THEN (SELECT uuid FROM authors WHERE id = hit.rowid >> 2)
                WHEN 2 THEN (SELECT uuid FROM genres WHERE id = hit.rowid >> 2)
                ELSE (SELECT uuid FROM bands WHERE id = hit.rowid >> 2)
            END,
            hit.name
        FROM (
            SELECT rowid, name, rank FROM (SELECT rowid, name, rank FROM search_index WHERE search_index MATCH ? LIMIT ?)
            ORDER BY rank, rowid LIMIT ?
        ) AS hit
        ORDER BY hit.rank, hit.rowid
        """

    /// Rebuilds `search_index` from the entity tables, for a database loaded with the triggers off.
    static func rebuild(in db: Database) throws {
        try db.execute("DELETE FROM search_index")
        for table in CatalogTables.entities {
            try db.execute(
                """
                INSERT INTO search_index (rowid, name)
                SELECT id * 4 + \(table.kind.searchCode), \(table.kind.searchedColumn) FROM \(table.name)
                """)
        }
        try db.execute("INSERT INTO search_index (search_index) VALUES ('optimize')")
    }
}
