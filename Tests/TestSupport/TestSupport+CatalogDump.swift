public import SQLiteDB

extension TestSupport {
    /// Every catalog row of `db` as text, entities and links named by uuid (never rowid), sorted: two databases
    /// hold the same catalog exactly when their dumps are equal (a server and its synced clients, say).
    public static func canonicalDump(_ db: Database) throws -> [String] {
        let queries = [
            dumpQuery(
                "book",
                [
                    "uuid", "title", "sort_title", "sort_key", "isbn13", "year", "pages", "language", "summary",
                    "created_at", "updated_at",
                ], from: "books"),
            dumpQuery(
                "author",
                ["uuid", "name", "sort_name", "name_key", "sort_key", "disambiguation", "created_at", "updated_at"],
                from: "authors"),
            dumpQuery(
                "genre", ["g.uuid", "g.name", "g.name_key", "p.uuid", "g.created_at", "g.updated_at"],
                from: "genres g LEFT JOIN genres p ON p.id = g.parent_id"),
            dumpQuery(
                "band",
                [
                    "uuid", "name", "sort_name", "name_key", "sort_key", "country", "formed_year", "ended_year",
                    "status", "disambiguation", "created_at", "updated_at",
                ], from: "bands"),
            dumpQuery(
                "credit", ["b.uuid", "a.uuid", "role", "position", "book_year_key", "book_sort_key"],
                from: "book_authors JOIN books b ON b.id = book_id JOIN authors a ON a.id = author_id"),
            dumpQuery(
                "book-genre", ["b.uuid", "g.uuid", "position", "book_sort_key"],
                from: "book_genres JOIN books b ON b.id = book_id JOIN genres g ON g.id = genre_id"),
            dumpQuery(
                "band-genre", ["d.uuid", "g.uuid", "position", "band_sort_key"],
                from: "band_genres JOIN bands d ON d.id = band_id JOIN genres g ON g.id = genre_id"),
            dumpQuery("search", ["name"], from: "search_index"),
        ]
        return try queries.flatMap { try db.fetchAll(String.self, $0) }.sorted()
    }

    /// `SELECT 'label|' || quote(column) || '|' || … FROM from`: one text line per row, NULL spelled out.
    private static func dumpQuery(_ label: String, _ columns: [String], from: String) -> String {
        "SELECT '\(label)|' || " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " FROM \(from)"
    }
}
