import Foundation
package import SQLiteDB

/// Bands: fetch, create, update, delete, their genres, and the lists of bands.
public typealias BandRepository = EntityRepository<Band>

extension EntityRepository where Entity == Band {
    /// The bands whose name matches `name` regardless of case, diacritics and spacing ("motorhead" finds
    /// Motörhead), by row id. Band names are not unique, so there can be several.
    public func find(named name: String) throws -> [Band] {
        try db.fetchAll(Band.self, bandByNameKey, [FoldKey.of(name)])
    }

    /// Creates a band from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty name, a malformed country or
    ///   years out of order.
    @discardableResult
    public func create(_ draft: BandDraft) throws -> Band {
        try insert(uuid: draft.uuid, try BandValues(draft).arguments, name: draft.name)
    }

    /// Replaces the fields of band `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such band; what `create(_:)` throws.
    @discardableResult
    public func update(id: Int64, with draft: BandDraft) throws -> Band {
        try update(id: id, try BandValues(draft).arguments)
    }

    /// Replaces the genres of band `bandID` by `genreIDs`, in order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the band does not exist; `DatabaseError` when a genre
    ///   does not exist or is given twice.
    public func setGenres(_ genreIDs: [Int64], of bandID: Int64) throws {
        try replace(CatalogTables.bandGenres, of: bandID) { CatalogTables.bandGenres.rows(genreIDs) }
    }

    // MARK: Lists

    /// All bands by sort name.
    public func page(after cursor: PageCursor?, limit: Int) throws -> Page<Band> {
        try BrowsingList.bands.page(in: db, after: cursor, limit: limit)
    }

    /// The bands of a genre by sort name.
    public func page(inGenre genreID: Int64, after cursor: PageCursor?, limit: Int) throws -> Page<Band> {
        try BrowsingList.bands(inGenre: genreID).page(in: db, after: cursor, limit: limit)
    }

    /// The number of bands in a genre.
    public func count(inGenre genreID: Int64) throws -> Int {
        try BrowsingList.bands(inGenre: genreID).count(in: db)
    }

}

/// A ``BandDraft``'s fields, checked and normalized, in the order of the table description's `draftColumns`.
package struct BandValues {
    package let arguments: StatementArguments

    package init(_ draft: BandDraft) throws {
        let names = try Validation.sortedName(
            draft.name, sortName: draft.sortName, kind: "band", derived: SortName.forTitle)
        let formed = try Validation.year(draft.formedYear, field: "formed year")
        let ended = try Validation.year(draft.endedYear, field: "ended year")
        if let formed, let ended, ended < formed {
            throw CatalogError.invalidValue(
                field: "ended year", value: "\(ended)", reason: "a band cannot end before it formed (\(formed))")
        }
        arguments =
            names + [
                try Validation.country(draft.country), formed, ended, draft.status?.rawValue,
                TextNormalization.cleanOrNil(draft.disambiguation),
            ]
    }
}

private let bandByNameKey = "SELECT \(CatalogTables.bands.selection) FROM bands d WHERE d.name_key = ? ORDER BY d.id"
