import Catalog
import SQLiteDB

/// The hand edits an import transaction must keep, read once per transaction: which entities have any, and the
/// newest `edit_history` id, which each record the transaction writes with nothing kept is stamped with (its
/// `source_records.edits_seen`).
///
/// A field is "edited by hand since the last import of its record" when an update or merge of its entity that no
/// undo reverted, newer than the record's `edits_seen`, changed it. Ids, not times: they only grow, and an edit
/// committed before the transaction began is below the newest id it read, one committed after is above it (the
/// import's write transaction excludes other writers in between), so the rule needs no clock.
struct RecordedHandEdits {
    private let edits: HandEdits
    /// The newest `edit_history` id when the transaction began.
    private(set) var newestID: Int64 = 0
    /// Per kind, each entity with hand edits → its newest counted edit's id.
    private var newest: [EntityKind: [Int64: Int64]] = [:]

    /// The hand edits of the catalog in `db` as they are now.
    init(db: Database) throws {
        edits = HandEdits(db)
        try reload()
    }

    /// Reads them again: another connection may have edited since.
    mutating func reload() throws {
        newestID = try edits.newestID()
        newest = [:]
        for kind in [EntityKind.book, .author, .band] { newest[kind] = try edits.newestEdits(of: kind) }
    }

    /// Whether the entity was edited by hand after the edit `seen`: a lookup in memory.
    func hasEdits(_ kind: EntityKind, id: Int64, after seen: Int64) -> Bool {
        guard let edit = newest[kind]?[id] else { return false }
        return edit > seen
    }

    /// The fields and lists (`title`, `authors`) of the entity edited by hand after the edit `seen`.
    func fields(_ kind: EntityKind, id: Int64, after seen: Int64) throws -> Set<String> {
        guard hasEdits(kind, id: id, after: seen) else { return [] }
        return try edits.fields(of: kind, id: id, after: seen)
    }
}
