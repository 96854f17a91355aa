/// The stored text form of a state, exactly as ``NavigationStore`` writes and restores `nav_scenes`,
/// `nav_history` and `nav_sessions` rows: for fuzzing and tests, not for apps.
///
/// `restore` is the real decode → structural check → reference check → repair path; any text in any
/// format must come back as a valid state and a report, never a crash.
package enum StoredStateCodec {
    /// The format version this program writes.
    package static var currentFormat: Int { StateFormat.current }

    /// The stored text of `state` in the current format.
    ///
    /// - Parameter state: the state to store.
    /// - Returns: the text a save writes.
    package static func encode<Route>(_ state: SplitViewState<Route>) -> String {
        StateFormat.encode(state)
    }

    /// Why a state given as stored text (a client's whole state) may not be stored: a route or the whole over
    /// ``NavigationLimits``. Asked before the text is restored, which would cut it down to the limits.
    ///
    /// - Parameters:
    ///   - text: a state in the current format.
    ///   - route: the route type its routes are read as.
    /// - Returns: ``NavigationError/routeTooLong(route:bytes:)``, ``NavigationError/stateTooLarge(bytes:)`` or `nil`.
    package static func limitViolation<Route: NavigationRoute>(
        in text: String, as route: Route.Type
    ) -> NavigationError? {
        StateFormat.limitViolation(inText: text, as: route)
    }

    /// Restores a stored text as the store does: decodes it in `format`, checks and repairs it.
    ///
    /// - Parameters:
    ///   - text: the `state` column of a stored row.
    ///   - format: the `format` column of the row.
    ///   - validator: the reference check.
    /// - Returns: the valid state and the repairs made.
    package static func restore<Route>(
        _ text: String, format: Int, validator: any RouteValidator<Route>
    ) -> (state: SplitViewState<Route>, report: RepairReport) {
        StateRepairer(validator: validator).restore(text, format: format)
    }
}
