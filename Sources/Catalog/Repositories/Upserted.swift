/// What an upsert by `(source, source_key)` did.
public enum UpsertOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    /// The key was new: the entity was created.
    case inserted
    /// The key was known and the record differed from the last one imported: the entity was updated.
    case updated
    /// The key was known and the record was the same as last time: nothing was written.
    case unchanged
}

/// The entity an upsert created, updated or found, and which of the three it did.
public struct Upserted<Entity> {
    /// The entity as stored now.
    public var entity: Entity
    /// What the upsert did.
    public var outcome: UpsertOutcome

    /// Creates a result.
    public init(entity: Entity, outcome: UpsertOutcome) {
        self.entity = entity
        self.outcome = outcome
    }
}

extension Upserted: Sendable where Entity: Sendable {}
extension Upserted: Equatable where Entity: Equatable {}
extension Upserted: Hashable where Entity: Hashable {}
