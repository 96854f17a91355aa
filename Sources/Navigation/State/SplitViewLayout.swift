/// How many columns a split view shows: derived from the sidebar route.
///
/// A two-column layout (`NavigationSplitView(sidebar:detail:)`) has no content column: its sidebar
/// route is shown directly in the detail column (settings, about). A three-column layout lists the
/// sidebar route's children in the content column.
public enum SplitViewLayout: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Sidebar and detail.
    case twoColumns = 2
    /// Sidebar, content and detail.
    case threeColumns = 3

    /// The number of columns: 2 or 3.
    public var columnCount: Int { rawValue }
}
