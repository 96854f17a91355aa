import Catalog
import Foundation
public import Navigation
public import SQLiteDB

/// Checks routes against the catalog: an entity route is valid while its entity exists, and a route follows
/// another only where the catalog links them.
///
/// Restoring a saved scene runs every stored route through it, so a book deleted since the state was
/// saved is repaired away (and reported) instead of showing an empty detail; a session applying an intent
/// runs every route and link the intent brings in through it, so a missing entity, a band selected under a
/// genre it is not in, or a book pushed onto an author who did not write it is refused.
///
/// It reads through any `DatabaseReader`: the catalog's connection, or a `DatabasePool`'s readers.
public struct CatalogRouteValidator: RouteValidator {
    /// Where the catalog is read.
    public let database: any DatabaseReader

    /// A validator reading the catalog in `database`.
    public init(_ database: any DatabaseReader) {
        self.database = database
    }

    public func exists(_ route: LibraryRoute) throws -> Bool {
        try ReadingCatalog(database: database).exists(route)
    }

    /// Whether `origin`'s list or detail shows `route`: a section lists every entity of its kind, a search its
    /// hits, a genre its bands and books; a detail links what ``LibraryRoute`` says it shows (a book its
    /// authors and genres, an author their books and co-authors, a band its genres, a genre its bands and
    /// books), when the catalog's link tables link the two.
    public func isLinked(_ route: LibraryRoute, from origin: LibraryRoute) throws -> Bool {
        try ReadingCatalog(database: database).isLinked(route, from: origin)
    }

    /// The route of the entity `route`'s was merged into: a saved view, history entry, session or link that names a
    /// merged author (book, genre, band) shows the one it was merged into.
    public func successor(of route: LibraryRoute) throws -> LibraryRoute? {
        try ReadingCatalog(database: database).successor(of: route)
    }

    /// Whether `route` exists, or where its entity went, in one read (a restore asks it of every stored route).
    public func standing(of route: LibraryRoute) throws -> RouteStanding<LibraryRoute> {
        try database.read { db in try LibraryCatalog(db).standing(of: route) }
    }
}

/// The catalog `database` reads, each question in a read of its own (on a pool, a reader's transaction), asked only
/// when a route names an entity.
private struct ReadingCatalog: CatalogLookup {
    let database: any DatabaseReader

    func name(of kind: EntityKind, uuid: UUID) throws -> String? {
        try database.read { db in try LibraryCatalog(db).name(of: kind, uuid: uuid) }
    }

    func contains(_ link: EntityLink) throws -> Bool {
        try database.read { db in try LibraryCatalog(db).contains(link) }
    }

    func isSearchHit(_ kind: EntityKind, _ uuid: UUID, for text: String) throws -> Bool {
        try database.read { db in try LibraryCatalog(db).isSearchHit(kind, uuid, for: text) }
    }

    func survivor(of kind: EntityKind, uuid: UUID) throws -> UUID? {
        try database.read { db in try LibraryCatalog(db).survivor(of: kind, uuid: uuid) }
    }

    func formerName(of kind: EntityKind, uuid: UUID) throws -> String? {
        try database.read { db in try LibraryCatalog(db).formerName(of: kind, uuid: uuid) }
    }
}

/// A ``RouteValidator`` over any backend's ``CatalogLookup``: the checks of ``CatalogRouteValidator`` on a catalog
/// that is not a SQLite file.
package struct CatalogLookupValidator: RouteValidator {
    let lookup: any CatalogLookup

    /// A validator asking `lookup`.
    package init(_ lookup: any CatalogLookup) {
        self.lookup = lookup
    }

    package func exists(_ route: LibraryRoute) throws -> Bool {
        try lookup.exists(route)
    }

    package func isLinked(_ route: LibraryRoute, from origin: LibraryRoute) throws -> Bool {
        try lookup.isLinked(route, from: origin)
    }

    package func successor(of route: LibraryRoute) throws -> LibraryRoute? {
        try lookup.successor(of: route)
    }

    package func standing(of route: LibraryRoute) throws -> RouteStanding<LibraryRoute> {
        try lookup.standing(of: route)
    }
}
