import Catalog

/// How to import a file: the library form of `catalog import`'s options.
///
/// ```swift
/// var options = ImportOptions()
/// options.profile = "goodbooks"
/// options.batchSize = 1000
/// let summary = try catalog.importer.importFile(atPath: "books.csv", options: options) { progress in
///     print(progress.rows, progress.fractionCompleted ?? 0)
/// }
/// ```
public struct ImportOptions: Sendable, Hashable {
    /// The file format, or `nil` to guess it from the file (``ImportFormat/guess(path:firstBytes:)``).
    public var format: ImportFormat?
    /// What the rows of a CSV/TSV file are (a profile decides it when given).
    public var entity: ImportEntity = .books
    /// A built-in CSV profile: `goodbooks`, `goodreads-export` or `storygraph`.
    public var profile: String?
    /// `FIELD=COLUMN` mappings of CSV columns to fields.
    public var mappings: [String] = []
    /// `FIELD=SEPARATOR` separators of multi-valued CSV cells (default `|`; `list`: a JSON array or a Python list
    /// literal, `['Fantasy', 'Classics']`).
    public var splits: [String] = []
    /// The source the file's keys belong to; by default the profile's name (`goodbooks`), `openlibrary` for a
    /// dump, `calibre` for a Calibre library, the `source` of a JSON file, else the file name without its extension.
    public var source: String?
    /// The encoding of a CSV/TSV/dump file.
    public var encoding: InputEncoding = .utf8
    /// The text encoding of every record of a MARC file, whatever its leader says; `nil` to follow each leader.
    public var marcEncoding: MARCEncoding?
    /// Do all the work, then roll everything back.
    public var dryRun = false
    /// Stop at the first rejected row and roll the whole file back.
    public var strict = false
    /// Commit every this many rows (`nil`: the whole file in one transaction). Ignored by dry runs and strict
    /// imports, which must be able to roll back the whole file.
    public var batchSize: Int?
    /// Append every rejected row to this CSV file (created with a header when it does not exist).
    public var errorsFile: String?
    /// Take the file's value of every field, also of those edited by hand since the last import of their record
    /// (which an import otherwise keeps, and counts in ``ImportSummary/keptEdits``).
    public var overwriteEdits = false
    /// On a PostgreSQL catalog, the directory where the importer keeps its working copy of the catalog between runs
    /// (`nil`: a copy of its own for each run, removed after it). A later import starts from the kept copy while no
    /// other writer changed the catalog since, instead of copying the whole catalog first. A SQLite catalog's
    /// importer writes the catalog itself and has no copy.
    public var workingCopyDirectory: String?
    /// How many rejections, warnings and kept edits the summary keeps in memory (all of them go to ``errorsFile``).
    public var keptRejections = 20
    /// The SQLite page cache during the import, in KiB, when the connection's is smaller (restored afterwards):
    /// 32 MiB by default, the page cache every bulk write of the catalog takes, which keeps a million-book import
    /// under 150 MB.
    public var cacheSizeKiB = DeferredIndexes.pageCacheKiB
    /// How many rows a transaction inserts or updates on the row path before it switches to the bulk path:
    /// the change log's triggers folded set-based, secondary indexes built again after the load when that is cheaper.
    /// Both paths write the same; `0` takes every transaction on the bulk path, `Int.max` none.
    public var bulkRows = 20_000
    /// On the bulk path, the rows after a short run of new books during which new books are written one by one
    /// (``StagedBooks``); tests set `0` to stage every new book they can.
    var stagingPause = StagedBooks.pauseRows
    /// How many authors, and apart how many genres, an import remembers by name instead of looking them up again.
    /// Past it, it starts again, so memory stays bounded however many names a file holds (remembering all 200,000
    /// authors of a million-book file took 20 MB).
    public var rememberedNames = 1 << 16

    /// Default options: guess the format, books, UTF-8, one transaction.
    public init() {}

    /// Refuses an encoding given for a format it does not apply to.
    func checkEncoding(for format: ImportFormat) throws(ReaderError) {
        if format == .marc || format == .marcxml, encoding != .utf8 {
            throw .encodingDoesNotApply(encoding: encoding.rawValue, format: format)
        }
        if format != .marc, let marcEncoding, marcEncoding != .utf8 {
            throw .encodingDoesNotApply(encoding: marcEncoding.rawValue, format: format)
        }
    }

    /// The CSV reader's options: entity, profile, mappings, separators, dialect and encoding.
    func csvOptions(tabSeparated: Bool) throws(ReaderError) -> CSVImportOptions {
        var options = CSVImportOptions(
            entity: entity,
            profile: try profile.map { name throws(ReaderError) in
                try CSVProfile.named(name)
            })
        for mapping in mappings { try options.addMapping(mapping) }
        for split in splits { try options.addSplit(split) }
        options.dialect = tabSeparated ? .tsv : .csv
        options.encoding = encoding
        return options
    }
}
