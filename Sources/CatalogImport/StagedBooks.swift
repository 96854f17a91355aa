import Catalog
import Foundation
import SQLiteDB

/// New books of a bulk import transaction, with the authors and genres they create, held in memory and written a
/// few thousand at a time table by table (``StagedRows``), logging themselves, as the bulk-SQL peer writes its rows.
///
/// The writer (``ImportWriter``) still does per row what only it can do: parse, validate, normalize, fold names,
/// fingerprint, find the row's identity and make its time-ordered uuids. What it stages is a book whose identity is
/// new (its source key and its ISBN are neither in the catalog nor among the staged books), so it is an insert, with
/// the ids the row path would give it: the staged rows are always the last ones, since any row the writer writes
/// itself makes it flush the staged ones first (``flushBeforeRowPath()``). The change log rows the triggers would
/// leave are written to the deferred log (``DeferredChangeLog``) with the same `seq`s and operations; the search
/// index is built by `DeferredSearchIndex` from the new ids at the end, as for every bulk row.
final class StagedBooks {
    /// The ids the next staged book and its new authors and genres get.
    struct NextIDs {
        var book: Int64
        var author: Int64
        var genre: Int64
    }

    /// An author or a genre the staged book creates.
    struct NewEntity {
        let id: Int64
        let uuid: UUID
        let nameKey: String
        /// The table's draft columns, in order.
        let arguments: StatementArguments
        /// A keyed author's source key and record fingerprint, saved in `source_records` under the book's source.
        var keyed: (key: String, fingerprint: String)? = nil
    }

    /// One new book, ready to stage: every value computed and checked.
    struct Book {
        let id: Int64
        let uuid: UUID
        let arguments: StatementArguments
        let isbn13: String?
        let newAuthors: [NewEntity]
        let newGenres: [NewEntity]
        let credits: [(author: Int64, role: ContributorRole)]
        let genreIDs: [Int64]
        let yearKey: Int
        let sortKey: String
        /// The `source_records` row: source, key, fingerprint, import stamp and the hand edits seen.
        let source: String
        let key: String
        let fingerprint: String
        let importedAt: String
        let editsSeen: Int64
    }

    /// Books held before they are written: a few MB.
    static let capacity = 2_048
    /// Staged books below which a flush forced by a row the writer writes itself stops staging for a while
    /// (``pauseRows`` rows): in a file where new rows and known ones alternate, a flush per row would cost more than
    /// writing row by row.
    static let shortRun = 64
    static let pauseRows = 1_024

    private let db: Database
    private let changeLog: DeferredChangeLog
    private var books = StagedBooks.rows(of: CatalogTables.books)
    private var authors = StagedBooks.rows(of: CatalogTables.authors)
    private var genres = StagedBooks.rows(of: CatalogTables.genres)
    private var credits = StagedRows(
        CatalogTables.bookAuthors.name, columns: StagedBooks.columns(CatalogTables.bookAuthors))
    private var genreLinks = StagedRows(
        CatalogTables.bookGenres.name, columns: StagedBooks.columns(CatalogTables.bookGenres))
    private var sourceRecords = StagedRows(
        "source_records",
        columns: ["source", "source_key", "entity_kind", "entity_id", "fingerprint", "imported_at", "edits_seen"])
    /// The change log rows, their `seq`s counted from the log's last one at the flush.
    private var logged: [(seq: Int64, kind: EntityKind, uuid: UUID, operation: String)] = []
    private var seqsUsed: Int64 = 0
    private var keys: Set<String> = []
    private var isbns: Set<String> = []
    private var authorsByName: [String: Int64] = [:]
    private var authorsByKey: [String: Int64] = [:]
    private var keyedAuthorNames: Set<String> = []
    private var genresByName: [String: Int64] = [:]
    private var next: NextIDs?
    private var paused = 0
    private let pause: Int

    /// - Parameter pause: The rows after a short run during which nothing is staged (``pauseRows``).
    init(db: Database, changeLog: DeferredChangeLog, pause: Int = StagedBooks.pauseRows) {
        self.db = db
        self.changeLog = changeLog
        self.pause = pause
    }

    /// An entity table's staged rows: id, uuid and the draft's columns, the times stamped at the write.
    private static func rows(of table: EntityTable) -> StagedRows {
        StagedRows(
            table.name, columns: ["id", "uuid"] + table.draftColumns.map(\.name),
            stamped: ["created_at", "updated_at"])
    }

    private static func columns(_ table: LinkTable) -> [String] {
        [table.owner.name] + table.columns.map(\.name) + table.copies.map(\.name)
    }

    var count: Int { books.count }

    /// Whether the writer may stage the current row: call once per row.
    func takesRow() -> Bool {
        guard paused == 0 else {
            paused -= 1
            return false
        }
        return true
    }

    /// Whether a book or keyed author staged under `(source, key)` is waiting.
    func holds(source: String, key: String) -> Bool { keys.contains(Self.identity(source, key)) }

    /// Whether a staged book has ISBN `isbn13`.
    func holds(isbn13: String) -> Bool { isbns.contains(isbn13) }

    /// The staged author of folded name `nameKey` (credited by name: keyed authors are found by key).
    func author(nameKey: String) -> Int64? { authorsByName[nameKey] }

    /// The staged author of source key `(source, key)`.
    func author(source: String, key: String) -> Int64? { authorsByKey[Self.identity(source, key)] }

    /// Whether a staged keyed author has folded name `nameKey`: once written, the catalog answers a credit by that
    /// name with it.
    func namesKeyedAuthor(nameKey: String) -> Bool { keyedAuthorNames.contains(nameKey) }

    /// The staged genre of folded name `nameKey`.
    func genre(nameKey: String) -> Int64? { genresByName[nameKey] }

    /// The ids the next book and the authors and genres it creates get: one past the largest of each table and
    /// of the staged rows (SQLite gives a new row one past the largest rowid).
    func nextIDs() throws -> NextIDs {
        if let next { return next }
        func after(_ table: String) throws -> Int64 {
            try (db.fetchOne(Int64.self, "SELECT coalesce(max(id), 0) FROM \(table)") ?? 0) + 1
        }
        let ids = NextIDs(book: try after("books"), author: try after("authors"), genre: try after("genres"))
        next = ids
        return ids
    }

    /// Stages `book`, whose ids come from ``nextIDs()``; flushes when the stage is full.
    func add(_ book: Book) throws {
        let bookUUID = book.uuid
        books.append([book.id, bookUUID] + book.arguments)
        // The change log the triggers would leave, in the row path's order: the book's insert, then each author and
        // genre it creates, then each link, which moves the book's row to the end and keeps it an 'insert' only
        // while nothing else was logged after its insert.
        seqsUsed += 1
        for author in book.newAuthors {
            authors.append([author.id, author.uuid] + author.arguments)
            if let keyed = author.keyed {
                sourceRecords.append([
                    book.source, keyed.key, EntityKind.author.rawValue, author.id, keyed.fingerprint, book.importedAt,
                    book.editsSeen,
                ])
                let identity = Self.identity(book.source, keyed.key)
                keys.insert(identity)
                authorsByKey[identity] = author.id
                keyedAuthorNames.insert(author.nameKey)
            } else {
                authorsByName[author.nameKey] = author.id
            }
            seqsUsed += 1
            logged.append((seqsUsed, .author, author.uuid, "insert"))
        }
        for genre in book.newGenres {
            genres.append([genre.id, genre.uuid] + genre.arguments)
            genresByName[genre.nameKey] = genre.id
            seqsUsed += 1
            logged.append((seqsUsed, .genre, genre.uuid, "insert"))
        }
        for (position, credit) in book.credits.enumerated() {
            credits.append([book.id, credit.author, credit.role.rawValue, position, book.yearKey, book.sortKey])
        }
        for (position, genreID) in book.genreIDs.enumerated() {
            genreLinks.append([book.id, genreID, position, book.sortKey])
        }
        seqsUsed += Int64(book.credits.count + book.genreIDs.count)
        let created = !book.newAuthors.isEmpty || !book.newGenres.isEmpty
        logged.append((seqsUsed, .book, bookUUID, created ? "update" : "insert"))
        sourceRecords.append([
            book.source, book.key, EntityKind.book.rawValue, book.id, book.fingerprint, book.importedAt,
            book.editsSeen,
        ])
        keys.insert(Self.identity(book.source, book.key))
        if let isbn = book.isbn13 { isbns.insert(isbn) }
        let current = try nextIDs()
        next = NextIDs(
            book: book.id + 1, author: current.author + Int64(book.newAuthors.count),
            genre: current.genre + Int64(book.newGenres.count))
        if count >= Self.capacity { try flush() }
    }

    /// Flushes before the writer writes a row itself, and stops staging for a while after a short run.
    func flushBeforeRowPath() throws {
        guard count > 0 else { return }
        if count < Self.shortRun { paused = pause }
        try flush()
    }

    /// Writes the staged rows and their change log, with the log's triggers dropped, and empties the stage.
    ///
    /// - Throws: ``StagedWriteFailure`` when SQLite fails: not the fault of the row at hand, so never a rejection of
    ///   it.
    func flush() throws {
        guard count > 0 else { return }
        do {
            try changeLog.withoutTriggers { try writeRows() }
        } catch {
            throw StagedWriteFailure(underlying: error)
        }
        logged.removeAll(keepingCapacity: true)
        seqsUsed = 0
        keys.removeAll(keepingCapacity: true)
        isbns.removeAll(keepingCapacity: true)
        authorsByName.removeAll(keepingCapacity: true)
        authorsByKey.removeAll(keepingCapacity: true)
        keyedAuthorNames.removeAll(keepingCapacity: true)
        genresByName.removeAll(keepingCapacity: true)
        next = nil
    }

    private func writeRows() throws {
        let base = try changeLog.lastSeq()
        var log = StagedRows(
            DeferredChangeLog.table, columns: ["seq", "entity_kind", "uuid", "operation"], stamped: ["changed_at"])
        for entry in logged { log.append([base + entry.seq, entry.kind.rawValue, entry.uuid, entry.operation]) }
        let now = try db.now()
        // Referenced rows first: the foreign keys are checked row by row.
        try authors.write(to: db, at: now)
        try genres.write(to: db, at: now)
        try books.write(to: db, at: now)
        try credits.write(to: db, at: now)
        try genreLinks.write(to: db, at: now)
        try sourceRecords.write(to: db, at: now)
        try log.write(to: db, at: now)
    }

    private static func identity(_ source: String, _ key: String) -> String { source + "\u{0}" + key }
}

/// A failure to write staged rows: it aborts the import (the transaction rolls back) with the underlying error.
struct StagedWriteFailure: Error {
    let underlying: any Error
}

// Holds one connection.
@available(*, unavailable)
extension StagedBooks: Sendable {}
