extension SplitViewState {
    /// Applies one intent: the pure transition function of the split view.
    ///
    /// Every ``NavigationIntent`` is handled here, so the rules live in one place. A refused intent
    /// throws and leaves `self` as it was; an intent that changes nothing returns the same state with
    /// ``HistoryEffect/none``, so the history never records a duplicate.
    ///
    /// ```swift
    /// let next = try state.applying(.selectSidebar(.authors)).state
    /// ```
    ///
    /// - Parameters:
    ///   - intent: what the user did.
    ///   - history: the neighbouring history entries, needed by `back` and `forward` only.
    /// - Returns: the new state and what the history does with it.
    /// - Throws: ``NavigationError`` when the intent makes no sense in this state, or when the state it makes is over
    ///   ``NavigationLimits``.
    public func applying(
        _ intent: NavigationIntent<Route>, history: HistoryNeighbors<Route> = .none
    ) throws(NavigationError) -> NavigationTransition<Route> {
        switch intent {
        case .back:
            guard let previous = history.previous else { throw .noPreviousEntry }
            return NavigationTransition(state: shownOnMove(to: previous), historyEffect: .moveBack)
        case .forward:
            guard let next = history.next else { throw .noNextEntry }
            return NavigationTransition(state: shownOnMove(to: next), historyEffect: .moveForward)
        default:
            let next = try changed(by: intent)
            guard next != self else { return NavigationTransition(state: next, historyEffect: .none) }
            // A state over the limits could not be saved; refusing it here keeps every surface (a model, a session,
            // a deep link) from showing what the store would refuse.
            try NavigationLimits.check(next)
            return NavigationTransition(state: next, historyEffect: .record)
        }
    }

    /// A history entry as `back` and `forward` show it: its selections with the current column visibility,
    /// which is the user's layout choice and not part of where they were (as with ``NavigationIntent/open(_:)``).
    func shownOnMove(to entry: Self) -> Self {
        var shown = entry
        shown.visibility = visibility
        return shown
    }

    /// The state after a state intent (every intent but `back` and `forward`).
    private func changed(by intent: NavigationIntent<Route>) throws(NavigationError) -> Self {
        var next = self
        switch intent {
        case .selectSidebar(let route): try next.selectSidebar(route)
        case .clearSidebar: next = Self(visibility: visibility)
        case .selectContent(let route): try next.selectContent(route)
        case .showDetail(let route): try next.showDetail(route)
        case .push(let route): try next.push(route)
        case .pop:
            guard !next.stack.isEmpty else { throw .stackIsEmpty }
            next.stack.removeLast()
        case .popToRoot: next.stack.removeAll()
        case .popTo(let count):
            guard (0...next.stack.count).contains(count) else {
                throw .noStackEntry(index: count, depth: next.stack.count)
            }
            next.stack.removeLast(next.stack.count - count)
        case .setStack(let routes): try next.setStack(routes)
        case .compactBack: try next.compactBack()
        case .setVisibility(let visibility): next.visibility = visibility
        case .setCompactColumn(let column):
            guard column != .content || layout == .threeColumns else {
                throw .noContentColumn(sidebar: sidebar?.path ?? "")
            }
            next.compactColumn = column
        case .open(let url): next = try DeepLink<Route>(url: url).state(visibility: visibility)
        case .back, .forward: break  // handled by applying(_:history:)
        }
        return next
    }

    /// A new sidebar route clears everything downstream; a two-column route becomes the detail root itself
    /// (settings and about skip the middle list). The current, marked route again pops the detail stack to its
    /// root; a two-column route that lost its mark to a toolbar's detail is shown again, like a new selection.
    private mutating func selectSidebar(_ route: Route) throws(NavigationError) {
        guard route.isSidebarItem else { throw .notASidebarItem(route: route.path) }
        if route == markedSidebarRoute {
            stack.removeAll()
            return
        }
        sidebar = route
        content = nil
        stack = []
        switch route.layout {
        case .twoColumns:
            detail = route
            compactColumn = .detail
        case .threeColumns:
            detail = nil
            compactColumn = .content
        }
    }

    /// A content selection becomes the detail root with an empty stack; `nil` clears the detail too.
    private mutating func selectContent(_ route: Route?) throws(NavigationError) {
        guard layout == .threeColumns else { throw .noContentColumn(sidebar: sidebar?.path ?? "") }
        guard let route else {
            content = nil
            detail = nil
            stack = []
            compactColumn = .content
            return
        }
        guard let sidebar else { throw .noSidebarSelection }
        guard sidebar.allowsContent(route) else { throw .notInSection(route: route.path, sidebar: sidebar.path) }
        content = route
        detail = route
        stack = []
        compactColumn = .detail
    }

    /// A detail from outside the lists (a toolbar button): the content selection stays only when
    /// it is the same route, and the compact column moves to the detail so a collapsed view shows it. The
    /// sidebar route stays, so the layout does not change; a two-column sidebar route loses its mark
    /// (``markedSidebarRoute``) unless the detail is that route.
    private mutating func showDetail(_ route: Route) throws(NavigationError) {
        guard route.isDetail else { throw .notADetail(route: route.path) }
        if content != route { content = nil }
        detail = route
        stack = []
        compactColumn = .detail
    }

    private mutating func push(_ route: Route) throws(NavigationError) {
        if let top = topOfDetail {
            guard top.allowsPush(route) else { throw .cannotPush(route: route.path, onto: top.path) }
            stack.append(route)
        } else {
            guard route.isDetail else { throw .notADetail(route: route.path) }
            detail = route
        }
        compactColumn = .detail
    }

    private mutating func setStack(_ routes: [Route]) throws(NavigationError) {
        guard !routes.isEmpty else {
            stack = []
            return
        }
        guard let detail else { throw .noDetailRoot }
        for (below, above) in zip([detail] + routes, routes) where !below.allowsPush(above) {
            throw .cannotPush(route: above.path, onto: below.path)
        }
        stack = routes
        compactColumn = .detail
    }

    /// The collapsed back button, which acts on the column shown (the compact column): on the detail it pops when
    /// something is pushed, else it clears the deepest selection and moves one column to the left, as a collapsed
    /// `NavigationSplitView` does with its list selections. A stack kept under another column is not on screen, so
    /// it is cleared with the selections, never popped unseen.
    private mutating func compactBack() throws(NavigationError) {
        switch (compactColumn, layout) {
        case (.detail, _) where !stack.isEmpty:
            stack.removeLast()
        case (.detail, .threeColumns):
            content = nil
            detail = nil
            compactColumn = .content
        case (.detail, .twoColumns), (.content, _):
            self = Self(visibility: visibility)
        case (.sidebar, _):
            throw .alreadyAtSidebar
        }
    }
}

extension SplitViewState {
    /// The empty state with `visibility` kept: nothing selected, the sidebar on top.
    init(visibility: ColumnVisibility) {
        self.init(unchecked: nil, content: nil, detail: nil, stack: [], visibility: visibility, compactColumn: .sidebar)
    }
}
