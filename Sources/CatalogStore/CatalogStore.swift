package import AccessTokens
package import Accounts
package import Catalog
package import CatalogImport
package import CatalogSync
package import Foundation
package import LibraryNavigation
package import Navigation

/// One database's catalog, change feed, users' tokens and navigation state, behind one interface: what the server's
/// endpoints and the `catalog` command read and write, whichever database holds the rows. ``SQLiteCatalogStore``
/// keeps them in a catalog file and its users' file; a PostgreSQL database holds them all (the `PostgreSQLCatalog` module's
/// `PostgreSQLCatalogStore`). The rules (validation, repair, scopes) stay above the store; a store moves rows.
///
/// Its requirements come in concerns of their own, so a piece of code can say which part it needs:
/// ``CatalogReading``, ``CatalogWriting``, ``CatalogEditing``, ``ChangeFeedStore``, ``AccountHolding``,
/// ``NavigationHolding`` and ``CommitSource``.
///
/// Every call may run on any thread, several at once; each takes what it needs (a pooled connection) for the
/// length of the call and gives it back, so a body must not keep the store or reader it is given, nor call the
/// store again from inside it.
package typealias CatalogStore = AccountHolding & CatalogEditing & CatalogReading & CatalogWriting & ChangeFeedStore
    & CommitSource & NavigationHolding

/// The catalog's reads.
package protocol CatalogReading: Sendable {
    /// Runs `body` with the catalog, every call it makes seeing one state of it.
    func readCatalog<T>(_ body: (any CatalogReader) throws -> T) throws -> T

    /// Runs `body` with the catalog as route checks and scene titles read it, in one state.
    func readLookup<T>(_ body: (any CatalogLookup) throws -> T) throws -> T
}

/// What writes the catalog: its importer.
package protocol CatalogWriting: Sendable {
    /// Runs `body` with the catalog's importer, which may keep what it learnt of one file for the next.
    func importing<T>(_ body: (any CatalogFileImporter) throws -> T) throws -> T
}

/// What edits the catalog by hand: every create, update, delete, merge and undo of any surface goes through the
/// store's ``CatalogEditor``, one transaction per call.
package protocol CatalogEditing: Sendable {
    /// Runs `body` with the catalog's editor acting for `actor` (a user's or a token's name, kept in the history).
    ///
    /// - Throws: ``StoreError/unsupported(_:database:)`` on a store that cannot edit yet; what `body` throws.
    func editing<T>(as actor: String, _ body: (CatalogEditor) throws -> T) throws -> T

    /// The entry's history as ``CatalogEditor/history(_:uuid:)`` reads it, read as a reader reads: it does not wait
    /// for an edit or an import holding the catalog's writer.
    ///
    /// - Throws: ``StoreError/unsupported(_:database:)`` on a store that cannot edit yet; `DatabaseError` when the
    ///   history cannot be read.
    func editHistory(of kind: EntityKind, uuid: UUID) throws -> [EditRecord]
}

/// Imports catalog files, on any database: `CatalogImporter` on SQLite, `PostgreSQLImporter` on PostgreSQL.
package protocol CatalogFileImporter {
    /// Imports the file at `path` as `options` say, reporting progress to `progress`.
    func importFile(atPath path: String, options: ImportOptions, progress: ((ImportProgress) -> Void)?) throws
        -> ImportSummary
}

extension CatalogImporter: CatalogFileImporter {}

/// The change feed and the snapshots offline copies start from.
package protocol ChangeFeedStore: Sendable {
    /// The database's identity as a change source, which a syncing client names in every request.
    func databaseUUID() throws -> String

    /// The change feed's identity and bounds with the catalog's schema version, read in one state.
    func feedStatus() throws -> FeedStatus

    /// Writes the changes after `since` as the JSON lines of `catalog changes`, then the trailer, read in one state.
    ///
    /// - Throws: `SyncError.behindPrunedHorizon` when changes after `since` were pruned.
    func writeChanges(since: Int64, limit: Int?, until: Int64?, to write: (String) throws -> Void) throws
        -> ChangeBatch.Trailer

    /// Deletes the changes before sequence `sequence`; returns how many.
    func prune(before sequence: Int64) throws -> Int

    /// What the feed knows of one entity now.
    func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup

    /// Writes a client snapshot to the new file `path`: the catalog as of one state, without the users' rows.
    func writeSnapshot(to path: String) throws -> SnapshotInfo
}

/// The users, their access tokens and web sessions.
package protocol AccountHolding: Sendable {
    /// Runs `body` with the users and their access tokens and web sessions.
    func accounts<T>(_ body: (UserDirectory, AccessTokenStore) throws -> T) throws -> T
}

extension AccountHolding {
    /// Runs `body` with the access tokens and web sessions.
    package func accessTokens<T>(_ body: (AccessTokenStore) throws -> T) throws -> T {
        try accounts { _, tokens in try body(tokens) }
    }
}

/// The users' navigation state.
package protocol NavigationHolding: Sendable {
    /// Runs `body` with the users' navigation state and the validator its routes are checked with. The store is the
    /// same one for the store's whole life, so what it learnt of the catalog (titles, checked routes) is kept.
    func navigation<T>(_ body: (NavigationStore<LibraryRoute>, any RouteValidator<LibraryRoute>) throws -> T) throws
        -> T

    /// Runs `body` with a navigation store and the catalog on a connection of their own for as long as it runs:
    /// an interactive browser's session, which saves every move and reads the lists it shows as they are now.
    func browsing<T>(_ body: (NavigationStore<LibraryRoute>, any BrowsableCatalog) throws -> T) throws -> T
}

/// What wakes a server's long-polls, and how many requests it answers usefully at once.
package protocol CommitSource: Sendable {
    /// How many requests it answers usefully at once, which sets the server's threads: on SQLite a request is CPU
    /// work (a few threads on a few cores); on PostgreSQL it mostly waits for the database server, one pooled
    /// connection each.
    var concurrency: Int { get }

    /// Starts watching for commits, from any process: to the catalog (waking the change feed's long-polls) and to
    /// navigation state (waking scenes' long-polls). The caller stops them (``CommitWatchers/stop()``).
    ///
    /// - Throws: an error of the database when it cannot be watched.
    func watchCommits() throws -> CommitWatchers
}
