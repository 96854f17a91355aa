package import Foundation
package import SQLInterface
package import SQLiteDB

/// What the catalog's read answers (`ListPage`, `EntityDetail`, search) and the terminal browser's columns need of a
/// catalog, whichever database holds its tables: ``LibraryCatalog`` answers it on SQLite, and a PostgreSQL catalog
/// with the same statements (``BrowsingList``), so `catalog list --json` and `GET /v1/books` say the same on both.
///
/// Each call reads the state its reader sees; ``reading(_:)`` runs several in one snapshot of the catalog.
package protocol CatalogReader {
    /// Runs `body` in one read transaction, so every call it makes sees the same state of the catalog.
    func reading<T>(_ body: () throws -> T) throws -> T

    /// A page of books after `cursor` (or the first), at most `limit`.
    func page(_ list: BrowsingList<Book>, after cursor: PageCursor?, limit: Int) throws -> Page<Book>
    /// A page of a book's credits.
    func page(_ list: BrowsingList<Credit>, after cursor: PageCursor?, limit: Int) throws -> Page<Credit>
    /// A page of authors.
    func page(_ list: BrowsingList<Author>, after cursor: PageCursor?, limit: Int) throws -> Page<Author>
    /// A page of genres.
    func page(_ list: BrowsingList<Genre>, after cursor: PageCursor?, limit: Int) throws -> Page<Genre>
    /// A page of bands.
    func page(_ list: BrowsingList<Band>, after cursor: PageCursor?, limit: Int) throws -> Page<Band>
    /// The number of items in the whole list.
    func count<Item>(_ list: BrowsingList<Item>) throws -> Int

    /// The book with `uuid`, or `nil`.
    func book(uuid: UUID) throws -> Book?
    /// The author with `uuid`, or `nil`.
    func author(uuid: UUID) throws -> Author?
    /// The genre with `uuid`, or `nil`.
    func genre(uuid: UUID) throws -> Genre?
    /// The genre with row id `id`, or `nil`.
    func genre(id: Int64) throws -> Genre?
    /// The band with `uuid`, or `nil`.
    func band(uuid: UUID) throws -> Band?
    /// Every genre of book `bookID`, in the order they were given.
    func genres(ofBook bookID: Int64) throws -> [Genre]

    /// The best `limit` matches for `text`, best first: every word must match, the last one as a prefix.
    func search(_ text: String, limit: Int) throws -> [EntitySummary]
    /// The change log's high-water mark: every write to the catalog moves it, so two reads that see the same
    /// number see the same catalog.
    func lastChangeSequence() throws -> Int64
    /// The entity's revision, its ETag: the sequence of its newest change in the change log (0 when the log holds
    /// none), which any change of the entity or its lists moves. `CatalogEditor` checks edits against it.
    func revision(of kind: EntityKind, uuid: UUID) throws -> Int64

    /// The description of the table of `kind` as this catalog reads it: `kind.table`, unless the catalog was given
    /// one with a column more.
    func table(of kind: EntityKind) -> EntityTable
    /// The facts a detail shows of the `kind` entity `uuid`, in order (each with the values it reads); empty when
    /// there is no such entity.
    func facts(of kind: EntityKind, uuid: UUID) throws -> [EntityFact]
}

extension CatalogReader {
    package func table(of kind: EntityKind) -> EntityTable { kind.table }

    /// The entity `find` finds by `uuid`.
    ///
    /// - Throws: `CatalogError.notFound` ("no book with uuid …") when there is none.
    package func existing<T>(_ kind: EntityKind, _ uuid: UUID, _ find: (UUID) throws -> T?) throws -> T {
        guard let found = try find(uuid) else { throw CatalogError.notFound(kind, uuid: uuid) }
        return found
    }
}

/// A catalog read through one SQL connection, on either database: its lists are the same statements
/// (``BrowsingList``), so their pages and counts are written once, here.
package protocol SQLCatalogReader: CatalogReader {
    associatedtype Connection: SQLConnection
    /// The connection the lists are read on.
    var listConnection: Connection { get }
}

extension SQLCatalogReader {
    package func facts(of kind: EntityKind, uuid: UUID) throws -> [EntityFact] {
        let selection = table(of: kind).factSelection
        guard let sql = selection.sql else { return [] }
        return try listConnection.fetch(sql, with: [uuid.databaseValue]) { selection.facts(in: $0) }.first ?? []
    }

    package func page(_ list: BrowsingList<Book>, after cursor: PageCursor?, limit: Int) throws -> Page<Book> {
        try list.page(in: listConnection, after: cursor, limit: limit)
    }

    package func page(_ list: BrowsingList<Credit>, after cursor: PageCursor?, limit: Int) throws -> Page<Credit> {
        try list.page(in: listConnection, after: cursor, limit: limit)
    }

    package func page(_ list: BrowsingList<Author>, after cursor: PageCursor?, limit: Int) throws -> Page<Author> {
        try list.page(in: listConnection, after: cursor, limit: limit)
    }

    package func page(_ list: BrowsingList<Genre>, after cursor: PageCursor?, limit: Int) throws -> Page<Genre> {
        try list.page(in: listConnection, after: cursor, limit: limit)
    }

    package func page(_ list: BrowsingList<Band>, after cursor: PageCursor?, limit: Int) throws -> Page<Band> {
        try list.page(in: listConnection, after: cursor, limit: limit)
    }

    package func count<Item>(_ list: BrowsingList<Item>) throws -> Int {
        try list.count(in: listConnection)
    }

    package func revision(of kind: EntityKind, uuid: UUID) throws -> Int64 {
        let sequences = try listConnection.fetch(
            "SELECT seq FROM change_log WHERE entity_kind = ? AND uuid = ?",
            with: [.text(kind.rawValue), .text(uuid.uuidString.lowercased())]
        ) { row in try row.required(row.int64(at: 0), at: 0) }
        return sequences.first ?? 0
    }
}

extension LibraryCatalog: SQLCatalogReader {
    package var listConnection: Database { db }

    package func table(of kind: EntityKind) -> EntityTable { describedTables[kind] ?? kind.table }

    package func reading<T>(_ body: () throws -> T) throws -> T {
        try db.transaction { try body() }
    }

    package func book(uuid: UUID) throws -> Book? { try books.find(uuid: uuid) }
    package func author(uuid: UUID) throws -> Author? { try authors.find(uuid: uuid) }
    package func genre(uuid: UUID) throws -> Genre? { try genres.find(uuid: uuid) }
    package func genre(id: Int64) throws -> Genre? { try genres.find(id: id) }
    package func band(uuid: UUID) throws -> Band? { try bands.find(uuid: uuid) }
    package func genres(ofBook bookID: Int64) throws -> [Genre] { try books.genres(of: bookID) }
}
