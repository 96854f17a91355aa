import Catalog

/// What happened to an entity, as the change log records it.
public enum ChangeOperation: String, Sendable, Codable, Hashable, CaseIterable {
    /// The entity was created. Its row stays `insert` while links and updates follow its insert at the end of the
    /// log, so a client treats `insert` and `update` alike: upsert the payload.
    case insert
    /// The entity, or one of its links (credits, genres, parent), changed.
    case update
    /// The entity was deleted: a tombstone carrying its uuid.
    case delete
    /// The entity was merged into another of its kind (``Change/mergedInto``): a tombstone that says where it went,
    /// so a client drops it and sends whatever names it to the one that stays.
    case merge
}
