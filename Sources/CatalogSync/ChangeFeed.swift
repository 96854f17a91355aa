public import Catalog
public import SQLiteDB

/// The change feed of a catalog database: what changed since a sequence, with each entity's current payload;
/// pruning of old rows; snapshots for new clients.
///
/// Reads run in one read transaction: in WAL mode they see one committed state and never block writers. The feed
/// takes any `DatabaseWriter`: a connection, or a `DatabasePool` whose readers serve many clients at once.
///
/// ```swift
/// let feed = ChangeFeed(try DatabaseSchema.openCatalog(path: "server.sqlite"))
/// var since: Int64 = 0
/// var batch: ChangeBatch
/// repeat {
///     batch = try feed.changes(since: since, limit: 500)
///     for change in batch.changes { print(change.operation, change.kind, change.uuid) }
///     since = batch.lastSequence
/// } while batch.hasMore
/// ```
public struct ChangeFeed: ChangeSource {
    /// The database, which must have the change log (migration 0003): a connection or a pool.
    public let database: any DatabaseWriter

    /// A feed over `database`.
    public init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `body` with a feed on one connection in one read transaction: every read it makes sees one state.
    func read<T>(_ body: (ChangeFeed) throws -> T) throws -> T {
        try database.read { db in try body(ChangeFeed(db)) }
    }

    /// The highest sequence the log ever gave out (0 for an empty log), whatever was pruned or moved since.
    public func highWater() throws -> Int64 {
        try database.read { db in try Self.highWater(of: db) }
    }

    static func highWater(of db: Database) throws -> Int64 {
        try LibraryCatalog(db).lastChangeSequence()
    }

    /// This database's identity as a change source.
    public func databaseUUID() throws -> String {
        try database.read { db in
            try db.fetchOne(String.self, "SELECT database_uuid FROM change_log_state WHERE id = 1") ?? ""
        }
    }

    /// Changes before this sequence were pruned (0 when none were).
    public func prunedBefore() throws -> Int64 {
        try database.read { db in
            try db.fetchOne(Int64.self, "SELECT pruned_before FROM change_log_state WHERE id = 1") ?? 0
        }
    }

    /// The changes after `since`, oldest first, each with its entity's current payload, read in one snapshot.
    ///
    /// - Parameters:
    ///   - since: the last sequence the caller has applied (0 for everything still in the log).
    ///   - limit: at most this many changes (at least 1).
    ///   - until: no change after this sequence (`nil`: up to the end of the log). A client reading a run of
    ///     batches in separate reads pins it to where the log ended when it started, so the run ends there
    ///     however busy the writers are.
    /// - Returns: the changes and the sequence to continue from.
    /// - Throws: ``SyncError/behindPrunedHorizon(since:prunedBefore:)`` when changes after `since` were
    ///   pruned; `DatabaseError` when the database fails.
    public func changes(since: Int64, limit: Int = 1000, until: Int64? = nil) throws -> ChangeBatch {
        try database.read { db in try Self.changes(since: since, limit: limit, until: until, in: db) }
    }

    /// ``changes(since:limit:until:)`` inside a read transaction of `db`.
    private static func changes(since: Int64, limit: Int, until: Int64?, in db: Database) throws -> ChangeBatch {
        let feed = ChangeFeed(db)  // its reads join the open transaction
        return try db.read { db in
            let prunedBefore = try feed.prunedBefore()
            guard since >= prunedBefore - 1 else {
                throw SyncError.behindPrunedHorizon(since: since, prunedBefore: prunedBefore)
            }
            let limit = max(1, limit)
            let end = until ?? Int64.max
            var rows = try db.fetchAll(LogRow.self, Self.selectRows, [since, end, limit + 1])
            let hasMore = rows.count > limit
            if hasMore { rows.removeLast() }
            var payloads: [String: EntityPayload?] = [:]
            let changes = try rows.map { row in
                let entity: EntityPayload?
                if let known = payloads[row.uuid] {
                    entity = known
                } else {
                    entity = try feed.payload(row.kind, uuid: row.uuid)
                    payloads[row.uuid] = entity
                }
                return Change(
                    sequence: row.sequence, kind: row.kind, uuid: row.uuid, operation: row.operation,
                    changedAt: row.changedAt, entity: entity, mergedInto: row.mergedInto)
            }
            let last = hasMore ? rows.last?.sequence ?? since : max(since, min(end, try feed.highWater()))
            return ChangeBatch(
                since: since, changes: changes, lastSequence: last, hasMore: hasMore,
                databaseUUID: try feed.databaseUUID(), prunedBefore: prunedBefore)
        }
    }

    /// Same as ``changes(since:limit:until:)`` up to the end of the log.
    public func batch(after sequence: Int64, limit: Int) throws -> ChangeBatch {
        try changes(since: sequence, limit: limit)
    }

    /// The current payload of the entity; ``EntityLookup/deleted`` when the log holds its deletion;
    /// ``EntityLookup/unknown`` when the database never had it (or its deletion was pruned).
    public func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        try database.read { db in
            if let payload = try EntityPayload.read(kind.table, uuid: uuid, in: db) { return .current(payload) }
            // Only a tombstone says the server deleted it: a uuid it never had is a local row it cannot explain,
            // and sync must not delete it for that.
            let tombstone = try db.fetchOne(
                Int.self,
                "SELECT 1 FROM change_log WHERE entity_kind = ? AND uuid = ? AND operation = 'delete' LIMIT 1",
                [kind.rawValue, uuid])
            return tombstone == nil ? .unknown : .deleted
        }
    }

    /// Runs `body` with a feed on one connection in one read transaction, so a whole sync reads one state of
    /// the server.
    public func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T {
        try read(body)
    }

    /// The current payload of the entity of `kind` with `uuid`, links by uuid; `nil` when it does not exist.
    public func payload(_ kind: EntityKind, uuid: String) throws -> EntityPayload? {
        try database.read { db in try EntityPayload.read(kind.table, uuid: uuid, in: db) }
    }

    /// Deletes the change rows before `sequence` and records the horizon: a client that has not applied
    /// everything up to `sequence - 1` is told to take a fresh snapshot.
    ///
    /// - Returns: the number of rows deleted.
    /// - Throws: ``SyncError/invalidPrunePoint(_:highWater:)`` when `sequence` is beyond the end of the log.
    @discardableResult
    public func prune(before sequence: Int64) throws -> Int {
        try database.write { db in
            let highWater = try Self.highWater(of: db)
            guard sequence <= highWater + 1 else { throw SyncError.invalidPrunePoint(sequence, highWater: highWater) }
            try db.execute("DELETE FROM change_log WHERE seq < ?", [sequence])
            let deleted = db.changes
            try db.execute(
                "UPDATE change_log_state SET pruned_before = max(pruned_before, ?) WHERE id = 1", [sequence])
            return deleted
        }
    }

    static let selectRows = """
        SELECT seq, entity_kind, uuid, operation, changed_at, merged_into FROM change_log WHERE seq > ? AND seq <= ?
        ORDER BY seq LIMIT ?
        """
}

/// One row of `change_log`: a tombstone that names the entity it was merged into is a merge.
struct LogRow: RowDecodable {
    let sequence: Int64
    let kind: EntityKind
    let uuid: String
    let operation: ChangeOperation
    let changedAt: String
    let mergedInto: String?

    init(row: Row) throws {
        sequence = try row.value(at: 0)
        let kindText: String = try row.value(at: 1)
        let operationText: String = try row.value(at: 3)
        guard let kind = EntityKind(rawValue: kindText), let operation = ChangeOperation(rawValue: operationText)
        else {
            throw CatalogError.invalidValue(
                field: "change_log", value: "\(kindText) \(operationText)", reason: "unknown kind or operation")
        }
        self.kind = kind
        uuid = try row.value(at: 2)
        changedAt = try row.value(at: 4)
        mergedInto = try row.value(at: 5)
        self.operation = operation == .delete && mergedInto != nil ? .merge : operation
    }
}
