public import Catalog

/// What a change source knows of one entity now.
public enum EntityLookup: Sendable, Hashable {
    /// The entity exists, as given.
    case current(EntityPayload)
    /// The entity was deleted.
    case deleted
    /// The source cannot tell (a changes file that does not mention it).
    case unknown
}
