import LibraryNavigation
import Navigation

/// Everything one frame of the browser shows: the state, the visible column data, the focus and cursors.
///
/// The renderer reads nothing else, so a frame is a value a test can build by hand.
struct BrowseScreen {
    /// Whose scene: "default · main".
    var title: String
    /// The navigation state.
    var state: SplitViewState<LibraryRoute>
    /// Where the state stands in its history.
    var history: HistoryPosition
    /// The sidebar rows.
    var sidebar: ColumnList
    /// The content column's list, `nil` when nothing in the sidebar lists children.
    var content: ColumnList?
    /// The detail of the top of the detail column, `nil` when it is empty.
    var detail: RouteDetail?
    /// The titles of the detail root and the pushed routes.
    var breadcrumb: [String]
    /// The focused column (the one the cursor keys move in).
    var focus: CompactColumn
    /// The cursor row of each column (for the detail: the index among its links).
    var cursors: [CompactColumn: Int]
    /// A one-line message: a repaired restore, a refused intent, a saved session.
    var notice: String?
    /// A prompt, the picker, the help, or plain browsing.
    var mode: BrowseMode
}
