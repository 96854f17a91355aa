import Catalog

/// What a sync did.
public struct SyncReport: Sendable, Hashable, Codable {
    /// The server sequence the client was at before.
    public var fromSequence: Int64
    /// The server sequence the client is at now.
    public var toSequence: Int64
    /// The changes applied (after dropping those the client already had).
    public var changesApplied: Int
    /// The transactions committed, one per batch.
    public var batches: Int
    /// Whether the source holds changes the sync did not apply (it stopped after `maxBatches`).
    public var hasMore: Bool
}
