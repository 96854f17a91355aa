import Foundation
import SQLiteDB

/// Genres: fetch, create, update, delete and the lists of genres.
public typealias GenreRepository = EntityRepository<Genre>

extension EntityRepository where Entity == Genre {
    /// The genre named `name`, regardless of case, diacritics and spacing, or `nil`.
    public func find(named name: String) throws -> Genre? {
        try db.fetchOne(Genre.self, genreByNameKey, [FoldKey.of(name)])
    }

    /// Creates a genre from `draft`.
    ///
    /// - Throws: ``CatalogError/duplicateGenre(name:existing:)`` when a genre of that name exists;
    ///   ``CatalogError/missingRow(_:id:)`` when the parent does not exist.
    @discardableResult
    public func create(_ draft: GenreDraft) throws -> Genre {
        try db.transaction(.immediate) {
            let name = try checkedName(draft, excluding: nil)
            try checkParent(draft.parentID, of: nil)
            return try insert(uuid: draft.uuid, [name, FoldKey.of(name), draft.parentID], name: name)
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
            return try update(id: id, [name, FoldKey.of(name), draft.parentID])
        }
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
        let ancestors = try db.fetchAll(Int64.self, genreAncestors, [parentID])
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

}

private let genreByNameKey = "SELECT \(CatalogTables.genres.selection) FROM genres g WHERE g.name_key = ?"
private let genreAncestors = """
    WITH RECURSIVE chain(id) AS (
        SELECT ? UNION SELECT g.parent_id FROM genres g JOIN chain ON g.id = chain.id WHERE g.parent_id IS NOT NULL
    ) SELECT id FROM chain
    """
