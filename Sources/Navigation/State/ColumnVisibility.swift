/// Which columns the user chose to see (`NavigationSplitViewVisibility`).
///
/// Stored as chosen, never as resolved: `automatic` stays `automatic` whatever the window size made
/// of it, so a restored window resolves it again for its own size.
public enum ColumnVisibility: String, Sendable, Hashable, Codable, CaseIterable {
    /// Let the platform decide for the current size.
    case automatic
    /// Every column.
    case all
    /// Content and detail in three columns, sidebar and detail in two.
    case doubleColumn
    /// The detail column only.
    case detailOnly
}
