public import Catalog

/// Where a client reads changes from: a server database (``ChangeFeed``) or a changes file (``ChangeFile``).
public protocol ChangeSource {
    /// The identity of the database the changes come from.
    func databaseUUID() throws -> String

    /// The changes after `sequence`, at most `limit` of them.
    ///
    /// - Throws: ``SyncError/behindPrunedHorizon(since:prunedBefore:)`` when changes after `sequence` were
    ///   pruned.
    func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch

    /// The current state of one entity, to settle a collision with a local row whose own change comes later.
    func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup

    /// Runs `body` with the source as of one state, so every batch the client reads in it agrees with the others.
    ///
    /// - Parameter body: reads through the source it is given (for a server on a pool: one reader connection,
    ///   in one read transaction).
    func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T
}
