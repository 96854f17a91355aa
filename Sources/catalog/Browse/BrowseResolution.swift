import LibraryNavigation
import Navigation

/// What an action does to the navigation: an intent to apply through the browser (persisted at once), a
/// focus change that stays on screen, or nothing.
enum BrowseResolution: Hashable {
    /// Apply the intent, then focus the column (or the state's compact column when `nil`).
    case intent(NavigationIntent<LibraryRoute>, focus: CompactColumn?)
    /// Only move the focus.
    case focus(CompactColumn)
    /// Nothing to do.
    case none

    /// How `action` resolves with `focus` on a column and `row` under its cursor, in a split view showing
    /// `visible` columns; `isCompact` when it is collapsed to the state's compact column.
    ///
    /// Selecting in the sidebar or the content moves the focus one column right, as a split view shows the
    /// next column; a detail link is pushed. Back is the collapsed view's back button (`compactBack`) when
    /// collapsed; with columns side by side it pops the detail stack, else moves the focus left.
    static func resolve(
        _ action: BrowseAction, state: SplitViewState<LibraryRoute>, focus: CompactColumn, row: ColumnRow?,
        visible: [CompactColumn], isCompact: Bool
    ) -> BrowseResolution {
        switch action {
        case .activate:
            guard let row else { return .none }
            switch focus {
            case .sidebar: return .intent(.selectSidebar(row.route), focus: nil)
            case .content: return .intent(.selectContent(row.route), focus: .detail)
            case .detail: return .intent(.push(row.route), focus: .detail)
            }
        case .back:
            if isCompact {
                return state.compactColumn == .sidebar ? .none : .intent(.compactBack, focus: nil)
            }
            if focus == .detail, !state.stack.isEmpty { return .intent(.pop, focus: .detail) }
            return neighbour(of: focus, by: -1, in: visible, wraps: false).map { .focus($0) } ?? .none
        case .nextColumn, .previousColumn:
            let step = action == .nextColumn ? 1 : -1
            if isCompact {
                let columns: [CompactColumn] =
                    state.layout == .threeColumns ? [.sidebar, .content, .detail] : [.sidebar, .detail]
                guard let next = neighbour(of: state.compactColumn, by: step, in: columns, wraps: false) else {
                    return .none
                }
                return .intent(.setCompactColumn(next), focus: nil)
            }
            return neighbour(of: focus, by: step, in: visible, wraps: true).map { .focus($0) } ?? .none
        case .clearSidebar: return state.sidebar == nil ? .none : .intent(.clearSidebar, focus: .sidebar)
        case .historyBack: return .intent(.back, focus: nil)
        case .historyForward: return .intent(.forward, focus: nil)
        default: return .none
        }
    }

    private static func neighbour(
        of column: CompactColumn, by step: Int, in columns: [CompactColumn], wraps: Bool
    ) -> CompactColumn? {
        guard let index = columns.firstIndex(of: column) else { return columns.first }
        let next = index + step
        if columns.indices.contains(next) { return columns[next] }
        guard wraps, !columns.isEmpty else { return nil }
        return columns[(next + columns.count) % columns.count]
    }
}
