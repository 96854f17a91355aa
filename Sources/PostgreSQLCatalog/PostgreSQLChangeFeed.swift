public import Catalog
public import CatalogSync
public import PostgreSQLDB

/// One row of the change log: the entity's latest change and its place in the feed.
public struct PostgreSQLChange: Sendable, Hashable, PostgreSQLRowDecodable {
    /// The position in the feed: a later change of the same entity moves it to a higher one.
    public let seq: Int64
    public let entityKind: EntityKind
    /// The entity's public identity.
    public let uuid: String
    /// A client treats `insert` and `update` alike (it reads the entity's current payload); `delete` is its
    /// tombstone, `merge` a tombstone that says where the entity went.
    public let operation: ChangeOperation
    /// When the change was made, ISO-8601 UTC text with milliseconds.
    public let changedAt: String
    /// For a `merge`, the uuid of the entity it was merged into.
    public let mergedInto: String?

    public init(row: PostgreSQLRow) throws {
        seq = try row.value(at: 0)
        let kind: String = try row.value(at: 1)
        let operation: String = try row.value(at: 3)
        guard let entityKind = EntityKind(rawValue: kind), let parsed = ChangeOperation(rawValue: operation) else {
            throw PostgreSQLError(
                kind: .decoding, message: "change_log row \(seq) has kind \(kind) and operation \(operation)")
        }
        self.entityKind = entityKind
        uuid = try row.value(at: 2)
        changedAt = try row.value(at: 4)
        mergedInto = row.text(at: 5)
        // A tombstone that names the entity it was merged into is a merge, as SQLite's feed reads it.
        self.operation = parsed == .delete && mergedInto != nil ? .merge : parsed
    }
}

/// The change feed of a catalog on PostgreSQL (see `Migrations/PostgreSQLCatalog/0001_catalog.sql`): the changes after a
/// sequence with each entity's current payload, in the JSON lines SQLite's feed writes, so a client syncs from
/// either alike.
///
/// A reader asks for what came after the last seq it applied. Reading `seq > cursor` is safe with concurrent
/// writers because of how the log is written, not because of anything the reader does: every writer takes a
/// transaction-scoped advisory lock before it takes a seq and keeps it until it commits, so no seq can become
/// visible below one a reader has already seen. (A seq is taken before commit; without the lock a reader could
/// see 42 committed while 41 is still in flight, move its cursor to 42, and never see 41.)
///
/// ```swift
/// let feed = PostgreSQLChangeFeed(try PostgreSQLConnection(uri: "postgres://catalog@db.example.org/catalog"))
/// try feed.writeJSONLines(since: 0) { print($0, terminator: "") }
/// ```
public struct PostgreSQLChangeFeed: ChangeSource {
    /// The connection the feed reads on; a feed reads one snapshot per call (repeatable read).
    public let connection: PostgreSQLConnection

    /// A feed over `connection`.
    public init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    /// The log rows after `cursor` and up to `until` (the end of the log when `nil`) in order of seq, at most
    /// `limit`, without payloads.
    public static func changes(
        on connection: PostgreSQLConnection, since cursor: Int64, limit: Int, until: Int64? = nil
    ) throws -> [PostgreSQLChange] {
        try connection.fetchAll(
            PostgreSQLChange.self,
            """
            SELECT seq, entity_kind, uuid, operation, changed_at, merged_into FROM change_log
            WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3
            """,
            [cursor, until ?? Int64.max, limit])
    }

    /// The highest seq committed, 0 for an empty log: a client that applied up to it is up to date.
    public static func latestSeq(on connection: PostgreSQLConnection) throws -> Int64 {
        try connection.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM change_log") ?? 0
    }

    /// This database's identity as a change source.
    public func databaseUUID() throws -> String {
        try connection.fetchOne(String.self, "SELECT database_uuid FROM change_log_state WHERE id = 1") ?? ""
    }

    /// Changes before this sequence were pruned (0 when none were).
    public func prunedBefore() throws -> Int64 {
        try connection.fetchOne(Int64.self, "SELECT pruned_before FROM change_log_state WHERE id = 1") ?? 0
    }

    /// Same as ``changes(since:limit:until:)`` up to the end of the log.
    public func batch(after since: Int64, limit: Int) throws -> ChangeBatch {
        try changes(since: since, limit: limit)
    }

    /// Writes the changes after `since` (and up to `until`) as JSON lines, then the trailer line, all read in one
    /// snapshot: what SQLite's `ChangeFeed.writeJSONLines(since:limit:until:to:)` writes, in the same format.
    ///
    /// - Returns: the trailer.
    /// - Throws: what ``changes(since:limit:until:)`` throws; what `write` throws.
    @discardableResult
    public func writeJSONLines(
        since: Int64, limit: Int? = nil, until: Int64? = nil, to write: (String) throws -> Void
    ) throws -> ChangeBatch.Trailer {
        try reading { _ in
            try ChangeBatch.writeJSONLines(since: since, limit: limit, to: write) { position, count in
                try changes(since: position, limit: count, until: until)
            }
        }
    }

    /// The changes after `since` and up to `until` (the end of the log when `nil`), oldest first, at most `limit`,
    /// each with its entity's current payload, read in one snapshot.
    ///
    /// - Throws: `SyncError.behindPrunedHorizon` when changes after `since` were pruned; `PostgreSQLError`.
    public func changes(since: Int64, limit: Int, until: Int64? = nil) throws -> ChangeBatch {
        try reading { _ in
            let prunedBefore = try prunedBefore()
            guard since >= prunedBefore - 1 else {
                throw SyncError.behindPrunedHorizon(since: since, prunedBefore: prunedBefore)
            }
            let limit = max(1, limit)
            var rows = try Self.changes(on: connection, since: since, limit: limit + 1, until: until)
            let hasMore = rows.count > limit
            if hasMore { rows.removeLast() }
            let changes = try rows.map { row in
                Change(
                    sequence: row.seq, kind: row.entityKind, uuid: row.uuid,
                    operation: row.operation, changedAt: row.changedAt,
                    entity: try EntityPayload.read(row.entityKind.table, uuid: row.uuid, on: connection),
                    mergedInto: row.mergedInto)
            }
            // The highest seq visible here: the advisory lock keeps every seq still in flight above it.
            let end = until ?? Int64.max
            let last = hasMore ? rows.last?.seq ?? since : max(since, min(end, try Self.latestSeq(on: connection)))
            return ChangeBatch(
                since: since, changes: changes, lastSequence: last, hasMore: hasMore,
                databaseUUID: try databaseUUID(), prunedBefore: prunedBefore)
        }
    }

    /// The current payload of the entity; `deleted` when the log holds its tombstone; `unknown` when the database
    /// never had it.
    public func lookup(_ kind: EntityKind, uuid: String) throws -> EntityLookup {
        try reading { _ in
            if let payload = try EntityPayload.read(kind.table, uuid: uuid, on: connection) {
                return .current(payload)
            }
            let tombstone = try connection.fetchOne(
                Int.self, "SELECT 1 FROM change_log WHERE entity_kind = $1 AND uuid = $2 AND operation = 'delete'",
                [kind.rawValue, uuid])
            return tombstone == nil ? .unknown : .deleted
        }
    }

    /// Deletes the change rows before `sequence` and records the horizon, as SQLite's feed does: a client that has
    /// not applied everything up to `sequence - 1` is told to take a fresh snapshot.
    ///
    /// - Returns: the number of rows deleted.
    /// - Throws: `SyncError.invalidPrunePoint` when `sequence` is beyond the end of the log.
    @discardableResult
    public func prune(before sequence: Int64) throws -> Int {
        try connection.transaction {
            let highWater = try Self.latestSeq(on: connection)
            guard sequence <= highWater + 1 else { throw SyncError.invalidPrunePoint(sequence, highWater: highWater) }
            let deleted = try connection.fetchOne(
                Int.self, "WITH gone AS (DELETE FROM change_log WHERE seq < $1 RETURNING 1) SELECT count(*) FROM gone",
                [sequence])
            try connection.execute(
                "UPDATE change_log_state SET pruned_before = greatest(pruned_before, $1) WHERE id = 1", [sequence])
            return deleted ?? 0
        }
    }

    /// Runs `body` in one read-only repeatable-read transaction, so every batch it reads agrees with the others.
    public func reading<T>(_ body: (any ChangeSource) throws -> T) throws -> T {
        try connection.transaction(isolation: .repeatableRead, readOnly: true) { try body(self) }
    }
}
