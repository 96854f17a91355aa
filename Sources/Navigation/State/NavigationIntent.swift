public import Foundation

/// Something the user did that changes the navigation state: a selection, a push, a back button.
///
/// Apply one with ``SplitViewState/applying(_:history:)`` (pure), ``Navigator/apply(_:)`` (in memory,
/// with history) or ``NavigationSession/apply(_:)`` (persisted).
public enum NavigationIntent<Route: NavigationRoute>: Sendable, Hashable {
    /// Select a route in the sidebar; selecting the current one again pops the detail stack to its root.
    case selectSidebar(Route)
    /// Clear the sidebar selection and everything after it: the empty state, the sidebar on top; the column
    /// visibility stays.
    case clearSidebar
    /// Select a route in the content list, or clear the content selection with `nil`.
    case selectContent(Route?)
    /// Show a route in the detail column from outside the lists (a toolbar button).
    case showDetail(Route)
    /// Push a route on the detail stack (it becomes the detail root when there is none).
    case push(Route)
    /// Pop the top of the detail stack.
    case pop
    /// Pop the detail stack to its root.
    case popToRoot
    /// Keep the first `count` entries of the detail stack, as truncating a `NavigationStack`'s path does (a breadcrumb's
    /// entry): 0 pops to the root, the stack's depth changes nothing, more is refused.
    case popTo(Int)
    /// Replace the detail stack.
    case setStack([Route])
    /// The back button of the collapsed split view.
    case compactBack
    /// Change the column visibility.
    case setVisibility(ColumnVisibility)
    /// Change the column on top when collapsed.
    case setCompactColumn(CompactColumn)
    /// Go to the previous history entry.
    case back
    /// Go to the next history entry.
    case forward
    /// Open a deep link (``DeepLink``): a whole state, validated and applied at once.
    case open(URL)
}
