package import Catalog
package import Foundation
import LibraryNavigation
package import PostgreSQLDB

/// The catalog tables of a PostgreSQL database (`Migrations/PostgreSQLCatalog/`) as the routes of a scene ask about them: the
/// lookups a `CatalogLookupValidator` checks routes with, and the titles a scene is printed with.
///
/// ```swift
/// let catalog = PostgreSQLCatalogLookup(connection)
/// let store = NavigationStore<LibraryRoute>(postgreSQL: connection, validator: CatalogLookupValidator(catalog))
/// ```
package struct PostgreSQLCatalogLookup: CatalogLookup {
    let connection: PostgreSQLConnection

    /// The catalog of the database `connection` is connected to.
    package init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    package func name(of kind: EntityKind, uuid: UUID) throws -> String? {
        let column = kind == .book ? "title" : "name"
        return try connection.fetchOne(String.self, "SELECT \(column) FROM \(kind.table.name) WHERE uuid = $1", [uuid])
    }

    /// The entry `uuid` was merged into, from `entity_merges` (0006_catalog_edits.sql), as SQLite's catalog answers.
    package func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        try EntityMerges.survivor(of: kind, uuid: uuid, on: connection)
    }

    /// The name the entry had when it was merged away, from its merge's history record, as SQLite's catalog answers.
    package func formerName(of kind: EntityKind, uuid: UUID) throws -> String? {
        try EntityMerges.formerName(of: kind, uuid: uuid, on: connection)
    }

    package func contains(_ link: EntityLink) throws -> Bool {
        let query =
            switch link {
            case .bookAuthor:
                """
                SELECT 1 FROM book_authors WHERE book_id = (SELECT id FROM books WHERE uuid = $1)
                AND author_id = (SELECT id FROM authors WHERE uuid = $2) LIMIT 1
                """
            case .bookGenre:
                """
                SELECT 1 FROM book_genres WHERE book_id = (SELECT id FROM books WHERE uuid = $1)
                AND genre_id = (SELECT id FROM genres WHERE uuid = $2)
                """
            case .bandGenre:
                """
                SELECT 1 FROM band_genres WHERE band_id = (SELECT id FROM bands WHERE uuid = $1)
                AND genre_id = (SELECT id FROM genres WHERE uuid = $2)
                """
            case .coauthors:
                """
                SELECT 1 FROM book_authors mine JOIN book_authors other ON other.book_id = mine.book_id
                WHERE mine.author_id = (SELECT id FROM authors WHERE uuid = $1)
                AND other.author_id = (SELECT id FROM authors WHERE uuid = $2) LIMIT 1
                """
            }
        let (owner, target) = link.uuids
        return try !connection.execute(query, [owner, target]).isEmpty
    }

    /// Whether the entity's name matches the search, its last word as a prefix: every entity a search lists does.
    /// Unlike SQLite's check, which looks among the first 1,000 ranked hits, any match counts (the ranking is
    /// SQLite's alone so far).
    package func isSearchHit(_ kind: EntityKind, _ uuid: UUID, for text: String) throws -> Bool {
        try !connection.execute(
            """
            SELECT 1 FROM search_index s JOIN \(kind.table.name) e ON e.id = s.entity_id
            WHERE s.entity_kind = $1 AND e.uuid = $2 AND s.document @@ catalog_search_query($3)
            """, [kind.rawValue, uuid, text]
        ).isEmpty
    }
}
