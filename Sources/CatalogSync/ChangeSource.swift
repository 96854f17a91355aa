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

    /// Runs `body`, in which the client reads its batches, so they all come from one state of the source.
    func reading<T>(_ body: () throws -> T) throws -> T
}
