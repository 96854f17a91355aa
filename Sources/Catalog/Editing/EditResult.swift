public import Foundation

/// What an edit did: the entry it left (the survivor of a merge) and its new revision.
public struct EditResult: Sendable, Hashable, Codable {
    /// What was done.
    public var action: EditAction
    /// The entry's kind.
    public var kind: EntityKind
    /// The entry edited, created or deleted; the survivor of a merge.
    public var uuid: UUID
    /// The entry merged away, for a merge.
    public var merged: UUID?
    /// The entry's revision now: the ETag the next edit names (0 once it is deleted).
    public var revision: Int64
    /// The entry's history record of this edit.
    public var historyID: Int64

    /// A result.
    public init(action: EditAction, kind: EntityKind, uuid: UUID, merged: UUID?, revision: Int64, historyID: Int64) {
        self.action = action
        self.kind = kind
        self.uuid = uuid
        self.merged = merged
        self.revision = revision
        self.historyID = historyID
    }
}
