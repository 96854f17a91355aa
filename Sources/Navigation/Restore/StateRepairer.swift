/// Turns a stored state into a valid one: structural check, reference check, then repair.
///
/// Upstream first, because a change upstream invalidates everything downstream: an invalid sidebar
/// clears everything; an invalid content selection (or one the sidebar route no longer lists) clears
/// content, detail and stack; an invalid detail root clears the stack; the stack is cut at its first
/// invalid entry, or the first one the entry below no longer links to (later entries only made sense
/// after it). A route over ``NavigationLimits/routeBytes`` is dropped like one that names nothing, and a state still
/// over ``NavigationLimits/stateBytes`` loses the top of its detail stack. Each repair names every stored route it
/// dropped (the beginning of one over the limits).
struct StateRepairer<Route: NavigationRoute> {
    let validator: any RouteValidator<Route>

    /// The restored state and the repairs made, for a stored text in `format`.
    func restore(_ text: String, format: Int) -> (SplitViewState<Route>, RepairReport) {
        switch StateFormat.decode(text, format: format, as: Route.self) {
        case .failed(let reason):
            let repair = Repair(element: .state, storedValue: String(text.prefix(200)), reason: reason, removed: [])
            return (SplitViewState(), RepairReport(repairs: [repair]))
        case .decoded(let stored):
            var run = Run(validator: validator)
            let state = run.fitted(run.repair(stored), storedBytes: text.utf8.count)
            return (state, RepairReport(repairs: run.repairs, migratedFromFormat: stored.migratedFrom))
        }
    }

    /// One repair pass: collects the repairs and remembers a failing validator.
    private struct Run {
        let validator: any RouteValidator<Route>
        var repairs: [Repair] = []
        var validatorFailure: String?

        mutating func repair(_ stored: StoredState<Route>) -> SplitViewState<Route> {
            let routes = repairRoutes(stored)
            var state = SplitViewState<Route>(
                unchecked: routes.sidebar, content: routes.content, detail: routes.detail, stack: routes.stack,
                visibility: .automatic, compactColumn: .sidebar)
            switch stored.visibility {
            case .value(let visibility): state.visibility = visibility
            case .invalid(let text):
                repairs.append(
                    Repair(
                        element: .visibility, storedValue: NavigationLimits.excerpt(text), reason: .undecodable,
                        removed: []))
            case nil: break
            }
            state.compactColumn = compactColumn(stored.compactColumn, for: state, routesRepaired: !repairs.isEmpty)
            if let validatorFailure {
                repairs.append(
                    Repair(element: .state, storedValue: nil, reason: .validatorFailed(validatorFailure), removed: []))
            }
            if let violation = state.firstViolation() {
                // Unreachable when the steps above are right; an unusable state must still never block a launch.
                repairs.append(Repair(element: .state, storedValue: violation, reason: .notAllowed, removed: []))
                return SplitViewState()
            }
            return state
        }

        private mutating func repairRoutes(
            _ stored: StoredState<Route>
        ) -> (sidebar: Route?, content: Route?, detail: Route?, stack: [Route]) {
            let stackTexts = stored.stack.map(Self.shown)
            let detailTexts = (stored.detail.map { [Self.shown($0)] } ?? []) + stackTexts
            let contentTexts = (stored.content.map { [Self.shown($0)] } ?? []) + detailTexts
            var sidebar: Route?
            if let element = stored.sidebar {
                let allTexts = [Self.shown(element)] + contentTexts
                guard let route = check(element, .sidebar, removing: allTexts, allowed: \.isSidebarItem) else {
                    return (nil, nil, nil, [])
                }
                sidebar = route
            }
            var content: Route?
            if let element = stored.content {
                let allowed = { (route: Route) in
                    sidebar.map { $0.layout == .threeColumns && $0.allowsContent(route) } ?? false
                }
                guard
                    let route = check(
                        element, .content, removing: contentTexts, allowed: allowed, linkedFrom: sidebar)
                else {
                    return (sidebar, nil, nil, [])
                }
                content = route
            }
            let detail: Route?
            if let content {
                // The detail root of a content selection is the selection itself (itself merged into another when
                // the selection was).
                if case .value(let route) = stored.detail, route == content || route == stored.content?.value {
                    detail = content
                } else {
                    let text = stored.detail.map(Self.shown)
                    repairs.append(
                        Repair(element: .detail, storedValue: text, reason: .notAllowed, removed: detailTexts))
                    return (sidebar, content, content, [])
                }
            } else if let element = stored.detail {
                guard let route = check(element, .detail, removing: detailTexts, allowed: \.isDetail) else {
                    return (sidebar, nil, nil, [])
                }
                detail = route
            } else {
                detail = nil
            }
            return (sidebar, content, detail, repairStack(stored.stack, on: detail))
        }

        private mutating func repairStack(_ stored: [StoredElement<Route>], on detail: Route?) -> [Route] {
            var stack: [Route] = []
            guard var below = detail else {
                if !stored.isEmpty {
                    let texts = stored.map(Self.shown)
                    repairs.append(
                        Repair(element: .stack(index: 0), storedValue: texts.first, reason: .notAllowed, removed: texts)
                    )
                }
                return []
            }
            for (index, element) in stored.enumerated() {
                let rest = stored[index...].map(Self.shown)
                guard
                    let route = check(
                        element, .stack(index: index), removing: rest, allowed: below.allowsPush, linkedFrom: below)
                else { break }
                stack.append(route)
                below = route
            }
            return stack
        }

        /// The route when it decodes, may appear there, exists and (with an origin) is listed by `origin`;
        /// else records a repair and returns `nil`.
        private mutating func check(
            _ element: StoredElement<Route>, _ position: Repair.Element, removing removed: [String],
            allowed: (Route) -> Bool, linkedFrom origin: Route? = nil
        ) -> Route? {
            let reason: Repair.Reason
            let bytes = element.text(\.path).utf8.count
            switch element {
            case _ where bytes > NavigationLimits.routeBytes:
                reason = .routeTooLong(bytes: bytes)
            case .invalid:
                reason = .undecodable
            case .value(let stored):
                guard allowed(stored) else {
                    reason = .notAllowed
                    break
                }
                var route = stored
                var exists = true
                switch standing(of: stored) {
                case .exists:
                    break
                case .missing:
                    exists = false
                case .merged(let successor, let survivorExists):
                    repairs.append(
                        Repair(
                            element: position, storedValue: route.path, reason: .mergedInto(successor: successor.path),
                            removed: []))
                    route = successor
                    exists = survivorExists
                }
                if !allowed(route) {
                    reason = .notAllowed
                } else if !exists {
                    reason = .notFound
                } else if let origin, !isLinked(route, from: origin) {
                    reason = .notLinked(from: origin.path)
                } else {
                    return route
                }
            }
            var seen: Set<String> = []
            let distinct = removed.filter { seen.insert($0).inserted }
            repairs.append(Repair(element: position, storedValue: removed.first, reason: reason, removed: distinct))
            return nil
        }

        /// Whether `route` exists, or where it went; once the validator has failed, it exists (routes kept
        /// unchecked).
        private mutating func standing(of route: Route) -> RouteStanding<Route> {
            guard validatorFailure == nil else { return .exists }
            do {
                return try validator.standing(of: route)
            } catch {
                validatorFailure = "\(error)"
                return .exists
            }
        }

        private mutating func isLinked(_ route: Route, from origin: Route) -> Bool {
            let validator = validator
            return ask { try validator.isLinked(route, from: origin) }
        }

        /// The validator's answer; once it has failed, every answer is `true` (routes kept unchecked).
        private mutating func ask(_ question: () throws -> Bool) -> Bool {
            guard validatorFailure == nil else { return true }
            do {
                return try question()
            } catch {
                validatorFailure = "\(error)"
                return true
            }
        }

        /// A stored route as a repair names it: the beginning of one over the limit.
        private static func shown(_ element: StoredElement<Route>) -> String {
            NavigationLimits.excerpt(element.text(\.path))
        }

        /// `state` (repaired, each route within its limit) within ``NavigationLimits/stateBytes``: as it is when it
        /// fits, else with the longest bottom part of its detail stack that fits. A stored text of `storedBytes` over
        /// the limit that needed no repair else (parts this program does not read made it large) gets a repair too, so
        /// the state is stored again without them.
        mutating func fitted(_ state: SplitViewState<Route>, storedBytes: Int) -> SplitViewState<Route> {
            let limit = NavigationLimits.stateBytes
            let size = { (stack: ArraySlice<Route>) -> Int in
                var part = state
                part.stack = Array(stack)
                return StateFormat.encode(part).utf8.count
            }
            let bytes = size(state.stack[...])
            guard bytes > limit else {
                if storedBytes > limit, repairs.isEmpty {
                    repairs.append(
                        Repair(
                            element: .state, storedValue: nil, reason: .stateTooLarge(bytes: storedBytes), removed: []))
                }
                return state
            }
            guard size([]) <= limit else {
                // Only routes whose escaped text is far longer than their own (control characters) get here.
                repairs.append(
                    Repair(
                        element: .state, storedValue: nil, reason: .stateTooLarge(bytes: bytes),
                        removed: state.routes.map { NavigationLimits.excerpt($0.path) }))
                return SplitViewState()
            }
            // The bottom `fits` entries fit and the bottom `over` do not: halve the gap.
            var (fits, over) = (0, state.stack.count)
            while over - fits > 1 {
                let middle = (fits + over) / 2
                if size(state.stack.prefix(middle)) <= limit { fits = middle } else { over = middle }
            }
            var fitted = state
            fitted.stack = Array(state.stack.prefix(fits))
            let removed = state.stack[fits...].map { NavigationLimits.excerpt($0.path) }
            repairs.append(
                Repair(
                    element: .stack(index: fits), storedValue: removed.first, reason: .stateTooLarge(bytes: bytes),
                    removed: removed))
            return fitted
        }

        /// The stored compact column when it still makes sense, else the deepest column with a selection.
        private mutating func compactColumn(
            _ stored: StoredElement<CompactColumn>?, for state: SplitViewState<Route>, routesRepaired: Bool
        ) -> CompactColumn {
            let derived: CompactColumn =
                state.detail != nil
                ? .detail : (state.sidebar != nil && state.layout == .threeColumns ? .content : .sidebar)
            switch stored {
            case .value(let column):
                if column == .content && state.layout == .twoColumns {
                    repairs.append(
                        Repair(element: .compactColumn, storedValue: column.rawValue, reason: .notAllowed, removed: []))
                    return derived
                }
                return routesRepaired ? derived : column
            case .invalid(let text):
                repairs.append(
                    Repair(
                        element: .compactColumn, storedValue: NavigationLimits.excerpt(text), reason: .undecodable,
                        removed: []))
                return derived
            case nil:
                return derived
            }
        }
    }
}
