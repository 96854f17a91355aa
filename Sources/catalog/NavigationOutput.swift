import Catalog
import CatalogViews
import LibraryNavigation
import Navigation

/// How `catalog nav`, `catalog sessions` and `catalog demo` print a scene: labelled columns or JSON.
enum NavigationOutput {
    /// The state as labelled columns with display names, the layout, and the repairs.
    static func text(
        _ session: NavigationSession<LibraryRoute>, in catalog: any CatalogLookup, repairs: RepairReport
    ) throws -> String {
        let state = session.state
        let history = session.history
        var text = "user \(session.user.name) · scene \(session.scene) · \(state.layout.columnCount) columns"
        text += " · visibility \(state.visibility.rawValue) · compact column \(state.compactColumn.rawValue)"
        text += " · history \(history.index + 1) of \(history.count)\n"
        var sidebar = try label(state.sidebar, catalog)
        if state.sidebar != nil, state.markedSidebarRoute == nil { sidebar += "  (not marked: a toolbar detail)" }
        var rows: [(String, String)] = [("sidebar", sidebar)]
        if state.layout == .threeColumns {
            rows.append(("content", try label(state.content, catalog)))
        }
        rows.append(("detail", try label(state.detail, catalog)))
        for (index, route) in state.stack.enumerated() {
            rows.append(("  \(index + 1).", try label(route, catalog)))
        }
        text += Output.table(rows)
        if !state.stack.isEmpty, let detail = state.detail {
            let crumbs = try ([detail] + state.stack).map { try catalog.title(of: $0) }
            text += "path     \(crumbs.joined(separator: " › "))\n"
        }
        for repair in repairs.repairs {
            text += "repaired: \(try catalog.sentence(for: repair))\n"
        }
        return text
    }

    /// The state as the JSON object docs/cli.md documents (the HTTP API sends the same).
    static func json(
        _ session: NavigationSession<LibraryRoute>, in catalog: any CatalogLookup, repairs: RepairReport
    ) throws -> JSONValue {
        try CatalogAPI.scene(
            user: session.user.name, scene: session.scene, state: session.state, history: session.history,
            repairs: repairs, in: catalog)
    }

    /// One history entry as a breadcrumb of titles, e.g. "Genres › Heavy Metal › Motörhead".
    static func breadcrumb(_ state: SplitViewState<LibraryRoute>, in catalog: any CatalogLookup) throws -> String {
        var routes = [state.sidebar, state.content].compactMap { $0 }
        if let detail = state.detail, !routes.contains(detail) { routes.append(detail) }
        routes += state.stack
        return routes.isEmpty
            ? "(nothing selected)" : try routes.map { try catalog.title(of: $0) }.joined(separator: " › ")
    }

    private static func label(_ route: LibraryRoute?, _ catalog: any CatalogLookup) throws -> String {
        guard let route else { return "—" }
        return "\(try catalog.title(of: route))  [\(route.path)]"
    }
}
