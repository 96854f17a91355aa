/// `nav_scenes` read for a restore.
package struct SceneRow: Sendable {
    package let id: Int64
    package let scene: String
    package let format: Int
    package let state: String
    package let first: Int64
    package let cursor: Int64
    package let last: Int64

    /// A row as read: `format` -1 and `state` empty stand for a column that is not what it should be (corrupt data,
    /// repaired like an unknown format).
    package init(id: Int64, scene: String, format: Int, state: String, first: Int64, cursor: Int64, last: Int64) {
        self.id = id
        self.scene = scene
        self.format = format
        self.state = state
        self.first = first
        self.cursor = cursor
        self.last = last
    }

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

    package init(id: Int64, first: Int64, cursor: Int64, last: Int64) {
        self.id = id
        self.first = first
        self.cursor = cursor
        self.last = last
    }
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
