public import Navigation
public import SQLiteDB

extension NavigationStore where Route == LibraryRoute {
    /// A store for the scenes that browse the catalog in `database`: every route an intent brings in, and every
    /// route a restore reads back, is checked against that catalog by a ``CatalogRouteValidator``.
    ///
    /// ```swift
    /// let db = try DatabaseSchema.openCatalog(path: "catalog.sqlite")
    /// let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada")
    /// try session.apply(.selectSidebar(.genres))
    /// ```
    ///
    /// - Parameters:
    ///   - database: a migrated catalog database: a connection or a pool.
    ///   - configuration: history limit and checkpoint policy.
    /// - Throws: `NavigationStoreError.schemaMissing(path:)` when the navigation tables are missing,
    ///   `DatabaseError` when the database cannot be read.
    public convenience init(catalog database: any DatabaseWriter, configuration: Configuration = Configuration())
        throws
    {
        try self.init(database: database, validator: CatalogRouteValidator(database), configuration: configuration)
    }
}
