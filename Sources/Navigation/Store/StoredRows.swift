import SQLInterface

/// `nav_scenes` read for a restore: `format` -1 and `state` empty stand for a column that is not what it should be
/// (corrupt data, repaired like an unknown format).
package struct SceneRow: Sendable {
    package let id: Int64
    package let scene: String
    package let format: Int
    package let state: String
    package let first: Int64
    package let cursor: Int64
    package let last: Int64

    var position: HistoryPosition { HistoryPosition(index: Int(cursor - first), count: Int(last - first + 1)) }

    /// The row's revision, as the scene's own row (`own`) or as the row a scene without one starts from; with
    /// `state` in the current format in place of the stored text when a repair was written back.
    func revision(own: Bool, writtenBack state: String? = nil) -> SceneRevision {
        SceneRevision(
            own: own, scene: scene, format: state == nil ? format : StateFormat.current, state: state ?? self.state,
            first: first, cursor: cursor, last: last)
    }
}

/// The history window of a scene row: positions `first...last` in `nav_history`, the current one at `cursor`.
package struct SceneWindow: Sendable {
    package let id: Int64
    package let first: Int64
    package let cursor: Int64
    package let last: Int64
}

/// A stored state: format version and text.
package struct StoredText: Sendable {
    package let format: Int
    package let state: String

    /// A stored state as read: `format` -1 and `state` empty stand for a corrupt column.
    package init(format: Int, state: String) {
        self.format = format
        self.state = state
    }

    /// `state` in the current format.
    init<Route>(_ state: SplitViewState<Route>) {
        self.init(format: StateFormat.current, state: StateFormat.encode(state))
    }
}

extension SceneRow {
    /// `id, scene, format, state, history_first, history_cursor, history_last` of `nav_scenes`.
    init(columns row: some SQLColumns) throws {
        // A non-integer format or a non-text state is corrupt data, repaired like an unknown format.
        self.init(
            id: try row.required(row.int64(at: 0), at: 0), scene: try row.required(row.string(at: 1), at: 1),
            format: row.int(at: 2) ?? -1, state: row.string(at: 3) ?? "",
            first: try row.required(row.int64(at: 4), at: 4),
            cursor: try row.required(row.int64(at: 5), at: 5), last: try row.required(row.int64(at: 6), at: 6))
    }
}

extension SceneWindow {
    /// `id, history_first, history_cursor, history_last` of `nav_scenes`.
    init(columns row: some SQLColumns) throws {
        self.init(
            id: try row.required(row.int64(at: 0), at: 0), first: try row.required(row.int64(at: 1), at: 1),
            cursor: try row.required(row.int64(at: 2), at: 2), last: try row.required(row.int64(at: 3), at: 3))
    }
}

extension StoredText {
    /// `format, state` of a row; a corrupt column reads as format -1 or an empty state.
    init(columns row: some SQLColumns) {
        self.init(format: row.int(at: 0) ?? -1, state: row.string(at: 1) ?? "")
    }
}
