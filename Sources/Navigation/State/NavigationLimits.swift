/// How large the navigation state a store keeps may be: the one home of its limits.
///
/// Every saved state is read back on every restore, every history move and every `GET` of a scene, and a server
/// keeps one per user and scene (and up to a history's worth of each), so none may grow without a bound. A name of
/// a user, a scene or a session is at most ``nameCharacters`` characters (``NavigationName`` checks it); a route's
/// stable string form at most ``routeBytes`` bytes of UTF-8; a whole state, as stored, at most ``stateBytes``.
///
/// An intent, a deep link or a replaced state that would go over a limit is refused
/// (``NavigationError/routeTooLong(route:bytes:)``, ``NavigationError/stateTooLarge(bytes:)``) and changes nothing; a
/// stored state over a limit (saved by an older program) is repaired on restore like any other: a route over the
/// limit is dropped with what depends on it, and a state still over the limit loses the top of its detail stack.
///
/// ```swift
/// NavigationLimits.violation(in: state)  // nil, or the error that refuses it
/// ```
public enum NavigationLimits {
    /// The most characters (Unicode code points) a user, scene or session name may have: 64, so at most 256 bytes.
    public static let nameCharacters = 64

    /// The most bytes of UTF-8 a route's stable string form (``NavigationRoute/path``) may have: 2 KiB.
    public static let routeBytes = 2 * 1024

    /// The most bytes of UTF-8 a whole state may take as stored: 16 KiB. Three routes of ``routeBytes`` (sidebar,
    /// content, detail) always fit, so a state over it can always be brought under it by cutting its detail stack.
    public static let stateBytes = 16 * 1024

    /// The error that refuses `state`: its first route over ``routeBytes``, else the whole state over
    /// ``stateBytes``; `nil` when it fits.
    ///
    /// - Parameter state: a state about to be kept.
    /// - Returns: ``NavigationError/routeTooLong(route:bytes:)``, ``NavigationError/stateTooLarge(bytes:)`` or `nil`.
    public static func violation<Route>(in state: SplitViewState<Route>) -> NavigationError? {
        for route in state.routes {
            let path = route.path
            if path.utf8.count > routeBytes { return .routeTooLong(route: excerpt(path), bytes: path.utf8.count) }
        }
        let bytes = StateFormat.encode(state).utf8.count
        return bytes > stateBytes ? .stateTooLarge(bytes: bytes) : nil
    }

    /// Throws ``violation(in:)``.
    static func check<Route>(_ state: SplitViewState<Route>) throws(NavigationError) {
        if let violation = violation(in: state) { throw violation }
    }

    /// `text` as a message or a repair report shows it: as it is up to ``routeBytes``, else its first 60 characters
    /// and an ellipsis (a refused route may be megabytes long).
    static func excerpt(_ text: String) -> String {
        text.utf8.count <= routeBytes ? text : String(text.prefix(60)) + "…"
    }
}
