/// Says whether the entity a route refers to still exists, and whether one route's screen links to another:
/// the reference checks of a restore and of every intent a ``NavigationSession`` applies.
///
/// The app injects it into ``NavigationStore``; a catalog-backed one answers `book/<uuid>` by looking the
/// book up, and "does this genre list this band?" by looking at the catalog's links. Sections (routes
/// without an entity) simply exist. ``NavigationRoute/allowsContent(_:)`` and
/// ``NavigationRoute/allowsPush(_:)`` say which kinds of route may follow which; the validator says whether
/// the data links these two.
///
/// ```swift
/// struct CatalogValidator: RouteValidator {
///     let catalog: LibraryCatalog
///     func exists(_ route: LibraryRoute) throws -> Bool {
///         switch route {
///         case .book(let uuid): try catalog.contains(.book, uuid: uuid)
///         default: true
///         }
///     }
/// }
/// ```
public protocol RouteValidator<Route> {
    /// The routes it checks.
    associatedtype Route: NavigationRoute

    /// Whether `route` still refers to something that exists.
    ///
    /// - Parameter route: a route read back from storage.
    /// - Returns: `false` when its entity was deleted.
    /// - Throws: when the check itself fails; the restore then keeps the routes and reports it.
    func exists(_ route: Route) throws -> Bool

    /// Whether `origin`'s screen lists `route`: an item of the content list of `origin` selected in the
    /// sidebar, or a link the detail of `origin` shows, which can be pushed above it.
    ///
    /// It is asked only for pairs the routes themselves allow (``NavigationRoute/allowsContent(_:)``,
    /// ``NavigationRoute/allowsPush(_:)``), both of which exist. The default answers `true`: a validator that
    /// knows no links checks only existence.
    ///
    /// - Parameters:
    ///   - route: the content selection or the pushed route.
    ///   - origin: the sidebar selection, or the stack entry below `route`.
    /// - Returns: `false` when the data does not link them (a band not in that genre).
    /// - Throws: when the check itself fails.
    func isLinked(_ route: Route, from origin: Route) throws -> Bool

    /// The route that took the place of `route`, whose entity no longer exists because it was merged into another
    /// (two records of one author made one): a restore shows the successor instead of dropping the route, and an
    /// intent that names `route` opens it. The default answers `nil`: nothing is ever merged.
    ///
    /// - Parameter route: a route whose entity does not exist.
    /// - Returns: the route of the entity it was merged into, or `nil`.
    /// - Throws: when the check itself fails.
    func successor(of route: Route) throws -> Route?

    /// Whether `route` still names something and, when it does not, whether its entity was merged into one that
    /// does: ``exists(_:)``, then ``successor(of:)`` and the successor's ``exists(_:)``, as one question, which a
    /// validator over a database answers in one read. The default asks them in turn.
    ///
    /// - Parameter route: a route read back from storage.
    /// - Returns: where the route leads now.
    /// - Throws: when the check itself fails.
    func standing(of route: Route) throws -> RouteStanding<Route>
}

/// Where a stored route leads now (``RouteValidator/standing(of:)``).
public enum RouteStanding<Route: NavigationRoute>: Hashable, Sendable {
    /// Its entity (or section) exists.
    case exists
    /// Its entity no longer exists, and was merged into `into`'s, which exists unless `survivorExists` says not.
    case merged(into: Route, survivorExists: Bool)
    /// Its entity no longer exists.
    case missing
}

extension RouteValidator {
    /// Every pair is linked: existence is all a validator without link knowledge checks.
    ///
    /// - Parameters:
    ///   - route: the content selection or the pushed route.
    ///   - origin: the route it follows.
    /// - Returns: `true`.
    public func isLinked(_ route: Route, from origin: Route) throws -> Bool { true }

    /// No route has a successor: a validator that knows no merges.
    ///
    /// - Parameter route: a route whose entity does not exist.
    /// - Returns: `nil`.
    public func successor(of route: Route) throws -> Route? { nil }

    /// ``exists(_:)``, then ``successor(of:)`` and the successor's ``exists(_:)``, asked in turn.
    ///
    /// - Parameter route: a route read back from storage.
    /// - Returns: where the route leads now.
    public func standing(of route: Route) throws -> RouteStanding<Route> {
        if try exists(route) { return .exists }
        guard let successor = try successor(of: route) else { return .missing }
        return .merged(into: successor, survivorExists: try exists(successor))
    }
}

/// A ``RouteValidator`` made of a closure.
///
/// ```swift
/// let validator = RouteValidation<LibraryRoute> { route in
///     guard let entity = route.entity else { return true }
///     return try catalog.contains(entity.kind, uuid: entity.uuid)
/// }
/// ```
public struct RouteValidation<Route: NavigationRoute>: RouteValidator {
    private let check: (Route) throws -> Bool
    private let link: (Route, Route) throws -> Bool
    private let follow: (Route) throws -> Route?

    /// A validator calling `check`, `link` for the links and `successor` for merged routes.
    ///
    /// - Parameters:
    ///   - check: returns whether a route still exists.
    ///   - link: returns whether the screen of its second argument lists its first; every pair by default.
    ///   - successor: returns the route a missing one was merged into; none by default.
    public init(
        _ check: @escaping (Route) throws -> Bool, link: @escaping (Route, Route) throws -> Bool = { _, _ in true },
        successor: @escaping (Route) throws -> Route? = { _ in nil }
    ) {
        self.check = check
        self.link = link
        self.follow = successor
    }

    /// A validator for which every route exists.
    public static var acceptingAll: Self { Self { _ in true } }

    /// Calls the closure.
    ///
    /// - Parameter route: a route read back from storage.
    /// - Returns: what the closure returns.
    /// - Throws: what the closure throws.
    public func exists(_ route: Route) throws -> Bool {
        try check(route)
    }

    /// Calls the link closure.
    ///
    /// - Parameters:
    ///   - route: the content selection or the pushed route.
    ///   - origin: the route it follows.
    /// - Returns: what the closure returns.
    /// - Throws: what the closure throws.
    public func isLinked(_ route: Route, from origin: Route) throws -> Bool {
        try link(route, origin)
    }

    /// Calls the successor closure.
    ///
    /// - Parameter route: a route whose entity does not exist.
    /// - Returns: what the closure returns.
    /// - Throws: what the closure throws.
    public func successor(of route: Route) throws -> Route? {
        try follow(route)
    }
}
