import Catalog

/// A run of the change feed: the changes after ``since`` up to ``lastSequence``, read in one snapshot.
///
/// As JSON, the last line of `catalog changes`:
/// `{"since":0,"last_seq":57,"more":false,"database":"…","pruned_before":0}`.
public struct ChangeBatch: Sendable, Hashable {
    /// The sequence the batch continues from: it holds every change after it.
    public var since: Int64
    /// The changes, in sequence order.
    public var changes: [Change]
    /// The sequence a client has caught up to once it applied the batch: the last change's when more follow,
    /// else the log's high-water mark (an entity's row moved to its newest change leaves a gap).
    public var lastSequence: Int64
    /// Whether the log holds changes after ``lastSequence``.
    public var hasMore: Bool
    /// The identity of the database the changes come from.
    public var databaseUUID: String
    /// Changes before this sequence were pruned.
    public var prunedBefore: Int64

    /// Creates a batch.
    public init(
        since: Int64, changes: [Change], lastSequence: Int64, hasMore: Bool, databaseUUID: String,
        prunedBefore: Int64
    ) {
        self.since = since
        self.changes = changes
        self.lastSequence = lastSequence
        self.hasMore = hasMore
        self.databaseUUID = databaseUUID
        self.prunedBefore = prunedBefore
    }

    /// The last line of the JSON lines form.
    public struct Trailer: Sendable, Hashable, Codable {
        /// See ``ChangeBatch/since``.
        public var since: Int64
        /// See ``ChangeBatch/lastSequence``.
        public var lastSequence: Int64
        /// See ``ChangeBatch/hasMore``.
        public var more: Bool
        /// See ``ChangeBatch/databaseUUID``.
        public var database: String
        /// See ``ChangeBatch/prunedBefore``.
        public var prunedBefore: Int64

        enum CodingKeys: String, CodingKey {
            case since
            case lastSequence = "last_seq"
            case more
            case database
            case prunedBefore = "pruned_before"
        }
    }

    /// The trailer line of this batch.
    public var trailer: Trailer {
        Trailer(
            since: since, lastSequence: lastSequence, more: hasMore, database: databaseUUID,
            prunedBefore: prunedBefore)
    }
}
