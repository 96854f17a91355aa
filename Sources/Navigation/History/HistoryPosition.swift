/// Where a scene stands in its history.
public struct HistoryPosition: Sendable, Hashable, Codable {
    /// The index of the current entry, 0 for the oldest kept.
    public let index: Int
    /// The number of entries kept.
    public let count: Int

    /// Whether `back` has an entry to go to.
    public var canGoBack: Bool { index > 0 }
    /// Whether `forward` has an entry to go to.
    public var canGoForward: Bool { index + 1 < count }
}
