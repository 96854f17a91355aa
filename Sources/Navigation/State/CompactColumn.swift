/// The column on top when the split view collapses to one stack (`preferredCompactColumn`).
///
/// It follows the selection: selecting a row shows the next column, the back button moves one column
/// to the left.
public enum CompactColumn: String, Sendable, Hashable, Codable, CaseIterable {
    /// The sidebar list.
    case sidebar
    /// The content list (three-column layouts only).
    case content
    /// The detail column.
    case detail
}
