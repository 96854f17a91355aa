import Catalog
public import SQLiteDB

/// Brings a client copy (a file made by ``ChangeFeed/snapshot(to:emptying:)``) up to date with its server.
///
/// Each batch is applied in one transaction that also records the server sequence reached, so an interrupted
/// sync resumes where the last committed batch ended, and a batch applied twice changes nothing. Within a
/// batch, deletes go first, then entities (genres, authors, bands, books), then their links, so foreign keys
/// hold however the changes are ordered.
///
/// The client's own triggers log what sync writes, in the client's own sequence: a client can serve clients of
/// its own. `sync_state.local_seq` marks where those writes end, so writes made on the client outside sync are
/// detected and refused rather than merged.
///
/// ```swift
/// let client = try DatabaseSchema.openCatalog(path: "client.sqlite")
/// let server = try DatabaseSchema.openCatalog(path: "server.sqlite")
/// let report = try SyncClient(client).sync(from: ChangeFeed(server))
/// print(report.changesApplied, report.toSequence)
/// ```
public struct SyncClient {
    /// The client database: a connection or a pool.
    public let database: any DatabaseWriter

    /// A client over `database`.
    public init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Changes per transaction unless told otherwise. Each commit writes every page its batch changed to the log
    /// again, and changes land all over the indexes: 61,731 changes took 0.62× the time in batches of 10,000 as
    /// in batches of 1,000, for 11 MB more memory.
    public static let defaultBatchSize = 10_000

    /// The client's sync state, or `nil` for a database that was never snapshotted.
    public func state() throws -> SyncState? {
        try database.read { db in try Self.state(in: db) }
    }

    private static func state(in db: Database) throws -> SyncState? {
        try db.fetchOne(SyncState.self, SyncState.select)
    }

    /// Applies the changes of `source` after the client's last sequence, `batchSize` at a time.
    ///
    /// Each batch commits on its own, except when a client whose catalog holds no books and no bands has more than
    /// one batch to take (a fresh client catching up): then every batch goes in one transaction, the secondary
    /// indexes dropped meanwhile and built at the end and the foreign keys checked once before the commit, as an
    /// import into an empty catalog writes; a failure or a kill leaves the client as it was, and the next sync
    /// starts again.
    ///
    /// The sync keeps its statement journals in memory: it sets the connection's `temp_store` (and gives it back at
    /// the end), which drops the connection's temporary tables.
    ///
    /// - Parameters:
    ///   - source: the server's feed or a changes file.
    ///   - batchSize: changes per transaction (``defaultBatchSize`` unless given).
    ///   - maxBatches: stop after this many batches (`nil`: until the source has no more).
    /// - Returns: what was applied.
    /// - Throws: ``SyncError`` when the client was never snapshotted, follows another server, has local
    ///   writes, is behind the pruned horizon, or holds a conflicting row; nothing of the failing batch is
    ///   applied (earlier batches stay committed, and the next sync resumes after them, but for a catch-up).
    @discardableResult
    public func sync(from source: some ChangeSource, batchSize: Int = defaultBatchSize, maxBatches: Int? = nil) throws
        -> SyncReport
    {
        let start = try database.write { db in
            let state = try requireState(in: db)
            // Made again at every sync, so a copy made by an older version records every field this one knows.
            try UploadQueue.installTriggers(in: db)
            return state
        }
        let server = try source.databaseUUID()
        guard server == start.serverUUID else {
            throw SyncError.wrongServer(expected: start.serverUUID, found: server)
        }
        // Checked here too, not only per batch, so local writes are refused even when the server has nothing new.
        try database.read { db in try requireNothingLocal(state: start, in: db) }
        // Batches write all over the indexes: with SQLite's default 2 MiB cache they spill and re-read pages (the
        // sync benchmark took 9.5 s instead of 7.4 s). Statement journals stay in memory: on a file they took two
        // thirds of the writes of a fresh client catching up 200,000 books; a batch's temporary tables hold one
        // batch. A PRAGMA needs no transaction: setting the cache must not wait for another writer's lock.
        let (pageCache, tempStore) = try database.writeWithoutTransaction { db in
            let tempStore = try db.fetchOne(Int.self, "PRAGMA temp_store") ?? 0
            try db.keepStatementJournalsInMemory()
            return (try db.enlargePageCache(toAtLeast: 65_536), tempStore)
        }
        defer {
            _ = try? database.writeWithoutTransaction { db in
                try db.restorePageCache(pageCache)
                try db.execute("PRAGMA temp_store = \(tempStore)")
            }
        }
        return try source.reading { source in
            try refresh(from: source)
            var report = SyncReport(
                fromSequence: start.lastSequence, toSequence: start.lastSequence, changesApplied: 0, batches: 0,
                hasMore: false)
            guard let first = try nextBatch(from: source, for: &report, limit: batchSize, maxBatches: maxBatches)
            else { return report }
            func applyEach(_ apply: (ChangeBatch) throws -> Int) throws {
                var batch: ChangeBatch? = first
                while let next = batch {
                    record(try apply(next), of: next, in: &report)
                    batch = try nextBatch(from: source, for: &report, limit: batchSize, maxBatches: maxBatches)
                }
            }
            if first.hasMore, try database.read({ db in try db.catalogHoldsNoBooksOrBands() }) {
                try database.writeWithoutTransaction { db in
                    try DeferredSyncWrites.fillingAnEmptyCatalog(db) { writes in
                        try applyEach { batch in try write(batch, from: source, in: db, writes) }
                    }
                }
            } else {
                try applyEach { batch in try apply(batch, from: source) }
            }
            return report
        }
    }

    /// The batch after the report's sequence, or `nil` when there is none to apply: the last batch said it was
    /// the last, the source has nothing new, or `maxBatches` were applied (the report says whether there may be
    /// more).
    private func nextBatch(
        from source: some ChangeSource, for report: inout SyncReport, limit: Int, maxBatches: Int?
    ) throws -> ChangeBatch? {
        guard report.batches == 0 || report.hasMore else { return nil }
        if let maxBatches, report.batches >= maxBatches {
            report.hasMore = true
            return nil
        }
        let batch = try source.batch(after: report.toSequence, limit: limit)
        guard !batch.changes.isEmpty || batch.lastSequence > report.toSequence else {
            report.hasMore = false
            return nil
        }
        return batch
    }

    private func record(_ applied: Int, of batch: ChangeBatch, in report: inout SyncReport) {
        report.changesApplied += applied
        report.batches += 1
        report.toSequence = batch.lastSequence
        report.hasMore = batch.hasMore
    }

    /// Applies one batch in one transaction and records its last sequence; changes the client already has are
    /// skipped.
    ///
    /// - Parameters:
    ///   - batch: changes from `source`.
    ///   - source: asked about local rows that collide with incoming ones (same ISBN or genre name).
    /// - Returns: the number of changes applied.
    /// - Throws: what ``sync(from:batchSize:maxBatches:)`` throws; ``SyncError/gap(clientAt:changesSince:)``
    ///   when the batch starts after the client's sequence.
    @discardableResult
    public func apply(_ batch: ChangeBatch, from source: some ChangeSource) throws -> Int {
        try database.write { db in
            let writes = try DeferredSyncWrites(db: db, catchingUp: nil)
            let applied = try write(batch, from: source, in: db, writes)
            try writes.finish()
            return applied
        }
    }

    /// Writes one batch and records its last sequence inside the open transaction of `db`.
    private func write(
        _ batch: ChangeBatch, from source: some ChangeSource, in db: Database, _ writes: DeferredSyncWrites
    ) throws -> Int {
        let state = try requireState(in: db)
        guard batch.databaseUUID == state.serverUUID else {
            throw SyncError.wrongServer(expected: state.serverUUID, found: batch.databaseUUID)
        }
        try requireNothingLocal(state: state, in: db)
        guard batch.since <= state.lastSequence else {
            throw SyncError.gap(clientAt: state.lastSequence, changesSince: batch.since)
        }
        guard batch.lastSequence > state.lastSequence else { return 0 }
        let pending = batch.changes.filter { $0.sequence > state.lastSequence }
        // The server's changes are not the client's own: the upload triggers skip them (set and cleared in this
        // transaction, so no other connection sees it set).
        try db.execute("UPDATE sync_state SET applying = 1 WHERE id = 1")
        try ChangeApplier(db: db, source: source, indexes: writes.indexes).apply(pending)
        try writes.finishBatch()
        try db.execute(
            """
            UPDATE sync_state SET last_seq = ?, local_seq = ?, applying = 0,
                synced_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = 1
            """,
            [batch.lastSequence, try ChangeFeed.highWater(of: db)])
        return pending.count
    }

    /// Writes the server's current state of each entity an upload left waiting in `upload_refresh` (the server did
    /// not take its change as sent), in one transaction, as the server's changes are written; entities the source
    /// cannot tell about (a changes file) wait for a source that can.
    private func refresh(from source: some ChangeSource) throws {
        try database.write { db in
            let waiting = try db.fetchAll(Waiting.self, "SELECT entity_kind, uuid FROM upload_refresh")
            guard !waiting.isEmpty else { return }
            try requireNothingLocal(state: try requireState(in: db), in: db)
            var changes: [Change] = []
            for entity in waiting {
                let entityPayload: EntityPayload?
                switch try source.lookup(entity.kind, uuid: entity.uuid) {
                case .current(let payload): entityPayload = payload
                case .deleted: entityPayload = nil
                case .unknown: continue
                }
                changes.append(
                    Change(
                        sequence: 0, kind: entity.kind, uuid: entity.uuid,
                        operation: entityPayload == nil ? .delete : .update,
                        changedAt: "", entity: entityPayload))
                try db.execute(
                    "DELETE FROM upload_refresh WHERE entity_kind = ? AND uuid = ?",
                    [entity.kind.rawValue, entity.uuid])
            }
            let searchIndex = try DeferredSearchIndex(db: db)
            try db.execute("UPDATE sync_state SET applying = 1 WHERE id = 1")
            try ChangeApplier(db: db, source: source).apply(changes)
            try searchIndex.finish()
            try db.execute(
                "UPDATE sync_state SET applying = 0, local_seq = ? WHERE id = 1", [try ChangeFeed.highWater(of: db)])
        }
    }

    /// Refuses to apply server changes over local writes the server does not have yet: on a client that records
    /// its writes, those waiting for upload; on one that does not, any write since the last sync.
    private func requireNothingLocal(state: SyncState, in db: Database) throws {
        if try UploadQueue.isRecording(in: db) {
            let waiting = try UploadQueue.waiting(in: db)
            guard waiting == 0 else { throw SyncError.notUploaded(count: waiting) }
        } else {
            let local = try ChangeFeed.highWater(of: db)
            guard local == state.localSequence else {
                throw SyncError.localChanges(count: local - state.localSequence)
            }
        }
    }

    func requireState(in db: Database) throws -> SyncState {
        guard let state = try Self.state(in: db) else { throw SyncError.notASnapshot(path: database.path) }
        return state
    }
}

/// One row of `upload_refresh`.
private struct Waiting: RowDecodable {
    let kind: EntityKind
    let uuid: String

    init(row: Row) throws {
        kind = try EntityKind(rawValue: row.value(at: 0)) ?? .book
        uuid = try row.value(at: 1)
    }
}
