import SQLiteDB

/// Full-text search over book titles and author, genre and band names, ranked by relevance (bm25), with
/// prefix matching on the last term.
///
/// Any text is safe: ``SearchQuery`` turns it into quoted terms, so quotes, operators, unbalanced
/// parentheses, emoji or 10 KB of text return results or nothing, never an SQL error.
struct CatalogSearch {
    let db: Database

    /// The best `limit` matches for `text`, best first.
    func search(_ text: String, limit: Int) throws -> [EntitySummary] {
        guard (1...Page<EntitySummary>.maximumLimit).contains(limit) else { throw CatalogError.invalidLimit(limit) }
        guard let expression = SearchQuery.expression(for: text) else { return [] }
        return try db.fetchAll(EntitySummary.self, Self.search, [expression, limit])
    }

    // The ranked LIMIT runs first in the subquery; uuids are looked up for the hits only.
    static let search = """
        SELECT hit.rowid & 3, hit.rowid >> 2,
            CASE hit.rowid & 3
                WHEN 0 THEN (SELECT uuid FROM books WHERE id = hit.rowid >> 2)
                WHEN 1 THEN (SELECT uuid FROM authors WHERE id = hit.rowid >> 2)
                WHEN 2 THEN (SELECT uuid FROM genres WHERE id = hit.rowid >> 2)
                ELSE (SELECT uuid FROM bands WHERE id = hit.rowid >> 2)
            END,
            hit.name
        FROM (SELECT rowid, name, rank FROM search_index WHERE search_index MATCH ? ORDER BY rank, rowid LIMIT ?) AS hit
        ORDER BY hit.rank, hit.rowid
        """

    /// Rebuilds `search_index` from the entity tables, for a database loaded with the triggers off.
    static func rebuild(in db: Database) throws {
        try db.execute(
            """
            DELETE FROM search_index;
            INSERT INTO search_index (rowid, name) SELECT id * 4, title FROM books;
            INSERT INTO search_index (rowid, name) SELECT id * 4 + 1, name FROM authors;
            INSERT INTO search_index (rowid, name) SELECT id * 4 + 2, name FROM genres;
            INSERT INTO search_index (rowid, name) SELECT id * 4 + 3, name FROM bands;
            INSERT INTO search_index (search_index) VALUES ('optimize');
            """)
    }
}
