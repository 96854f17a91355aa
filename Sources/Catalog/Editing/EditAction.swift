/// What an edit of the history did.
public enum EditAction: String, Sendable, Codable, Hashable, CaseIterable {
    case create
    case update
    case delete
    case merge
    case undo
}
