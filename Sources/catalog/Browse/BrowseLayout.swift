import LibraryNavigation
import Navigation

/// Which columns the browser shows at a terminal width, and how wide each is.
enum BrowseLayout {
    /// Below this many terminal columns the split view collapses to its compact column, like a phone.
    static let compactWidth = 100
    /// Between two columns.
    static let separator = " │ "

    /// Whether a terminal `width` columns wide shows the collapsed (one-column) split view.
    static func isCompact(width: Int) -> Bool { width < compactWidth }

    /// The columns shown, left to right: the compact column alone when collapsed, else the layout's columns
    /// filtered by the chosen visibility.
    static func columns(for state: SplitViewState<LibraryRoute>, width: Int) -> [CompactColumn] {
        if isCompact(width: width) { return [state.compactColumn] }
        switch (state.layout, state.visibility) {
        case (.threeColumns, .automatic), (.threeColumns, .all): return [.sidebar, .content, .detail]
        case (.threeColumns, .doubleColumn): return [.content, .detail]
        case (.twoColumns, .automatic), (.twoColumns, .all), (.twoColumns, .doubleColumn): return [.sidebar, .detail]
        case (_, .detailOnly): return [.detail]
        }
    }

    /// The width of each of `columns` in a terminal `width` wide: the sidebar narrow, the content two fifths of
    /// what is left, the detail the rest.
    static func widths(of columns: [CompactColumn], width: Int) -> [Int] {
        let available = max(0, width - separator.count * (columns.count - 1))
        guard columns.count > 1 else { return [available] }
        let sidebar = columns.contains(.sidebar) ? min(22, available / 4) : 0
        let content = columns.contains(.content) ? (available - sidebar) * 2 / 5 : 0
        let detail = available - sidebar - content
        return columns.map { column in
            switch column {
            case .sidebar: sidebar
            case .content: content
            case .detail: detail
            }
        }
    }
}
