import Catalog
import SQLiteDB

/// The bulk path of an import transaction: the same writer and the same identity rules as the row path, with the
/// per-row work of the schema's triggers and secondary indexes taken out of each row and done set-based before the
/// commit.
///
/// An import transaction starts on the row path and switches to this one once it has inserted or updated
/// ``ImportOptions/bulkRows`` rows (so a small batch, or a re-import that finds its rows unchanged, never pays for it). From then on, inside the transaction:
/// - the change log's triggers record what they would log in memory, folded into `change_log` every
///   ``flushInterval`` rows and at the end (``DeferredChangeLog``);
/// - when the rows still to come are many beside the books already there, the secondary indexes are dropped and built
///   again at the end (``DeferredIndexes``), or, for the two the writer reads, when it first reads by one;
/// - new books are staged and written a few thousand at a time, table by table, logging themselves in the deferred
///   change log (``StagedBooks``);
/// - into an empty catalog, the foreign keys are checked once before the commit, set-based, by the importer that
///   turned them off before the transaction began (``DeferredForeignKeys``);
/// - the search index is deferred as on the row path (`DeferredSearchIndex`, set up by the importer for both);
/// - the triggers filling the sort-key copies on the link tables, which the writer fills itself, are dropped, so a
///   staged row is a single-row `INSERT` with no trigger, a statement SQLite needs no statement journal for.
/// Every step is inside the import's transaction: readers see the catalog before or after it, a kill
/// leaves it as it was, and the end state is the row path's (`BulkImportTests` compares every table).
struct BulkImport {
    /// Rows between two folds of the recorded changes: the record stays a few MB.
    static let flushInterval = 16_384

    /// The index a keyless book is matched by (its title, then its first author): built again when the first
    /// keyless book comes (``willMatchByTitle()``), since while it is dropped every new book costs nothing there,
    /// where kept it costs a random page of an index as large as the books' titles.
    static let titleIndex = "books_by_sort_key"

    /// The index a credit by name alone is matched by: built again when the first one comes
    /// (``willMatchAuthorByName()``). An Open Library works dump credits its authors by key only, so its millions of
    /// new authors cost nothing there.
    static let authorNameIndex = "authors_by_name_key"

    private let changeLog: DeferredChangeLog?
    private let indexes: DeferredIndexes?
    private let copiesTriggers: DroppedTriggers
    /// Where the writers put new books, written set-based (``StagedBooks``); `nil` when the change log is not
    /// deferred, since the staged rows log themselves in its deferred copy.
    let staging: StagedBooks?

    /// Switches the open transaction of `db` to the bulk path.
    ///
    /// - Parameters:
    ///   - rowsAhead: How many rows the transaction is expected to write still, when known: the indexes are dropped
    ///     only when that is at least a quarter of the books and bands already there (or when it is unknown and the
    ///     catalog has none).
    ///   - stagingPause: The rows staging stops for after a short run (``StagedBooks/pauseRows``).
    init(db: Database, rowsAhead: Int?, stagingPause: Int = StagedBooks.pauseRows) throws {
        copiesTriggers = try DroppedTriggers(db: db, named: CatalogTables.links.map(\.copiesTrigger))
        changeLog = try DeferredChangeLog(db: db)
        staging = changeLog.map { StagedBooks(db: db, changeLog: $0, pause: stagingPause) }
        let existing =
            try db.fetchOne(
                Int.self, "SELECT (SELECT count(*) FROM books) + (SELECT count(*) FROM bands)") ?? 0
        let dropIndexes = rowsAhead.map { $0 * 4 >= existing } ?? (existing == 0)
        indexes =
            dropIndexes
            ? try DeferredIndexes(db: db, tables: DeferredIndexes.catalogTables) : nil
    }

    /// Call before reading books by title: builds their index again if it was dropped.
    func willMatchByTitle() throws {
        try indexes?.restore(Self.titleIndex)
    }

    /// Call before reading authors by folded name: builds their index again if it was dropped.
    func willMatchAuthorByName() throws {
        try indexes?.restore(Self.authorNameIndex)
    }

    /// Call after each row with the rows the transaction has taken: folds the recorded changes now and then.
    func tookRow(_ rowsInTransaction: Int) throws {
        if rowsInTransaction % Self.flushInterval == 0 { try changeLog?.flush() }
    }

    /// Writes the change log and builds the dropped indexes; call before the search index is finished and the
    /// transaction commits.
    func finish() throws {
        try staging?.flush()
        try changeLog?.finish()
        try indexes?.finish()
        try copiesTriggers.restore()
    }
}
