/// An entry changed by someone else since an ``EntryEditor`` loaded it: what the catalog holds now beside what the
/// user typed, for the view to show with "reapply" (``EntryEditor/reapply()``) and "discard"
/// (``EntryEditor/discard()``).
public struct EditConflict: Sendable, Hashable {
    /// The fields the user changed, with the user's values (`nil`: cleared).
    public let mine: [String: String?]
    /// Every field as the catalog holds it now.
    public let current: [String: String?]
    /// The entry's revision now.
    public let revision: Int64

    /// The fields the user changed, in the order of the form.
    public let fields: [String]

    /// Creates a conflict.
    ///
    /// - Parameters:
    ///   - mine: the user's values of the fields they changed.
    ///   - current: the entry's fields now.
    ///   - revision: the entry's revision now.
    ///   - order: the order of the form's fields.
    public init(mine: [String: String?], current: [String: String?], revision: Int64, order: [String]) {
        self.mine = mine
        self.current = current
        self.revision = revision
        fields = order.filter { mine.keys.contains($0) }
    }
}
