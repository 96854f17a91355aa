public import PostgreSQLDB

/// One row of the change log: the entity's latest change and its place in the feed.
public struct PostgreSQLChange: Sendable, Hashable, PostgreSQLRowDecodable {
    /// The entity's kinds, as the log names them.
    public enum EntityKind: String, Sendable, Hashable, CaseIterable {
        case book, author, genre, band
    }

    /// The entity's change, as the log names it. A client treats `insert` and `update` alike (read the entity's
    /// current payload); `delete` is its tombstone.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        case insert, update, delete
    }

    /// The position in the feed: a later change of the same entity moves it to a higher one.
    public let seq: Int64
    public let entityKind: EntityKind
    /// The entity's public identity.
    public let uuid: String
    public let operation: Operation
    /// When the change was made, ISO-8601 UTC text with milliseconds.
    public let changedAt: String

    public init(row: PostgreSQLRow) throws {
        seq = try row.value(at: 0)
        let kind: String = try row.value(at: 1)
        let operation: String = try row.value(at: 3)
        guard let entityKind = EntityKind(rawValue: kind), let parsed = Operation(rawValue: operation) else {
            throw PostgreSQLError(
                kind: .decoding, message: "change_log row \(seq) has kind \(kind) and operation \(operation)")
        }
        self.entityKind = entityKind
        uuid = try row.value(at: 2)
        self.operation = parsed
        changedAt = try row.value(at: 4)
    }
}

/// Reads the change log of a catalog on PostgreSQL (see `Migrations/PostgreSQL/0001_catalog.sql`).
///
/// A reader asks for what came after the last seq it applied. Reading `seq > cursor` is safe with concurrent
/// writers because of how the log is written, not because of anything the reader does: every writer takes a
/// transaction-scoped advisory lock before it takes a seq and keeps it until it commits, so no seq can become
/// visible below one a reader has already seen. (A seq is taken before commit; without the lock a reader could
/// see 42 committed while 41 is still in flight, move its cursor to 42, and never see 41.)
///
/// ```swift
/// var cursor: Int64 = 0
/// for change in try PostgreSQLChangeFeed.changes(on: connection, since: cursor, limit: 500) {
///     apply(change)
///     cursor = change.seq
/// }
/// ```
public enum PostgreSQLChangeFeed {
    /// The changes after `cursor` in order of seq, at most `limit`.
    public static func changes(
        on connection: PostgreSQLConnection, since cursor: Int64, limit: Int
    ) throws -> [PostgreSQLChange] {
        try connection.fetchAll(
            PostgreSQLChange.self,
            """
            SELECT seq, entity_kind, uuid, operation, changed_at FROM change_log
            WHERE seq > $1 ORDER BY seq LIMIT $2
            """,
            [cursor, limit])
    }

    /// The highest seq committed, 0 for an empty log: a client that applied up to it is up to date.
    public static func latestSeq(on connection: PostgreSQLConnection) throws -> Int64 {
        try connection.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM change_log") ?? 0
    }
}
