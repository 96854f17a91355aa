public import Catalog
public import Navigation

/// Checks routes against the catalog: an entity route is valid while its entity exists.
///
/// Restoring a saved scene runs every stored route through it, so a book deleted since the state was
/// saved is repaired away (and reported) instead of showing an empty detail.
public struct CatalogRouteValidator: RouteValidator {
    public let catalog: LibraryCatalog

    /// A validator over `catalog`.
    public init(catalog: LibraryCatalog) {
        self.catalog = catalog
    }

    public func exists(_ route: LibraryRoute) throws -> Bool {
        guard let entity = route.entity else { return true }
        return try catalog.contains(entity.kind, uuid: entity.uuid)
    }
}
