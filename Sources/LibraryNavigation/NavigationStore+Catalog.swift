public import Navigation
import SQLiteCatalog
public import SQLiteDB

extension NavigationStore where Route == LibraryRoute {
    /// A store for the scenes that browse the catalog `database` reads: every route an intent brings in, and every
    /// route a restore reads back, is checked against that catalog by a ``CatalogRouteValidator``. The database is a
    /// catalog's user-state file with the catalog attached (`DatabaseSchema.openUserState(catalogPath:)`), or one
    /// database that holds both.
    ///
    /// ```swift
    /// let db = try DatabaseSchema.openUserState(catalogPath: "catalog.sqlite")
    /// let session = try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "ada")
    /// try session.apply(.selectSidebar(.genres))
    /// ```
    ///
    /// - Parameters:
    ///   - database: the user-state file with its catalog attached, or a database holding both: a connection or a
    ///     pool.
    ///   - configuration: history limit and checkpoint policy.
    /// - Throws: `NavigationStoreError.schemaMissing(path:)` when the navigation tables are missing,
    ///   `DatabaseError` when the database cannot be read.
    public convenience init(catalog database: any DatabaseWriter, configuration: Configuration = Configuration())
        throws
    {
        try self.init(database: database, validator: CatalogRouteValidator(database), configuration: configuration)
    }
}
