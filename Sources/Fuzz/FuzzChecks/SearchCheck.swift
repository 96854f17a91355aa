import Catalog
public import Foundation
import SQLiteCatalog
import SQLiteDB

/// The search box: any text runs as a real full-text search against a small migrated in-memory catalog and
/// returns results or nothing, never an error (an SQL or FTS5 syntax error escaping the query sanitizer).
///
/// Byte 0 picks the limit (1, 20 or the maximum), the rest is the text.
public final class SearchCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "search"

    private let catalog: LibraryCatalog

    /// A check over a fresh in-memory catalog holding names that look like FTS5 syntax.
    ///
    /// - Throws: ``DatabaseError`` or ``CatalogError`` when the catalog cannot be made.
    public init() throws {
        let db = try Database.inMemory()
        try DatabaseSchema.migrator.migrate(db)
        catalog = LibraryCatalog(db)
        let tolkien = try catalog.authors.create(AuthorDraft(name: "J. R. R. Tolkien"))
        _ = try catalog.authors.create(AuthorDraft(name: "Motörhead \"AND\" NEAR(OR)"))
        _ = try catalog.authors.create(AuthorDraft(name: "Ōe Kenzaburō"))
        let book = try catalog.books.create(BookDraft(title: "The Lord of the Rings: NOT * ^ - \"quoted\""))
        try catalog.books.setCredits([BookCredit(authorID: tolkien.id)], of: book.id)
        let genre = try catalog.genres.create(GenreDraft(name: "Heavy metal 🤘"))
        let band = try catalog.bands.create(BandDraft(name: "Motörhead"))
        try catalog.bands.setGenres([genre.id], of: band.id)
    }

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let limits = [1, 20, 1000]
        let limit = limits[Int(input.first ?? 0) % limits.count]
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        do {
            let hits = try catalog.search(text, limit: limit)
            try require(hits.count <= limit, "\(hits.count) hits for limit \(limit)")
        } catch let finding as FuzzFinding {
            throw finding
        } catch {
            throw FuzzFinding("search \(text.debugDescription) failed: \(error)")
        }
    }
}

extension SearchCheck {
    /// A check, or the process ends with the reason when its catalog cannot be made.
    public static func makeOrExit() -> SearchCheck {
        do {
            return try SearchCheck()
        } catch {
            FileHandle.standardError.write(Data("cannot make the search fuzz catalog: \(error)\n".utf8))
            exit(70)
        }
    }
}
