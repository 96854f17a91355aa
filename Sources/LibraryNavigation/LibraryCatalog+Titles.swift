public import Catalog

extension LibraryCatalog {
    /// What the user sees for `route`: the entity's title or name, or the section's name.
    ///
    /// - Returns: e.g. "The Hobbit", "J. R. R. Tolkien", "Books"; for an entity that no longer exists, its kind and
    ///   "(deleted)".
    /// - Throws: `DatabaseError`.
    public func title(of route: LibraryRoute) throws -> String {
        // The rule is CatalogLookup's, which every backend shares; the cast picks it over this method's name.
        try (self as any CatalogLookup).title(of: route)
    }
}
