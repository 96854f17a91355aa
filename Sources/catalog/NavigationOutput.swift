import CatalogAPI
import LibraryNavigation
import Navigation

/// How `catalog nav`, `catalog sessions` and `catalog demo` print a scene: labelled columns or JSON.
enum NavigationOutput {
    /// The state as labelled columns with display names, the layout, and the repairs.
    static func text(_ browser: LibraryBrowser, repairs: RepairReport) throws -> String {
        let state = browser.state
        let history = browser.history
        var text = "user \(browser.userName) · scene \(browser.scene) · \(state.layout.columnCount) columns"
        text += " · visibility \(state.visibility.rawValue) · compact column \(state.compactColumn.rawValue)"
        text += " · history \(history.index + 1) of \(history.count)\n"
        var sidebar = try label(state.sidebar, browser)
        if state.sidebar != nil, state.markedSidebarRoute == nil { sidebar += "  (not marked: a toolbar detail)" }
        var rows: [(String, String)] = [("sidebar", sidebar)]
        if state.layout == .threeColumns {
            rows.append(("content", try label(state.content, browser)))
        }
        rows.append(("detail", try label(state.detail, browser)))
        for (index, route) in state.stack.enumerated() {
            rows.append(("  \(index + 1).", try label(route, browser)))
        }
        text += Output.table(rows)
        if !state.stack.isEmpty, let detail = state.detail {
            let crumbs = try ([detail] + state.stack).map { try browser.title(of: $0) }
            text += "path     \(crumbs.joined(separator: " › "))\n"
        }
        for repair in repairs.repairs {
            text += "repaired: \(repair)\n"
        }
        return text
    }

    /// The state as the JSON object the README documents; routes in their string form, titles alongside.
    static func json(_ browser: LibraryBrowser, repairs: RepairReport) throws -> JSONValue {
        let state = browser.state
        let route = { (route: LibraryRoute?) -> JSONValue in route.map { .string($0.path) } ?? .null }
        let title = { (route: LibraryRoute?) throws -> JSONValue in
            try route.map { .string(try browser.title(of: $0)) } ?? .null
        }
        return [
            "user": .string(browser.userName),
            "scene": .string(browser.scene),
            "layout": .int(state.layout.columnCount),
            "sidebar": route(state.sidebar),
            "sidebarMarked": .bool(state.markedSidebarRoute != nil),
            "content": route(state.content),
            "detail": route(state.detail),
            "stack": .array(state.stack.map { .string($0.path) }),
            "visibility": .string(state.visibility.rawValue),
            "compactColumn": .string(state.compactColumn.rawValue),
            "history": ["position": .int(browser.history.index + 1), "count": .int(browser.history.count)],
            "titles": [
                "sidebar": try title(state.sidebar), "content": try title(state.content),
                "detail": try title(state.detail), "stack": .array(try state.stack.map { try title($0) }),
            ],
            "repairs": .array(
                repairs.repairs.map { repair in
                    [
                        "element": .string(repair.element.description),
                        "storedValue": repair.storedValue.map(JSONValue.string) ?? .null,
                        "reason": .string(repair.reason.description),
                        "removed": .array(repair.removed.map(JSONValue.string)),
                    ]
                }),
        ]
    }

    /// One history entry as a breadcrumb of titles, e.g. "Genres › Heavy Metal › Motörhead".
    static func breadcrumb(_ state: SplitViewState<LibraryRoute>, _ browser: LibraryBrowser) throws -> String {
        var routes = [state.sidebar, state.content].compactMap { $0 }
        if let detail = state.detail, !routes.contains(detail) { routes.append(detail) }
        routes += state.stack
        return routes.isEmpty
            ? "(nothing selected)" : try routes.map { try browser.title(of: $0) }.joined(separator: " › ")
    }

    private static func label(_ route: LibraryRoute?, _ browser: LibraryBrowser) throws -> String {
        guard let route else { return "—" }
        return "\(try browser.title(of: route))  [\(route.path)]"
    }
}
