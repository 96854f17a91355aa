package import Catalog
package import SQLiteDB

/// The per-row work of the client's triggers taken out of the server's changes while a transaction writes them, and
/// done once before its commit: the search index (`DeferredSearchIndex`) and the change log (`DeferredChangeLog`,
/// folded into the log after each batch, whose sequence the batch records).
///
/// A client catching up into an empty catalog writes all its batches in one such transaction, as an import into an
/// empty catalog does, and as a snapshot of a PostgreSQL catalog fills its new file: the secondary indexes are
/// dropped meanwhile and built once at the end (`DeferredIndexes`; a batch per transaction rewrote pages all over
/// them at every commit), and the link tables' triggers are dropped too: those of the change log log the owner
/// again, which its own insert in this transaction logged already, and those filling the sort-key copies find them
/// filled by the applier. Its foreign keys are checked once before the commit (`DeferredForeignKeys`, turned off
/// before the transaction began): row by row, each credit read its author at a random place, and 1,000,000 books
/// took 73.6–81.7 s to catch up instead of 77.9–98.8 s.
package struct DeferredSyncWrites {
    private let searchIndex: DeferredSearchIndex
    private let changeLog: DeferredChangeLog?
    private let linkTriggers: DroppedTriggers?
    /// The secondary indexes dropped until ``finish()``, when the transaction catches up an empty catalog.
    let indexes: DeferredIndexes?
    /// The foreign keys turned off before the transaction began, when it catches up an empty catalog; checked in
    /// ``finish()``.
    let foreignKeys: DeferredForeignKeys?

    /// Defers the work inside the open transaction of `db`; catching up a catalog that holds no books or bands
    /// (every owner of a link is then new in the transaction, `foreignKeys` turned off for it), drops the secondary
    /// indexes and the link tables' triggers as well.
    package init(db: Database, catchingUp foreignKeys: DeferredForeignKeys?) throws {
        self.foreignKeys = foreignKeys
        let catchingUp = foreignKeys != nil
        searchIndex = try DeferredSearchIndex(db: db)
        if catchingUp {
            let links = CatalogTables.links.map { "'\($0.name)'" }.joined(separator: ", ")
            let logging = try db.fetchAll(
                String.self,
                """
                SELECT name FROM sqlite_schema
                WHERE type = 'trigger' AND tbl_name IN (\(links)) AND sql LIKE '%change_log%'
                """)
            linkTriggers = try DroppedTriggers(db: db, named: logging + CatalogTables.links.map(\.copiesTrigger))
        } else {
            linkTriggers = nil
        }
        changeLog = try DeferredChangeLog(db: db)
        indexes =
            catchingUp ? try DeferredIndexes(db: db, tables: DeferredIndexes.catalogTables) : nil
    }

    /// Folds what a batch logged into the change log; call before reading the log's last sequence.
    package func finishBatch() throws {
        try changeLog?.flush()
    }

    /// Writes the change log and the search index, builds the dropped indexes, restores the triggers and checks the
    /// foreign keys; call before the commit.
    package func finish() throws {
        try changeLog?.finish()
        try linkTriggers?.restore()
        try indexes?.finish()
        try searchIndex.finish()
        try foreignKeys?.check()
    }
}

extension DeferredSyncWrites {
    /// Runs `body` in one IMMEDIATE transaction of `db` (which must be outside one) writing a catalog that holds no
    /// books or bands, with the writes deferred as when catching up (``init(db:catchingUp:)``) and finished before the
    /// commit. Meanwhile the statement journals stay in memory, the temporary tables and the index sorts go to files,
    /// the page cache is the bulk writes' (`DeferredIndexes.pageCacheKiB`, set down from the 64 MiB a sync takes for
    /// its batches: the index builds sort in memory as much as the cache holds), and the foreign keys are off, checked
    /// set-based before the commit and on again after it either way. A fresh client catching up 1,000,000 books
    /// peaked at 259 MB with sorts in memory and a 64 MiB cache, 238 MB with sorts on files, 155 MB with both (and
    /// took 86 s instead of 91 s).
    package static func fillingAnEmptyCatalog<T>(_ db: Database, _ body: (DeferredSyncWrites) throws -> T) throws
        -> T
    {
        try db.keepStatementJournalsInMemory()
        let foreignKeys = try DeferredForeignKeys(db: db)
        let filled = Result {
            try db.transaction(.immediate) {
                try db.sendTemporaryTablesToFiles()
                let pageCache = try db.setPageCache(to: DeferredIndexes.pageCacheKiB)
                defer { _ = try? db.restorePageCache(pageCache) }
                let writes = try DeferredSyncWrites(db: db, catchingUp: foreignKeys)
                let value = try body(writes)
                try writes.finish()
                return value
            }
        }
        // A failure to turn them on again is not hidden.
        try foreignKeys.restore()
        return try filled.get()
    }
}
