public import Foundation
public import SQLiteDB

/// The catalog of books, authors, genres and bands in one SQLite database: its repositories, search,
/// and the lookups a navigation layer needs.
///
/// ```swift
/// let db = try DatabaseSchema.openCatalog(path: "catalog.sqlite")
/// let catalog = LibraryCatalog(db)
/// let hits = try catalog.search("tolk")               // [EntitySummary]: J. R. R. Tolkien …
/// let tolkien = try catalog.authors.get(uuid: hits[0].uuid)
/// let books = try catalog.books.page(byAuthor: tolkien.id, after: nil, limit: 50)
/// ```
///
/// A catalog works on one connection. To read beside a writer (a server, an app's background work), open it inside
/// a read of any `DatabaseReader`, such as a `DatabasePool`: every call in the closure sees one committed state.
///
/// ```swift
/// let pool = try DatabasePool(path: "catalog.sqlite")
/// let page = try pool.read { db in try LibraryCatalog(db).books.page(after: nil, limit: 50) }
/// ```
public struct LibraryCatalog {
    /// The database, which must have the catalog schema (migration 0001).
    public let db: Database
    /// The descriptions this catalog reads its tables by where they are not ``CatalogTables``'s.
    package private(set) var describedTables: [EntityKind: EntityTable] = [:]

    /// A catalog over `db`.
    public init(_ db: Database) {
        self.db = db
    }

    /// This catalog, reading the table `table` describes by that description: one with a column the database has
    /// and ``CatalogTables`` does not (yet) list.
    package func describing(_ table: EntityTable) -> LibraryCatalog {
        var catalog = self
        catalog.describedTables[table.kind] = table
        return catalog
    }

    /// Books, their credits and genres.
    public var books: BookRepository { BookRepository(db) }
    /// Authors and other credited people.
    public var authors: AuthorRepository { AuthorRepository(db) }
    /// Genres.
    public var genres: GenreRepository { GenreRepository(db) }
    /// Bands.
    public var bands: BandRepository { BandRepository(db) }

    /// Searches titles and names: every term must match, the last one as a prefix; best matches first.
    ///
    /// Any text is accepted: text with nothing to search for (only spaces or punctuation) returns `[]`.
    ///
    /// - Throws: ``CatalogError/invalidLimit(_:)`` when `limit` is out of 1…1000.
    public func search(_ text: String, limit: Int = 20) throws -> [EntitySummary] {
        try CatalogSearch(db: db).search(text, limit: limit)
    }

    /// The kind, id, uuid and display name of the entity of `kind` with `uuid`, or `nil` when it does not exist
    /// (it was deleted, or the reference came from another database).
    public func summary(of kind: EntityKind, uuid: UUID) throws -> EntitySummary? {
        try db.fetchOne(EntitySummary.self, Self.summaries[kind] ?? "", [uuid])
    }

    /// Whether the entity of `kind` with `uuid` exists.
    public func contains(_ kind: EntityKind, uuid: UUID) throws -> Bool {
        try summary(of: kind, uuid: uuid) != nil
    }

    /// The change log's high-water mark: the sequence number of the newest change to any book, author, genre or band
    /// (0 before the first). Every write to those tables moves it, whoever makes it (the change log's triggers), so
    /// two reads that see the same number see the same catalog.
    public func lastChangeSequence() throws -> Int64 {
        try db.fetchOne(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
    }

    /// Rebuilds the search index from the tables: after a bulk load that bypassed the triggers, or to repair.
    public func rebuildSearchIndex() throws {
        try db.transaction(.immediate) { try CatalogSearch.rebuild(in: db) }
    }

    private static let summaries: [EntityKind: String] = [
        .book: "SELECT 0, id, uuid, title FROM books WHERE uuid = ?",
        .author: "SELECT 1, id, uuid, name FROM authors WHERE uuid = ?",
        .genre: "SELECT 2, id, uuid, name FROM genres WHERE uuid = ?",
        .band: "SELECT 3, id, uuid, name FROM bands WHERE uuid = ?",
    ]
}
