import AccessTokens
import Catalog
import CatalogAPI
import CatalogServer
import CatalogSync
import LibraryNavigation
import Navigation

/// A storage that hands every call to ``inner``: a test conforms to it and writes out only the calls it steps into.
protocol ForwardingStorage: ServerStorage {
    /// The storage that answers.
    var inner: any ServerStorage { get }
}

extension ForwardingStorage {
    func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T { try inner.readCatalog(body) }
    func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T { try inner.readLookup(body) }
    func databaseUUID() throws -> String { try inner.databaseUUID() }
    func feedStatus() throws -> FeedStatus { try inner.feedStatus() }
    func writeChanges(since: Int64, limit: Int, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try inner.writeChanges(since: since, limit: limit, until: until, to: write)
    }
    func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup { try inner.lookup(kind, uuid: uuid) }
    func writeSnapshot(to path: String) throws -> SnapshotInfo { try inner.writeSnapshot(to: path) }
    func accessTokens<T>(_ body: (AccessTokenStore) throws -> T) throws -> T { try inner.accessTokens(body) }
    func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T)
        throws -> T
    {
        try inner.navigation(body)
    }
    var concurrency: Int { inner.concurrency }
    var catalogCommits: CommitWatcher { inner.catalogCommits }
    var navigationCommits: CommitWatcher { inner.navigationCommits }
}
