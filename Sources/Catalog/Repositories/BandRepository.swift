public import Foundation
public import SQLiteDB

/// Bands: fetch, create, update, delete, their genres, and the lists of bands.
public struct BandRepository {
    let db: Database

    /// A repository over `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: Fetching

    /// The band with row id `id`, or `nil`.
    public func find(id: Int64) throws -> Band? {
        try db.fetchOne(Band.self, Self.selectByID, [id])
    }

    /// The band with `uuid`, or `nil`.
    public func find(uuid: UUID) throws -> Band? {
        try db.fetchOne(Band.self, Self.selectByUUID, [uuid])
    }

    /// The band with `uuid`.
    ///
    /// - Throws: ``CatalogError/notFound(_:uuid:)`` ("no band with uuid …") when there is none.
    public func get(uuid: UUID) throws -> Band {
        guard let band = try find(uuid: uuid) else { throw CatalogError.notFound(.band, uuid: uuid) }
        return band
    }

    /// The bands whose name matches `name` regardless of case, diacritics and spacing ("motorhead" finds
    /// Motörhead), by row id. Band names are not unique, so there can be several.
    public func find(named name: String) throws -> [Band] {
        try db.fetchAll(Band.self, Self.selectByNameKey, [FoldKey.of(name)])
    }

    /// The number of bands.
    public func count() throws -> Int {
        try BrowsingList.bands.count(in: db)
    }

    // MARK: Writing

    /// Creates a band from `draft`.
    ///
    /// - Throws: ``CatalogError/invalidValue(field:value:reason:)`` for an empty name, a malformed country or
    ///   years out of order.
    @discardableResult
    public func create(_ draft: BandDraft) throws -> Band {
        let values = try Values(draft)
        let arguments = [draft.uuid ?? UUID()] + values.arguments
        guard let band = try db.fetchOne(Band.self, CatalogTables.bands.insert, arguments) else {
            throw CatalogError.invalidValue(field: "band", value: draft.name, reason: "not saved")
        }
        return band
    }

    /// Replaces the fields of band `id` with those of `draft` (its uuid stays).
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when there is no such band; what ``create(_:)`` throws.
    @discardableResult
    public func update(id: Int64, with draft: BandDraft) throws -> Band {
        let values = try Values(draft)
        guard let band = try db.fetchOne(Band.self, CatalogTables.bands.update, values.arguments + [id]) else {
            throw CatalogError.missingRow(.band, id: id)
        }
        return band
    }

    /// Deletes band `id` and its genre links (the genres stay).
    ///
    /// - Returns: whether there was such a band.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try db.execute("DELETE FROM bands WHERE id = ?", [id])
        return db.changes > 0
    }

    /// Replaces the genres of band `bandID` by `genreIDs`, in order.
    ///
    /// - Throws: ``CatalogError/missingRow(_:id:)`` when the band does not exist; `DatabaseError` when a genre
    ///   does not exist or is given twice.
    public func setGenres(_ genreIDs: [Int64], of bandID: Int64) throws {
        try db.transaction(.immediate) {
            guard try db.fetchOne(Int.self, "SELECT 1 FROM bands WHERE id = ?", [bandID]) != nil else {
                throw CatalogError.missingRow(.band, id: bandID)
            }
            try db.execute(CatalogTables.bandGenres.deleteOfOwner, [bandID])
            try CatalogTables.bandGenres.insert(genreIDs, of: bandID, in: db)
        }
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

    // MARK: SQL

    /// A draft's fields, checked and normalized, in the order of the table description's `draftColumns`.
    package struct Values {
        package let arguments: StatementArguments

        package init(_ draft: BandDraft) throws {
            let name = try Validation.name(draft.name, field: "band name")
            let sortName = try Validation.sortName(draft.sortName, field: "band sort name") {
                SortName.forTitle(name)
            }
            let formed = try Validation.year(draft.formedYear, field: "formed year")
            let ended = try Validation.year(draft.endedYear, field: "ended year")
            if let formed, let ended, ended < formed {
                throw CatalogError.invalidValue(
                    field: "ended year", value: "\(ended)", reason: "a band cannot end before it formed (\(formed))")
            }
            arguments = [
                name, sortName, FoldKey.of(name), FoldKey.of(sortName), try Validation.country(draft.country),
                formed, ended, draft.status?.rawValue, TextNormalization.cleanOrNil(draft.disambiguation),
            ]
        }
    }

    package static let columns = CatalogTables.bands.selection
    static let selectByID = "SELECT \(columns) FROM bands d WHERE d.id = ?"
    package static let selectByUUID = "SELECT \(columns) FROM bands d WHERE d.uuid = ?"
    static let selectByNameKey = "SELECT \(columns) FROM bands d WHERE d.name_key = ? ORDER BY d.id"
}
