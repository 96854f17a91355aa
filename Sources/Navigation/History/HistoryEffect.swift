/// What an applied intent does to the scene's history.
public enum HistoryEffect: Sendable, Hashable {
    /// Nothing changed: no entry is recorded.
    case none
    /// The state changed: it is appended after the current entry, dropping the entries after it.
    case record
    /// The state is the previous entry's.
    case moveBack
    /// The state is the next entry's.
    case moveForward
}
