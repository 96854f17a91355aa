import Catalog
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
        guard let entity = route.entity else { return true }
        return try database.read { db in try LibraryCatalog(db).contains(entity.kind, uuid: entity.uuid) }
    }

    /// Whether `origin`'s list or detail shows `route`: a section lists every entity of its kind, a search its
    /// hits, a genre its bands and books; a detail links what ``LibraryRoute`` says it shows (a book its
    /// authors and genres, an author their books and co-authors, a band its genres, a genre its bands and
    /// books), when the catalog's link tables link the two.
    public func isLinked(_ route: LibraryRoute, from origin: LibraryRoute) throws -> Bool {
        guard let entity = route.entity else { return true }
        if case .search(let text) = origin {
            return try database.read { db in
                try LibraryCatalog(db).isSearchHit(entity.kind, entity.uuid, for: text)
            }
        }
        guard let source = origin.entity else { return true }
        return try database.read { db in
            try LibraryCatalog(db).linked(source.kind, source.uuid, entity.kind, entity.uuid)
        }
    }
}
