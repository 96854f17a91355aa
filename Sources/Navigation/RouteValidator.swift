/// Says whether the entity a route refers to still exists: the reference check of a restore.
///
/// The app injects it into ``NavigationStore``; a catalog-backed one answers `book/<uuid>` by looking the
/// book up. Sections (routes without an entity) simply exist.
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

    /// A validator calling `check`.
    ///
    /// - Parameter check: returns whether a route still exists.
    public init(_ check: @escaping (Route) throws -> Bool) {
        self.check = check
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
}
