public import Foundation

/// One entry of an entry's edit history: who did what, when, and each field before and after.
public struct EditRecord: Sendable, Hashable, Codable {
    /// One field or list that the edit changed, as text (a list as its names, in order).
    public struct FieldChange: Sendable, Hashable, Codable {
        /// The field's key (`title`) or the list's (`authors`).
        public var field: String
        /// The value before, or `nil` when it had none.
        public var before: String?
        /// The value after, or `nil` when it has none.
        public var after: String?
    }

    /// The record's number, increasing with time.
    public var id: Int64
    /// What the edit did.
    public var action: EditAction
    /// The entry's kind.
    public var kind: EntityKind
    /// The entry edited: the survivor of a merge.
    public var uuid: UUID
    /// The entry merged away, for a merge.
    public var merged: UUID?
    /// The user or token that made it.
    public var actor: String
    /// When (ISO 8601 text).
    public var editedAt: String
    /// What changed on the entry.
    public var changes: [FieldChange]
    /// Whether a later undo reverted it.
    public var undone: Bool
}
