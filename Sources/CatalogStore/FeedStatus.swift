/// The change feed's identity and bounds, as `GET /v1/health` reports them and a snapshot's ETag names them. Only the
/// stores of this module make one.
package struct FeedStatus: Sendable, Hashable {
    /// The identity of the database as a change source.
    package var database: String
    /// The newest migration of the catalog's schema applied.
    package var schemaVersion: Int
    /// The feed's high-water mark.
    package var lastSequence: Int64
    /// Changes before this sequence were pruned.
    package var prunedBefore: Int64
}
