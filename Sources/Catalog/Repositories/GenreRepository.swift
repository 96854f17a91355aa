public import Foundation
public import SQLiteDB

/// Genres: fetch, create, update, delete and the lists of genres.
public struct GenreRepository {
    let db: Database

    /// A repository over `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: Fetching

    /// The genre with row id `id`, or `nil`.
    public func find(id: Int64) throws -> Genre? {
        try db.fetchOne(Genre.self, Self.selectByID, [id])
    }

    /// The genre with `uuid`, or `nil`.
    public func find(uuid: UUID) throws -> Genre? {
        try db.fetchOne(Genre.self, Self.selectByUUID, [uuid])
    }

    /// The genre with `uuid`.
    ///
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` ("no genre with uuid …") when there is none.
    public func get(uuid: UUID) throws -> Genre {
        guard let genre = try find(uuid: uuid) else { throw CatalogError.notFound(.genre, uuid: uuid) }
        return genre
    }

    /// The genre named `name`, regardless of case, diacritics and spacing, or `nil`.
    public func find(named name: String) throws -> Genre? {
        try db.fetchOne(Genre.self, Self.selectByNameKey, [FoldKey.of(name)])
    }

    /// The number of genres.
    public func count() throws -> Int {
        try BrowsingList.genres.count(in: db)
    }

    // MARK: Writing

    /// Creates a genre from `draft`.
    ///
    /// - Throws: ``CatalogError/duplicateGenre(name:existing:)`` when a genre of that name exists;
    ///   ``CatalogError/missingRow(_:id:)`` when the parent does not exist.
    @discardableResult
    public func create(_ draft: GenreDraft) throws -> Genre {
        try db.transaction(.immediate) {
            let name = try checkedName(draft, excluding: nil)
            try checkParent(draft.parentID, of: nil)
            guard
                let genre = try db.fetchOne(
                    Genre.self, CatalogTables.genres.insert,
                    [draft.uuid ?? UUID(), name, FoldKey.of(name), draft.parentID])
            else { throw CatalogError.invalidValue(field: "genre", value: name, reason: "not saved") }
            return genre
        }
    }

    /// Replaces the name and parent of genre `id` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)``, ``CatalogError/duplicateGenre(name:existing:)``, or
    ///   ``CatalogError/invalidValue(field:value:reason:)`` when the parent would make a cycle.
    @discardableResult
    public func update(id: Int64, with draft: GenreDraft) throws -> Genre {
        try db.transaction(.immediate) {
            let name = try checkedName(draft, excluding: id)
            try checkParent(draft.parentID, of: id)
            let arguments: StatementArguments = [name, FoldKey.of(name), draft.parentID, id]
            guard let genre = try db.fetchOne(Genre.self, CatalogTables.genres.update, arguments)
            else { throw CatalogError.missingRow(.genre, id: id) }
            return genre
        }
    }

    /// Deletes genre `id`: books and bands lose the genre, child genres lose their parent.
    ///
    /// - Returns: whether there was such a genre.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try db.execute("DELETE FROM genres WHERE id = ?", [id])
        return db.changes > 0
    }

    private func checkedName(_ draft: GenreDraft, excluding id: Int64?) throws -> String {
        let name = try Validation.name(draft.name, field: "genre name")
        if let existing = try find(named: name), existing.id != id {
            throw CatalogError.duplicateGenre(name: name, existing: existing.name)
        }
        return name
    }

    private func checkParent(_ parentID: Int64?, of id: Int64?) throws {
        guard let parentID else { return }
        guard try find(id: parentID) != nil else { throw CatalogError.missingRow(.genre, id: parentID) }
        guard let id else { return }
        let ancestors = try db.fetchAll(Int64.self, Self.selectAncestors, [parentID])
        if ancestors.contains(id) {
            throw CatalogError.invalidValue(
                field: "parent genre", value: "\(parentID)", reason: "a genre cannot be its own ancestor")
        }
    }

    // MARK: Lists

    /// All genres by name.
    public func page(after cursor: PageCursor?, limit: Int) throws -> Page<Genre> {
        try BrowsingList.genres.page(in: db, after: cursor, limit: limit)
    }

    /// The genres of a band, in the band's order.
    public func page(ofBand bandID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Genre> {
        try BrowsingList.genres(ofBand: bandID).page(in: db, after: cursor, limit: limit)
    }

    /// The number of genres of a band.
    public func count(ofBand bandID: Int64) throws -> Int {
        try BrowsingList.genres(ofBand: bandID).count(in: db)
    }

    // MARK: SQL

    package static let columns = CatalogTables.genres.selection
    package static let selectByID = "SELECT \(columns) FROM genres g WHERE g.id = ?"
    package static let selectByUUID = "SELECT \(columns) FROM genres g WHERE g.uuid = ?"
    static let selectByNameKey = "SELECT \(columns) FROM genres g WHERE g.name_key = ?"
    static let selectAncestors = """
        WITH RECURSIVE chain(id) AS (
            SELECT ? UNION SELECT g.parent_id FROM genres g JOIN chain ON g.id = chain.id WHERE g.parent_id IS NOT NULL
        ) SELECT id FROM chain
        """
}
