import Accounts
public import LibraryNavigation
public import Navigation
public import PostgreSQLDB

extension NavigationStore {
    /// A store on the navigation tables of the PostgreSQL database `connection` is connected to (migrated with the
    /// catalog's PostgreSQL migrations), checking restored routes with `validator`: the same rules as on SQLite, each
    /// save one transaction that locks the user's row, so two processes saving one scene at once do not lose or mix
    /// up an entry.
    ///
    /// ```swift
    /// let connection = try PostgreSQLConnection(uri: "postgres://catalog@db.example/catalog")
    /// let store = NavigationStore<LibraryRoute>(postgreSQL: connection)
    /// try store.openSession(scene: "main", forUserNamed: "ada").apply(.selectSidebar(.genres))
    /// ```
    ///
    /// - Parameters:
    ///   - connection: a connection to a migrated database, used by this store alone at a time.
    ///   - validator: says whether a restored route still exists.
    ///   - configuration: the history limit (the checkpoint policy is SQLite's and is not used).
    public convenience init(
        postgreSQL connection: PostgreSQLConnection,
        validator: any RouteValidator<Route> = RouteValidation<Route>.acceptingAll,
        configuration: Configuration = Configuration()
    ) {
        self.init(
            storage: SQLNavigationStorage(connection), users: UserDirectory(connection), validator: validator,
            configuration: configuration)
    }
}

extension NavigationStore where Route == LibraryRoute {
    /// A store for the scenes that browse the catalog of the PostgreSQL database `connection` is connected to, which
    /// also holds their navigation tables: every route an intent brings in, and every route a restore reads back, is
    /// checked against that catalog, as `NavigationStore(catalog:)` checks a SQLite one.
    ///
    /// ```swift
    /// let store = NavigationStore(postgreSQLCatalog: try PostgreSQLConnection(uri: uri))
    /// try store.openSession(scene: "main", forUserNamed: "ada").apply(.selectSidebar(.genres))
    /// ```
    ///
    /// - Parameters:
    ///   - connection: a connection to a migrated database, used by this store alone at a time.
    ///   - configuration: the history limit.
    public convenience init(
        postgreSQLCatalog connection: PostgreSQLConnection, configuration: Configuration = Configuration()
    ) {
        self.init(
            postgreSQL: connection, validator: CatalogLookupValidator(PostgreSQLCatalogLookup(connection)),
            configuration: configuration)
    }
}
