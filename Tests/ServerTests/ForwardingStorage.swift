import AccessTokens
import Accounts
import Catalog
import CatalogImport
import CatalogServer
import CatalogStore
import CatalogSync
import CatalogViews
import Foundation
import LibraryNavigation
import Navigation

/// A store that hands every call to ``inner``: a test conforms to it and writes out only the calls it steps into.
protocol ForwardingStorage: CatalogStore {
    /// The store that answers.
    var inner: any CatalogStore { get }
}

extension ForwardingStorage {
    func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T { try inner.readCatalog(body) }
    func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T { try inner.readLookup(body) }
    func databaseUUID() throws -> String { try inner.databaseUUID() }
    func feedStatus() throws -> FeedStatus { try inner.feedStatus() }
    func writeChanges(since: Int64, limit: Int?, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer
    {
        try inner.writeChanges(since: since, limit: limit, until: until, to: write)
    }
    func prune(before sequence: Int64) throws -> Int { try inner.prune(before: sequence) }
    func importing<T>(_ body: (any CatalogFileImporter) throws -> T) throws -> T { try inner.importing(body) }
    func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T {
        try inner.editing(as: actor, body)
    }
    func editHistory(of kind: EntityKind, uuid: UUID) throws -> [EditRecord] {
        try inner.editHistory(of: kind, uuid: uuid)
    }
    func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup { try inner.lookup(kind, uuid: uuid) }
    func writeSnapshot(to path: String) throws -> SnapshotInfo { try inner.writeSnapshot(to: path) }
    func accounts<T>(_ body: (UserDirectory, AccessTokenStore) throws -> T) throws -> T { try inner.accounts(body) }
    func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T)
        throws -> T
    {
        try inner.navigation(body)
    }
    func browsing<T>(_ body: (NavigationStore<LibraryRoute>, any BrowsableCatalog) throws -> T) throws -> T {
        try inner.browsing(body)
    }
    var concurrency: Int { inner.concurrency }
    func watchCommits() throws -> CommitWatchers { try inner.watchCommits() }
}
