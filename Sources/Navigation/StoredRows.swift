import Foundation
import SQLiteDB

/// `nav_scenes` read for a restore.
struct SceneRow: RowDecodable {
    static let select = "SELECT id, scene, format, state, history_first, history_cursor, history_last FROM nav_scenes"

    let id: Int64
    let scene: String
    let format: Int
    let state: String
    let first: Int64
    let cursor: Int64
    let last: Int64

    init(row: Row) throws {
        id = try row.value(at: 0)
        scene = try row.value(at: 1)
        // A non-integer format or a non-text state is corrupt data, repaired like an unknown format.
        format = row[2] ?? -1
        state = row[3] ?? ""
        first = try row.value(at: 4)
        cursor = try row.value(at: 5)
        last = try row.value(at: 6)
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

/// The history window of a scene row.
struct SceneWindow: RowDecodable {
    let id: Int64
    let first: Int64
    let cursor: Int64
    let last: Int64

    init(id: Int64, first: Int64, cursor: Int64, last: Int64) {
        self.id = id
        self.first = first
        self.cursor = cursor
        self.last = last
    }

    init(row: Row) throws {
        id = try row.value(at: 0)
        first = try row.value(at: 1)
        cursor = try row.value(at: 2)
        last = try row.value(at: 3)
    }
}

/// A stored state: format version and text.
struct StoredText: RowDecodable {
    let format: Int
    let state: String

    init(row: Row) throws {
        format = row[0] ?? -1
        state = row[1] ?? ""
    }
}

/// `scene, updated_at` of `nav_scenes`.
struct SceneSummaryRow: RowDecodable {
    let summary: SceneSummary

    init(row: Row) throws {
        summary = SceneSummary(name: try row.value(at: 0), updatedAt: try row.value(at: 1))
    }
}

/// `name, created_at, updated_at` of `nav_sessions`.
struct SavedSessionRow: RowDecodable {
    let session: SavedSession

    init(row: Row) throws {
        session = SavedSession(
            name: try row.value(at: 0), createdAt: try row.value(at: 1), updatedAt: try row.value(at: 2))
    }
}
