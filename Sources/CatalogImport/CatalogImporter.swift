public import Catalog
public import Foundation
public import SQLiteDB

/// Imports catalog files (native JSON, CSV/TSV, Open Library dumps, MARC 21, Calibre libraries) or records into the
/// catalog: streaming, idempotent and transactional, with a report of every row it could not take.
///
/// Every format goes through the same loop: a reader yields rows (a record, or a rejection with its line,
/// column, value and reason) and one writer applies the identity rules and writes. Importing the same
/// file twice reports everything unchanged and writes nothing; a changed row updates its entity in place.
///
/// Transactions: by default the whole file is one transaction. With ``ImportOptions/batchSize`` every batch of
/// rows commits on its own, and is read and parsed before its transaction begins, so other processes get the
/// write lock between batches instead of waiting out the whole import. No progress table is needed to resume
/// after a crash: the committed batches are in `source_records` with the fingerprint of each row, so running the
/// same import again finds them unchanged (no writes) and imports the rest, ending with the same contents as an
/// uninterrupted import. A kill at any moment loses at most the open batch, which SQLite rolls back.
///
/// The import sets the connection's `temp_store` as each transaction begins (and gives it back at the end), which
/// drops the connection's temporary tables: import on a connection that keeps none.
///
/// ```swift
/// var options = ImportOptions()
/// options.profile = "goodbooks"
/// let summary = try CatalogImporter(db).importFile(atPath: "books.csv", options: options)
/// print(summary.inserted, summary.updated, summary.unchanged, summary.duplicates, summary.rejected)
/// ```
public struct CatalogImporter {
    let db: Database

    /// An importer writing to `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    /// Imports one file.
    ///
    /// - Parameters:
    ///   - path: The file; for a Calibre library its `metadata.db` or the library folder.
    ///   - options: Format, mapping, source, transactions, errors file.
    ///   - progress: Called every few thousand rows and once at the end.
    /// - Returns: What the import did; rejected rows are counted, not thrown.
    /// - Throws: ``ImportError`` when the file is unusable or unreadable, an option is wrong, or `strict` met a
    ///   rejected row (the file is rolled back then); `DatabaseError` when the database fails (the open batch
    ///   is rolled back).
    public func importFile(
        atPath path: String, options: ImportOptions = ImportOptions(),
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportSummary {
        if let errorsFile = options.errorsFile, Self.isSameFile(errorsFile, path) {
            throw ImportError.errorsFileIsTheInput(path: errorsFile)
        }
        let libraryDatabase = Self.calibreDatabase(inFolder: path)
        let format = try options.format ?? (libraryDatabase == nil ? Self.guessFormat(path) : .calibre)
        let stem = URL(filePath: path).deletingPathExtension().lastPathComponent
        do {
            try options.checkEncoding(for: format)
            switch format {
            case .json:
                let reader: JSONCatalogRowReader
                do {
                    reader = try JSONCatalogRowReader(path: path, defaultSource: stem)
                } catch {
                    throw ImportError.catalogFile(error)
                }
                return try run(
                    reader, file: path, header: [], source: options.source ?? reader.source, options, progress)
            case .csv, .tsv:
                let csvOptions = try options.csvOptions(tabSeparated: format == .tsv)
                let source = options.source ?? csvOptions.profile?.name ?? stem
                switch csvOptions.entity {
                case .books:
                    let reader = try CSVImportReader<BookRowMapper>(path: path, options: csvOptions)
                    return try run(reader, file: path, header: reader.header, source: source, options, progress)
                case .bands:
                    let reader = try CSVImportReader<BandRowMapper>(path: path, options: csvOptions)
                    return try run(reader, file: path, header: reader.header, source: source, options, progress)
                }
            case .openlibrary:
                let reader = try OpenLibraryDumpReader(path: path, encoding: options.encoding)
                return try run(
                    reader, file: path, header: OpenLibraryDumpReader.columns, source: options.source ?? "openlibrary",
                    options, progress)
            case .marc:
                let reader = MARCImportReader(try ISO2709Reader(path: path, encoding: options.marcEncoding))
                return try run(reader, file: path, header: [], source: options.source ?? stem, options, progress)
            case .marcxml:
                let reader = MARCImportReader(MARCXMLReader(input: try TextInput(path: path)))
                return try run(reader, file: path, header: [], source: options.source ?? stem, options, progress)
            case .calibre:
                let database = libraryDatabase ?? path
                return try run(
                    CalibreLibraryReader(path: database), file: database, header: CalibreLibraryReader.header,
                    source: options.source ?? "calibre", options, progress)
            }
        } catch let error as ReaderError {
            throw ImportError.file(error)
        }
    }

    /// Imports a file in the native JSON format, in one transaction.
    ///
    /// - Returns: the summary, with the entries the reader could not understand among the rejections.
    /// - Throws: ``ImportError`` when the file is not a catalog JSON file; `DatabaseError` when the database
    ///   fails (nothing is imported then).
    public func importJSON(contentsOf url: URL) throws -> ImportSummary {
        var options = ImportOptions()
        options.format = .json
        return try importFile(atPath: url.path, options: options)
    }

    /// Imports `records` under `source`, in one transaction.
    ///
    /// - Parameters:
    ///   - records: what a reader produced, in order (a genre before the genres naming it as parent is best).
    ///   - source: names the origin of the keys, e.g. `"goodbooks"`; keys are unique within a source.
    ///   - options: how to write them (what applies to records already read: ``ImportOptions/dryRun``,
    ///     ``ImportOptions/strict``, ``ImportOptions/batchSize``, ``ImportOptions/bulkRows``,
    ///     ``ImportOptions/overwriteEdits``, ...).
    /// - Throws: `DatabaseError` for failures other than a bad record; the transaction is rolled back.
    public func importRecords<Records: Sequence<CatalogRecord>>(
        _ records: Records, source: String, options: ImportOptions = ImportOptions()
    ) throws -> ImportSummary {
        try run(RecordListReader(records), file: "", header: [], source: source, options, nil)
    }

    /// Whether two paths name one existing file (its rejected rows would be appended to what is being read).
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// The `metadata.db` of a folder that holds one (a Calibre library), else `nil`.
    static func calibreDatabase(inFolder path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        let database = URL(filePath: path).appending(path: CalibreLibraryReader.databaseName).path
        return FileManager.default.fileExists(atPath: database) ? database : nil
    }

    /// The format of a file given without `--format`.
    ///
    /// - Throws: ``ImportError/file(_:)`` when the file cannot be opened (it is missing, a directory, unreadable),
    ///   ``ImportError/unknownFormat(path:)`` when its name and first bytes do not tell the format.
    static func guessFormat(_ path: String) throws -> ImportFormat {
        // A pipe is not opened here: its first bytes, once read, would be gone from the import; its name must tell.
        let head: [UInt8]?
        do {
            head = FileByteSource.isReadOnce(path) ? nil : try FileByteSource(path: path).read(upTo: 512)
        } catch {
            throw ImportError.file(.file(error))
        }
        guard let format = ImportFormat.guess(path: path, firstBytes: head) else {
            throw ImportError.unknownFormat(path: path)
        }
        return format
    }

    // MARK: The import loop

    func run(
        _ reader: any ImportRowReader, file: String, header: [String], source: String, _ options: ImportOptions,
        _ progress: ((ImportProgress) -> Void)?
    ) throws -> ImportSummary {
        guard !source.isEmpty else { throw ImportError.emptySourceName }
        let start = ContinuousClock.now
        var summary = ImportSummary(source: source)
        summary.file = file
        summary.dryRun = options.dryRun
        let errors = try options.errorsFile.map { try ErrorsFile(path: $0, header: header) }
        // A dry run and a strict import must be able to roll the whole file back.
        let batchSize = options.dryRun || options.strict ? nil : options.batchSize.map { max(1, $0) }
        // One transaction reads ahead on a thread of its own; batches read each batch after the last one committed,
        // as they always have (what another connection wrote in between is then what the rows are read against).
        let readAhead = batchSize == nil ? ReadAhead(reader) : nil
        let reader: any ImportRowReader = readAhead ?? reader

        func report() {
            let read = reader.progress
            progress?(
                ImportProgress(
                    file: file, rows: summary.total, bytesRead: read.bytesRead, totalBytes: read.totalBytes,
                    elapsedSeconds: Self.seconds(since: start)))
        }
        func reject(_ rejection: ImportRejection) throws {
            if options.strict { throw ImportError.stoppedAtRejection(rejection) }
            errors?.write(rejection, source: rowSource(rejection.rawValues))
            summary.add(rejection, keeping: options.keptRejections)
        }

        let tempStore = try db.fetchOne(Int.self, "PRAGMA temp_store") ?? 0
        // A bigger page cache for the indexes; for `temp_store`, see `begin()`.
        let pageCache = try db.enlargePageCache(toAtLeast: options.cacheSizeKiB)
        defer {
            try? db.restorePageCache(pageCache)
            try? db.execute("PRAGMA temp_store = \(tempStore)")
        }
        // An errors file imported again keeps each row's first source (its `error_source` cell), so a fixed row
        // updates what its first import would have made instead of making a second copy under the file's name.
        let sourceColumn = options.source == nil ? header.firstIndex(of: ErrorsFile.sourceColumn) : nil
        func rowSource(_ cells: [String]) -> String {
            guard let sourceColumn, cells.indices.contains(sourceColumn), !cells[sourceColumn].isEmpty else {
                return source
            }
            return cells[sourceColumn]
        }
        var bulk: BulkImport?
        func newWriter(_ source: String) throws -> ImportWriter {
            let writer = try ImportWriter(
                db: db, source: source, rememberedNames: options.rememberedNames,
                overwriteEdits: options.overwriteEdits)
            writer.bulk = bulk
            return writer
        }
        /// Starts or ends the bulk path of the open transaction for every writer.
        func setBulk(_ path: BulkImport?) {
            bulk = path
            for writer in writers.values { writer.bulk = path }
        }
        var writers: [String: ImportWriter] = [:]
        writers[source] = try newWriter(source)
        func writer(for source: String) throws -> ImportWriter {
            if let writer = writers[source] { return writer }
            let writer = try newWriter(source)
            writers[source] = writer
            return writer
        }
        var searchIndex: DeferredSearchIndex?
        var foreignKeys: DeferredForeignKeys?
        var rowsInTransaction = 0
        var writtenBefore = 0
        var batchCount: Int?
        func begin() throws {
            // Statement journals in memory: on a file they were 14 GB of writes for 200,000 Open Library works. The
            // bulk path's temporary tables and index sorts then go to files (in memory, a peak RSS of 258 MB at
            // 1,000,000 books); the change of setting drops the temporary tables, and the bulk path leaves none.
            try db.keepStatementJournalsInMemory()
            // Into an empty catalog every link row is new, so its foreign keys are checked once, in order, before the
            // commit: row by row, a credit read its author at a random place (2,000,000 Open Library works took
            // about 10% longer so). The import deletes no row, so no ON DELETE action is missed meanwhile; should
            // another writer add books before BEGIN, the check still covers every row.
            if options.bulkRows != .max, try db.catalogHoldsNoBooksOrBands() {
                foreignKeys = try DeferredForeignKeys(db: db)
            }
            try db.execute("BEGIN IMMEDIATE TRANSACTION")
            if options.bulkRows != .max { try db.sendTemporaryTablesToFiles() }
            // Between batches another process may have written.
            for writer in writers.values { try writer.revalidateRememberedIDs() }
            searchIndex = try DeferredSearchIndex(db: db)
            rowsInTransaction = 0
            writtenBefore = summary.inserted + summary.updated
        }
        func commit() throws {
            try bulk?.finish()
            setBulk(nil)
            try searchIndex?.finish()
            try foreignKeys?.check()
            try db.execute("COMMIT TRANSACTION")
            try restoreForeignKeys()
        }
        /// Turns the foreign keys back on after a transaction that deferred them, once it ended either way.
        func restoreForeignKeys() throws {
            try foreignKeys?.restore()
            foreignKeys = nil
        }
        /// The rows the open transaction will write still (the rest of the batch, else an estimate from the bytes
        /// read), as many of them new or changed as of the rows taken so far.
        func rowsToWrite(written: Int) -> Int? {
            let read = reader.progress
            let ahead: Double
            if let batchCount {
                ahead = Double(batchCount - rowsInTransaction)
            } else if let total = read.totalBytes, read.bytesRead > 0, rowsInTransaction > 0 {
                ahead = Double(rowsInTransaction) * Double(total - read.bytesRead) / Double(read.bytesRead)
            } else {
                return nil
            }
            return Int(rowsInTransaction == 0 ? ahead : ahead * Double(written) / Double(rowsInTransaction))
        }
        func take(_ row: ImportRow) throws {
            // Rows written, not rows read: a re-import that finds its rows unchanged stays on the row path.
            let written = summary.inserted + summary.updated - writtenBefore
            if bulk == nil, written >= options.bulkRows {
                setBulk(
                    try BulkImport(
                        db: db, rowsAhead: rowsToWrite(written: written), stagingPause: options.stagingPause))
            }
            rowsInTransaction += 1
            switch row {
            case .accepted(let accepted):
                do {
                    let named = options.source == nil ? accepted.sourceName : nil
                    let writer = try writer(for: named ?? rowSource(accepted.source?.fields ?? []))
                    summary.count(try writer.write(accepted.record, prepared: readAhead?.prepared))
                    summary.keep(writer.keptEdits, keeping: options.keptRejections)
                    summary.warn(accepted.warnings, file: file, keeping: options.keptRejections)
                } catch {
                    guard let rejection = Self.rejection(error, of: accepted, file: file) else { throw error }
                    try reject(rejection)
                }
            case .rejected(let rejection):
                try reject(rejection)
            }
            if summary.total % 4096 == 0 { report() }
            try bulk?.tookRow(rowsInTransaction)
        }
        do {
            if let batchSize {
                var batch: [ImportRow] = []
                batch.reserveCapacity(min(batchSize, 65_536))
                repeat {
                    batch.removeAll(keepingCapacity: true)
                    while batch.count < batchSize, let row = try nextRow(reader) { batch.append(row) }
                    guard !batch.isEmpty else { break }
                    batchCount = batch.count
                    try begin()
                    for row in batch { try take(row) }
                    try commit()
                } while batch.count == batchSize
            } else {
                try begin()
                while let row = try nextRow(reader) { try take(row) }
                if options.dryRun {
                    try db.execute("ROLLBACK TRANSACTION")
                    try restoreForeignKeys()
                    setBulk(nil)
                } else {
                    try commit()
                }
            }
        } catch {
            if db.isInTransaction { try? db.execute("ROLLBACK TRANSACTION") }
            try? restoreForeignKeys()
            throw (error as? StagedWriteFailure)?.underlying ?? error
        }
        summary.elapsedSeconds = Self.seconds(since: start)
        report()
        return summary
    }

    private func nextRow(_ reader: any ImportRowReader) throws -> ImportRow? {
        do {
            return try reader.next()
        } catch .catalogJSON(let error) {
            throw ImportError.catalogFile(error)
        } catch {
            throw ImportError.file(error)
        }
    }

    /// The rejection for a record the writer refused, or `nil` when the error is not about the record.
    private static func rejection(_ error: any Error, of row: AcceptedRow, file: String) -> ImportRejection? {
        let issue: RowIssue
        switch error {
        // A refused value names its field and value, as a reader's own refusals do.
        case CatalogError.invalidValue(let field, let value, let reason):
            issue = RowIssue(line: row.line, column: field, value: value, reason: reason)
        case let error as CatalogError: issue = RowIssue(line: row.line, reason: error.description)
        case let error as DatabaseError where error.isConstraint:
            issue = RowIssue(line: row.line, reason: error.message)
        default: return nil
        }
        return ImportRejection(
            file: file, line: row.line, issues: [issue], rawValues: row.source?.fields ?? [],
            record: row.line > 0 ? nil : row.record.label)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension LibraryCatalog {
    /// Imports records from any reader into this catalog, idempotently.
    public var importer: CatalogImporter { CatalogImporter(db) }
}
