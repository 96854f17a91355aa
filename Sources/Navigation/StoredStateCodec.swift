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
