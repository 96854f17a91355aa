public import Foundation

/// A whole split-view state as a URL: the sidebar route in the URL's path, the rest in its query.
///
/// `catalog://genres?content=genre/<uuid>&stack=band/<uuid>` selects *genres* in the sidebar, a genre in
/// the content column (so it becomes the detail root) and pushes a band. A route's own URL
/// (`catalog://settings`) is the deep link that selects it in the sidebar; `catalog://`, with no path, is the
/// empty state (nothing selected in the sidebar). Query items:
/// `content`, `detail` (when the detail differs from the content, as a toolbar would show it) and
/// `stack`, repeated bottom first. Route paths are percent-encoded where needed.
///
/// Opening a link (``NavigationIntent/open(_:)``) builds the state as the intents would — select the
/// sidebar, then the content, then the detail, then the stack — and refuses the whole link when one step
/// is impossible, so a link never leaves a half-applied state.
public struct DeepLink<Route: NavigationRoute>: Sendable, Hashable {
    /// The sidebar selection; `nil` for the empty state.
    public var sidebar: Route?
    /// The content selection.
    public var content: Route?
    /// The detail root, when it is not the content selection.
    public var detail: Route?
    /// The detail stack, bottom first.
    public var stack: [Route]

    /// A deep link to the given routes (not validated until opened).
    ///
    /// - Parameters:
    ///   - sidebar: the sidebar selection; `nil` for the empty state.
    ///   - content: the content selection.
    ///   - detail: the detail root, when it differs from `content`.
    ///   - stack: the detail stack, bottom first.
    public init(sidebar: Route?, content: Route? = nil, detail: Route? = nil, stack: [Route] = []) {
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.stack = stack
    }

    /// The deep link to `state`'s selections.
    ///
    /// - Parameter state: the state to link to (visibility and compact column are not part of a link).
    public init(_ state: SplitViewState<Route>) {
        let sidebar = state.sidebar
        let implicitDetail = state.content ?? (sidebar?.layout == .twoColumns ? sidebar : nil)
        self.init(
            sidebar: sidebar, content: state.content, detail: state.detail == implicitDetail ? nil : state.detail,
            stack: state.stack)
    }

    /// Parses a deep link URL.
    ///
    /// - Throws: ``NavigationError/invalidDeepLink(url:reason:)`` for another scheme, an unknown query item
    ///   or a route path that names no route.
    public init(url: URL) throws(NavigationError) {
        let text = url.absoluteString
        let (base, query) = Self.split(text)
        guard let sidebarPath = RouteURL.path(of: base, scheme: Route.urlScheme) else {
            throw .invalidDeepLink(url: text, reason: "not a \(Route.urlScheme):// link")
        }
        let route = { (path: String) throws(NavigationError) -> Route in
            guard let route = Route(path: path) else {
                throw .invalidDeepLink(url: text, reason: "\(NavigationLimits.excerpt(path)) names no route")
            }
            return route
        }
        self.init(sidebar: sidebarPath.isEmpty ? nil : try route(sidebarPath))
        for item in URLComponents(string: "?" + query)?.queryItems ?? [] {
            // The key is checked before its value, so an unknown key is what the message blames.
            switch item.name {
            case "content" where content == nil: content = try route(item.value ?? "")
            case "detail" where detail == nil: detail = try route(item.value ?? "")
            case "stack": stack.append(try route(item.value ?? ""))
            case "content", "detail":
                throw .invalidDeepLink(url: text, reason: "the query item \"\(item.name)\" appears twice")
            default:
                throw .invalidDeepLink(
                    url: text, reason: "unknown query item \"\(item.name)\" (expected content, detail or stack)")
            }
        }
    }

    /// The URL text: `catalog://<sidebar>?content=…&detail=…&stack=…`, `catalog://` for the empty state.
    public var urlString: String {
        var items: [(String, Route)] = []
        if let content { items.append(("content", content)) }
        if let detail { items.append(("detail", detail)) }
        items += stack.map { ("stack", $0) }
        let query = items.map { name, route in
            name + "=" + (route.path.addingPercentEncoding(withAllowedCharacters: .routeQueryAllowed) ?? route.path)
        }
        return (sidebar?.urlString ?? "\(Route.urlScheme)://")
            + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The URL; `nil` only if the route paths cannot form one.
    public var url: URL? { URL(string: urlString) }

    /// The state the link opens, built step by step with the intents' own rules.
    ///
    /// - Parameter visibility: the visibility to keep (a link does not carry one).
    /// - Throws: ``NavigationError/invalidDeepLink(url:reason:)`` naming the impossible step;
    ///   ``NavigationError/routeTooLong(route:bytes:)`` or ``NavigationError/stateTooLarge(bytes:)`` when the state is
    ///   over ``NavigationLimits``.
    public func state(visibility: ColumnVisibility = .automatic) throws(NavigationError) -> SplitViewState<Route> {
        var state = SplitViewState<Route>()
        state.visibility = visibility
        do throws(NavigationError) {
            if let sidebar { state = try state.applying(.selectSidebar(sidebar)).state }
            if let content { state = try state.applying(.selectContent(content)).state }
            if let detail, detail != state.detail {
                guard content == nil else {
                    throw NavigationError.invalidState(
                        reason: "the detail \(detail.path) is not the content selection \(content?.path ?? "")")
                }
                state = try state.applying(.showDetail(detail)).state
            }
            if !stack.isEmpty { state = try state.applying(.setStack(stack)).state }
        } catch {
            switch error {
            // Over a limit, the link is not impossible but too large: said as such, and without the link's text.
            case .routeTooLong, .stateTooLarge: throw error
            default: throw .invalidDeepLink(url: urlString, reason: error.description)
            }
        }
        return state
    }

    private static func split(_ text: String) -> (base: String, query: String) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (String(text[..<mark]), String(text[text.index(after: mark)...]))
    }
}
