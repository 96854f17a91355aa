public import Catalog

extension LibraryCatalog {
    /// What the user sees for `route`: the entity's title or name, or the section's name.
    ///
    /// - Returns: e.g. "The Hobbit", "J. R. R. Tolkien", "Books"; for an entity that no longer exists, its kind and
    ///   "(deleted)".
    /// - Throws: `DatabaseError`.
    public func title(of route: LibraryRoute) throws -> String {
        guard let entity = route.entity else { return route.displayName }
        return try summary(of: entity.kind, uuid: entity.uuid)?.name ?? "\(route.displayName) (deleted)"
    }
}
