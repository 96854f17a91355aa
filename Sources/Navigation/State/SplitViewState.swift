/// The navigation state of one split-view scene (window): what a `NavigationSplitView` app keeps in
/// `@State`, as a value.
///
/// Change it only through intents (``applying(_:history:)``), which keep its invariants:
/// - the content selection belongs to the sidebar route's list, and only in a three-column layout;
/// - when there is a content selection, it is the detail root;
/// - a change upstream clears everything downstream;
/// - the detail stack is never non-empty without a root, and each entry may be pushed on the one below;
/// - the layout always matches the sidebar route, and the compact column exists in that layout.
public struct SplitViewState<Route: NavigationRoute>: Sendable, Hashable {
    /// The sidebar selection: a section, or a row of a sidebar list.
    public internal(set) var sidebar: Route?
    /// The selection in the content column (three-column layouts only).
    public internal(set) var content: Route?
    /// The root of the detail column.
    public internal(set) var detail: Route?
    /// The routes pushed on the detail `NavigationStack`, bottom first.
    public internal(set) var stack: [Route]
    /// The column visibility the user chose.
    public internal(set) var visibility: ColumnVisibility
    /// The column on top when the split view is collapsed.
    public internal(set) var compactColumn: CompactColumn

    /// An empty state: nothing selected, automatic visibility, the sidebar on top.
    public init() {
        self.init(unchecked: nil, content: nil, detail: nil, stack: [], visibility: .automatic, compactColumn: .sidebar)
    }

    /// A state with the given parts, checked against the invariants.
    ///
    /// - Throws: ``NavigationError/invalidState(reason:)`` naming the first invariant the parts break.
    public init(
        sidebar: Route?, content: Route? = nil, detail: Route? = nil, stack: [Route] = [],
        visibility: ColumnVisibility = .automatic, compactColumn: CompactColumn = .sidebar
    ) throws(NavigationError) {
        self.init(
            unchecked: sidebar, content: content, detail: detail, stack: stack, visibility: visibility,
            compactColumn: compactColumn)
        try validate()
    }

    init(
        unchecked sidebar: Route?, content: Route?, detail: Route?, stack: [Route], visibility: ColumnVisibility,
        compactColumn: CompactColumn
    ) {
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.stack = stack
        self.visibility = visibility
        self.compactColumn = compactColumn
    }

    /// Two or three columns, from the sidebar route; three when nothing is selected.
    public var layout: SplitViewLayout { sidebar?.layout ?? .threeColumns }

    /// The sidebar row a list marks as selected: the sidebar route, except a two-column route whose detail shows
    /// something else (a toolbar's ``NavigationIntent/showDetail(_:)``), as a two-column app's list loses its
    /// selection when a toolbar shows a detail. The layout still follows ``sidebar``.
    public var markedSidebarRoute: Route? {
        guard let sidebar, sidebar.layout == .threeColumns || detail == sidebar else { return nil }
        return sidebar
    }

    /// The route on top of the detail column: the last pushed route, else the detail root.
    public var topOfDetail: Route? { stack.last ?? detail }

    /// Every route the state refers to, upstream first.
    public var routes: [Route] { [sidebar, content, detail].compactMap { $0 } + stack }

    /// Each route with the element it fills, upstream first.
    var elements: [(Repair.Element, Route)] {
        let columns: [(Repair.Element, Route?)] = [(.sidebar, sidebar), (.content, content), (.detail, detail)]
        return columns.compactMap { element, route in route.map { (element, $0) } }
            + stack.enumerated().map { (.stack(index: $0.offset), $0.element) }
    }

    /// The state with every route passed through `replace` (an entity merged into another: the same place, the
    /// entity that stays).
    func replacingRoutes(_ replace: (Route) -> Route) -> Self {
        Self(
            unchecked: sidebar.map(replace), content: content.map(replace), detail: detail.map(replace),
            stack: stack.map(replace), visibility: visibility, compactColumn: compactColumn)
    }

    /// Every link the state relies on, upstream first: the content selection as an item of the sidebar's list,
    /// then each stack entry as a link of the route below it. A ``RouteValidator`` checks them against the data.
    var links: [RouteLink<Route>] {
        var links: [RouteLink<Route>] = []
        if let sidebar, let content { links.append(RouteLink(route: content, origin: sidebar, kind: .item)) }
        if let detail {
            links += zip([detail] + stack, stack).map { RouteLink(route: $1, origin: $0, kind: .push) }
        }
        return links
    }

    /// Checks every invariant.
    ///
    /// - Throws: ``NavigationError/invalidState(reason:)`` naming the first broken invariant.
    public func validate() throws(NavigationError) {
        if let reason = firstViolation() { throw .invalidState(reason: reason) }
    }

    /// The first broken invariant, described, or `nil` when the state is valid.
    func firstViolation() -> String? {
        if let sidebar, !sidebar.isSidebarItem { return "\(sidebar.path) cannot be selected in the sidebar" }
        if let content {
            guard let sidebar else { return "content \(content.path) without a sidebar selection" }
            guard sidebar.layout == .threeColumns else { return "content \(content.path) in a two-column layout" }
            guard sidebar.allowsContent(content) else { return "\(content.path) is not listed under \(sidebar.path)" }
            guard detail == content else { return "the detail root is not the content selection \(content.path)" }
        }
        if !stack.isEmpty, detail == nil { return "a detail stack without a detail root" }
        if let detail, !detail.isDetail { return "\(detail.path) is a list, which the detail column does not show" }
        if let detail {
            for (below, above) in zip([detail] + stack, stack) where !below.allowsPush(above) {
                return "\(above.path) cannot be pushed onto \(below.path)"
            }
        }
        if compactColumn == .content, layout == .twoColumns { return "compact column content in a two-column layout" }
        return nil
    }
}
