package import Catalog
import CatalogViews
package import Foundation
package import PostgreSQLDB
import SQLInterface
import SQLiteDB

/// The catalog tables of a PostgreSQL database (`Migrations/PostgreSQLCatalog/`) as the catalog's read answers ask for them:
/// the browsing lists run the statements SQLite runs (``BrowsingList``, its `?` numbered for PostgreSQL), read by
/// the same cursors, so a list pages, sorts and counts alike on both backends; search ranks with `ts_rank` over the
/// `search_index` documents.
///
/// ```swift
/// let catalog = PostgreSQLCatalogReader(connection)
/// let page = try CatalogAPI.list(.book, filter: nil, after: nil, limit: 50, in: catalog)
/// ```
package struct PostgreSQLCatalogReader: SQLCatalogReader {
    let connection: PostgreSQLConnection
    package var listConnection: PostgreSQLConnection { connection }

    /// The catalog of the database `connection` is connected to.
    package init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    /// Runs `body` in one read-only repeatable-read transaction: every statement sees the snapshot of the first.
    /// Inside a transaction already (a server's read), `body` joins it: a savepoint would only cost two round trips.
    package func reading<T>(_ body: () throws -> T) throws -> T {
        guard !connection.isInTransaction else { return try body() }
        return try connection.transaction(isolation: .repeatableRead, readOnly: true, body)
    }

    package func book(uuid: UUID) throws -> Book? {
        try connection.record(Book.self, BookRepository.selectByUUID, [uuid.databaseValue])
    }

    package func author(uuid: UUID) throws -> Author? {
        try connection.record(Author.self, AuthorRepository.selectByUUID, [uuid.databaseValue])
    }

    package func genre(uuid: UUID) throws -> Genre? {
        try connection.record(Genre.self, GenreRepository.selectByUUID, [uuid.databaseValue])
    }

    package func genre(id: Int64) throws -> Genre? {
        try connection.record(Genre.self, GenreRepository.selectByID, [.integer(id)])
    }

    package func band(uuid: UUID) throws -> Band? {
        try connection.record(Band.self, BandRepository.selectByUUID, [uuid.databaseValue])
    }

    package func genres(ofBook bookID: Int64) throws -> [Genre] {
        try connection.records(Genre.self, BookRepository.selectGenres, [.integer(bookID)])
    }

    /// The best `limit` matches, as SQLite's search finds them: every word must match, the last one also as a
    /// prefix; whole-word matches come first, then prefix matches, each pass ranking at most
    /// ``rankedCandidates`` matches (`ts_rank`, then the row id, for a stable order).
    ///
    /// - Throws: `CatalogError.invalidLimit` when `limit` is out of 1…1000.
    package func search(_ text: String, limit: Int) throws -> [EntitySummary] {
        guard (1...Page<EntitySummary>.maximumLimit).contains(limit) else { throw CatalogError.invalidLimit(limit) }
        let candidates = max(limit, Self.rankedCandidates)
        let pass = { (prefix: Bool) in
            try connection.execute(Self.search, [text, prefix, candidates, limit]).map {
                try EntitySummary(columns: $0)
            }
        }
        return try CatalogSearch.combine(try pass(false), limit: limit) { try pass(true) }
    }

    package func lastChangeSequence() throws -> Int64 {
        try PostgreSQLChangeFeed.latestSeq(on: connection)
    }

    /// The most matches ranked per pass, as in SQLite's search.
    static let rankedCandidates = 256

    // The inner query stops after the candidates, so ts_rank runs for those rows only; uuids are looked up for the
    // final hits only. $2: whether the last word also matches as a prefix.
    static let search = """
        SELECT CASE h.entity_kind WHEN 'book' THEN 0 WHEN 'author' THEN 1 WHEN 'genre' THEN 2 ELSE 3 END,
            h.entity_id,
            CASE h.entity_kind
                WHEN 'book' THEN (SELECT uuid FROM books WHERE id = h.entity_id)
                WHEN 'author' THEN (SELECT uuid FROM authors WHERE id = h.entity_id)
                WHEN 'genre' THEN (SELECT uuid FROM genres WHERE id = h.entity_id)
                ELSE (SELECT uuid FROM bands WHERE id = h.entity_id)
            END,
            h.name
        FROM (
            SELECT s.entity_kind, s.entity_id, s.name, ts_rank(s.document, q.query) AS rank
            FROM (SELECT catalog_search_query($1, $2) AS query) q
            CROSS JOIN LATERAL (
                SELECT * FROM search_index WHERE document @@ q.query LIMIT $3
            ) s
        ) h
        ORDER BY h.rank DESC, h.entity_id, h.entity_kind LIMIT $4
        """

    /// `sql` with SQLite's `?` parameters numbered `$1`, `$2` … in order, as PostgreSQL takes them. The catalog's
    /// read statements hold no `?` inside a literal.
    static func numbered(_ sql: String) -> String {
        SQLDialect.numbered(sql)
    }
}

extension PostgreSQLRow {
    /// Column `index` as the value SQLite would hold: an integer for PostgreSQL's integer types, text otherwise.
    func databaseValue(at index: Int) -> DatabaseValue {
        value(at: index)
    }
}
