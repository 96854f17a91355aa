import Catalog
public import Navigation
public import SQLiteDB

/// Checks routes against the catalog: an entity route is valid while its entity exists.
///
/// Restoring a saved scene runs every stored route through it, so a book deleted since the state was
/// saved is repaired away (and reported) instead of showing an empty detail; a session applying an intent
/// runs every route the intent brings in through it, so a missing entity is refused.
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
}
