/// One link a state relies on: a content selection listed by the sidebar route, or a stack entry linked from
/// the route below it.
struct RouteLink<Route: NavigationRoute>: Hashable {
    enum Kind: Hashable {
        /// `route` is the content selection, an item of the list of `origin`, the sidebar selection.
        case item
        /// `route` is pushed on `origin`, whose detail links to it.
        case push
    }

    let route: Route
    let origin: Route
    let kind: Kind

    /// The refusal of an intent that brings in this link when the validator says the data has no such link.
    var refusal: NavigationError {
        switch kind {
        case .item: .notInSection(route: route.path, sidebar: origin.path)
        case .push: .notLinked(route: route.path, from: origin.path)
        }
    }
}
