public import Foundation

/// Why an intent was refused. The state it was applied to is left unchanged.
///
/// Routes appear in their stable string form, so the message can be shown as is.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The route cannot be selected in the sidebar.
    case notASidebarItem(route: String)
    /// A content selection was made with nothing selected in the sidebar.
    case noSidebarSelection
    /// The sidebar route lays out two columns: there is no content column to select in.
    case noContentColumn(sidebar: String)
    /// The route does not belong to the sidebar route's list: not of the kind it lists, or (the validator
    /// said so) not one of its items.
    case notInSection(route: String, sidebar: String)
    /// The route cannot be pushed above the top of the detail stack.
    case cannotPush(route: String, onto: String)
    /// The route is of a kind that may be pushed onto `onto`, but the detail of `onto` does not link to it
    /// (the validator said so: a band that is not one of that genre's bands).
    case notLinked(route: String, from: String)
    /// The route is a list (``NavigationRoute/isDetail`` is `false`): the detail column cannot show it.
    case notADetail(route: String)
    /// A detail stack was set while the detail column has no root.
    case noDetailRoot
    /// `pop` with an empty detail stack.
    case stackIsEmpty
    /// `popTo(index)` past the detail stack, which holds `depth` entries (or with a negative index).
    case noStackEntry(index: Int, depth: Int)
    /// `compactBack` while the sidebar is already on top.
    case alreadyAtSidebar
    /// `back` at the oldest history entry.
    case noPreviousEntry
    /// `forward` at the newest history entry.
    case noNextEntry
    /// A deep link that is not a URL of this app, names no route, or describes an impossible chain.
    case invalidDeepLink(url: String, reason: String)
    /// A state that breaks one of the split view's invariants (see ``SplitViewState/validate()``).
    case invalidState(reason: String)
    /// The intent brings in a route whose entity does not exist: the store's ``RouteValidator`` said no.
    case notFound(route: String)
    /// The state would hold a route whose stable string form is `bytes` bytes of UTF-8, over
    /// ``NavigationLimits/routeBytes``; `route` is its beginning.
    case routeTooLong(route: String, bytes: Int)
    /// The state would take `bytes` bytes as stored, over ``NavigationLimits/stateBytes``.
    case stateTooLarge(bytes: Int)

    /// A sentence saying what was refused and why.
    public var description: String {
        switch self {
        case .notASidebarItem(let route): "\(short(route)) cannot be selected in the sidebar"
        case .noSidebarSelection: "nothing is selected in the sidebar: select a sidebar item first"
        case .noContentColumn(let sidebar): "\(sidebar) shows two columns: there is no content list to select in"
        case .notInSection(let route, let sidebar): "\(short(route)) is not listed under \(short(sidebar))"
        case .cannotPush(let route, let onto): "\(short(route)) cannot be pushed onto \(short(onto))"
        case .notLinked(let route, let from):
            "\(route) cannot be pushed onto \(from): the detail of \(from) does not link to it"
        case .notADetail(let route):
            "\(short(route)) is a list, which the detail column does not show: select it in the sidebar to list it"
        case .noDetailRoot: "the detail column is empty: show a detail before pushing a stack"
        case .stackIsEmpty: "the detail stack is empty: nothing to pop"
        case .noStackEntry(let index, let depth):
            "cannot pop to entry \(index): the detail stack holds \(depth) entr\(depth == 1 ? "y" : "ies"); "
                + "pop to 0 (its root) to \(depth)"
        case .alreadyAtSidebar: "the sidebar is already on top: nothing to go back to"
        case .noPreviousEntry: "no earlier history entry"
        case .noNextEntry: "no later history entry"
        case .invalidDeepLink(let url, let reason): "cannot open \(short(url)): \(reason)"
        case .invalidState(let reason): "invalid navigation state: \(reason)"
        case .notFound(let route): "\(route) does not exist (it was deleted, or it comes from another database)"
        case .routeTooLong(let route, let bytes):
            "the route \(route) is \(bytes) bytes of UTF-8, over the limit of \(NavigationLimits.routeBytes) bytes "
                + "for a route: shorten it"
        case .stateTooLarge(let bytes):
            "the state would take \(bytes) bytes, over the limit of \(NavigationLimits.stateBytes) bytes for a saved "
                + "state: pop entries off the detail stack, or shorten its routes"
        }
    }

    /// A route or link as a message shows it: one over the limits (which these messages may be about) only begins.
    private func short(_ text: String) -> String { NavigationLimits.excerpt(text) }
}

// An app shows these in an alert: the description is the message.
extension NavigationError: LocalizedError {
    public var errorDescription: String? { description }
}
