import Catalog
import CatalogImport
import Foundation
import SQLiteCatalog
import SQLiteDB

#if canImport(Glibc)
    import Glibc
#endif

/// Suite `import`: a generated books CSV (1,000,000 rows by default, `--rows N`; 1–3 authors from a pool of
/// 200,000, 1–3 genres from 300, unicode titles, quoted commas) imported three ways, each in a child process
/// whose wall time and peak RSS (`ru_maxrss` from `wait4`) are recorded:
///
/// - `catalog import`: the release `catalog` binary next to `catalog-bench`;
/// - `sqlite3 bulk SQL`: the same staging and tables as the set-based peer below, in one transaction with the
///   triggers off and the secondary indexes dropped, the search index and change log filled set-based by
///   `Scripts/import_books_bulk.sql` and the indexes created again: the limit of what SQLite needs for these rows,
///   which the README's figures are ratios to;
/// - `Scripts/import_books.py`: the straightforward normalized import with Python's sqlite3 (same tables and
///   identity rules, one transaction);
/// - `sqlite3 set-based (SQL only)`: the CLI staging the CSV in a temporary table and writing it into the catalog
///   schema with `Scripts/import_books.sql` (the same tables, keys, links and source_records, every trigger
///   firing): what the schema itself costs, the limit of an import whose per-row work outside SQLite were free;
/// - `sqlite3 .import`: the CLI loading the CSV into one flat table, the ceiling of an import that does no
///   normalization.
///
/// The growing case: a tenth as many new books imported into a catalog that holds the first CSV's, by `catalog
/// import` and by the bulk-SQL peer, with the indexes built again after and with them kept (``growingCase``).
///
/// The catch-up case: a client copy made while the catalog was empty syncs the first CSV's books from a server file
/// (`catalog sync --from`), beside the bulk-SQL peer's time for the same rows (``catchUpCase``).
///
/// The MARC case: the same generated books as ISO 2709 records (100,000 by default, `--marc-records N`), imported by
/// `catalog import` and by `Scripts/import_marc.py` (pymarc reading the file, the CSV peer's writer writing the same
/// rows with Python's sqlite3; skipped when no Python can import pymarc: `CATALOG_PYTHON`, else `python3`).
///
/// With `--postgresql URL`, `catalog --database URL import` of the same CSV into PostgreSQL, and its second run (which
/// finds every row unchanged), from a new working copy and from the one the first run kept:
/// ImportSuite+PostgreSQL.swift.
///
/// `--import-case` runs some of these cases only (`empty`, `growing`, `catch-up`, `postgresql`, `marc`); the catch-up
/// case without the first measures the bulk-SQL peer alone for its ratio.
///
/// Each implementation runs once per `--runs` (a run takes seconds to minutes at full size), on a fresh database.
/// The row counts of each catalog written (books, authors, genres, links, source_records) are logged beside
/// `catalog import`'s, so a peer that wrote less shows.
struct ImportSuite: BenchmarkSuite {
    /// The suite's cases, which `--import-case` picks from.
    enum Case: String, CaseIterable, Sendable {
        /// The CSV into an empty catalog by every implementation, and `catalog import` again.
        case empty
        /// A tenth as many new books into the catalog of the first (``growingCase``).
        case growing
        /// A fresh client catching the books up (``catchUpCase``).
        case catchUp = "catch-up"
        /// The CSV into PostgreSQL, when the suite has a database.
        case postgresql
        /// The MARC records (ImportSuite+MARC.swift).
        case marc
    }

    let name = "import"
    /// Rows of the generated CSV.
    let rows: Int
    /// Records of the generated MARC file.
    let marcRecords: Int
    /// A PostgreSQL database to import into as well, emptied before each run.
    let postgreSQL: String?
    /// The cases to run.
    var cases = Set(Case.allCases)

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let catalog = try catalogExecutable()
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try booksCSV(in: directory, log: log)
        let sql = scriptsDirectory.appending(path: "import_books.sql").path
        let label = "import \(rows) books (CSV)"
        let stage = ".import --csv --schema temp \(csv) staged"
        let transaction = ["PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL", "BEGIN IMMEDIATE"]
        let bulkSQLPeer: Implementation = (
            "sqlite3 bulk SQL (triggers off, indexes built after)",
            { ["/usr/bin/env", "sqlite3", "-bail", $0] + bulkSQL(stage, transaction, sql, in: directory) }, true
        )
        var measurements: [Measurement] = []
        if cases.contains(.empty) {
            measurements += try emptyCase(
                catalog: catalog, csv: csv, label: label, bulkSQLPeer: bulkSQLPeer, stage: stage,
                transaction: transaction, sql: sql, in: directory, timer: timer, log: log)
        }
        if cases.contains(.growing) {
            measurements += try growingCase(
                catalog: catalog, base: csv, stage: stage, transaction: transaction, sql: sql, in: directory,
                timer: timer, log: log)
        }
        if cases.contains(.catchUp) {
            // The ratio is to the bulk-SQL peer of the same run, measured here when the first case was not run.
            let isPeer = { (measurement: Measurement) in
                measurement.`case` == label && measurement.impl == bulkSQLPeer.impl
            }
            if !measurements.contains(where: isPeer) {
                measurements += try measure(
                    label: label, rows: rows, [bulkSQLPeer], in: directory, timer: timer, log: log)
            }
            // `measure` gives one measurement for each implementation it runs (or throws), so the peer is there now.
            let peer = measurements.first(where: isPeer)?.median ?? .nan
            measurements += try catchUpCase(
                catalog: catalog, csv: csv, bulkSQL: peer, in: directory, timer: timer, log: log)
        }
        if let url = postgreSQL, cases.contains(.postgresql) {
            measurements += try postgreSQLCase(
                url: url, csv: csv, label: label, in: directory, timer: timer, log: log)
        }
        if cases.contains(.marc) {
            measurements += try marcCase(in: directory, scripts: scriptsDirectory, timer: timer, log: log)
        }
        return measurements
    }

    /// The first case: the CSV into an empty catalog by `catalog import` (then again, finding nothing new), the
    /// bulk-SQL peer, Python, the set-based SQL with every trigger firing and the flat `.import`.
    private func emptyCase(
        catalog: String, csv: String, label: String, bulkSQLPeer: Implementation, stage: String,
        transaction: [String], sql: String, in directory: URL, timer: Timer, log: (String) -> Void
    ) throws -> [Measurement] {
        let script = scriptsDirectory.appending(path: "import_books.py").path
        let implementations: [Implementation] = [
            ("catalog import", { [catalog, "--db", $0, "import", csv, "--source", "books", "--json"] }, true),
            bulkSQLPeer,
            ("python sqlite3", { ["/usr/bin/env", "python3", script, $0, csv, "books"] }, true),
            (
                "sqlite3 set-based (SQL only)",
                { ["/usr/bin/env", "sqlite3", "-bail", $0, stage] + transaction + [".read \(sql)", "COMMIT"] }, true
            ),
            ("sqlite3 .import (flat)", { ["/usr/bin/env", "sqlite3", $0, ".import --csv \(csv) flat"] }, false),
        ]
        let measurements = try measure(
            label: label, rows: rows, implementations, repeating: "catalog import", in: directory, timer: timer,
            log: log)
        let catalogTime = measurements[0].median
        log(
            String(
                format: "import: catalog takes %.2f× the time of the bulk SQL and %.2f× that of the set-based SQL "
                    + "with every trigger firing; it is %.2f× faster than Python; sqlite3 .import (no normalization) "
                    + "is %.2f× faster than catalog",
                catalogTime / measurements[1].median, catalogTime / measurements[3].median,
                measurements[2].median / catalogTime, catalogTime / measurements[4].median))
        return measurements
    }

    /// The growing case: a tenth as many new books (``BooksCSVGenerator/following(rows:)``: new keys, the same
    /// authors and a tenth more) imported into a catalog holding the books of `base`, which each writer adds to a
    /// catalog it wrote itself (`catalog import` and the bulk-SQL peer fold names differently, so neither would
    /// find the other's authors), written once, not measured, checkpointed, and copied for each run. The bulk-SQL
    /// peer runs twice: with the secondary indexes built again after, as into an empty catalog, and with them kept,
    /// which costs less when the rows added are few beside those there; the ratio is to the faster.
    private func growingCase(
        catalog: String, base csv: String, stage: String, transaction: [String], sql: String, in directory: URL,
        timer: Timer, log: (String) -> Void
    ) throws -> [Measurement] {
        let generator = BooksCSVGenerator(rows: rows).following(rows: max(1, rows / 10))
        let added = directory.appending(path: "added-books.csv").path
        try generator.write(to: added)
        defer { try? FileManager.default.removeItem(atPath: added) }
        let bases = ["catalog", "bulk-sql"].map { directory.appending(path: "base-\($0).sqlite").path }
        defer { for base in bases { Database.removeFiles(atPath: base) } }
        let peer = { (stage: String, database: String, keepingIndexes: Bool) in
            ["/usr/bin/env", "sqlite3", "-bail", database]
                + bulkSQL(stage, transaction, sql, keepingIndexes: keepingIndexes, in: directory)
        }
        log("import: writing the catalogs of \(rows) books to add \(generator.rows) to")
        for (base, command) in zip(
            bases, [[catalog, "--db", bases[0], "import", csv, "--source", "books"], peer(stage, bases[1], false)])
        {
            Database.removeFiles(atPath: base)
            try DatabaseSchema.open(path: base).close()
            try prepare(command)
            try checkpoint(base)
        }
        let stageAdded = ".import --csv --schema temp \(added) staged"
        let implementations: [Implementation] = [
            ("catalog import", { [catalog, "--db", $0, "import", added, "--source", "books", "--json"] }, true),
            ("sqlite3 bulk SQL (triggers off, indexes built after)", { peer(stageAdded, $0, false) }, true),
            ("sqlite3 bulk SQL (triggers off, indexes kept)", { peer(stageAdded, $0, true) }, true),
        ]
        let measurements = try measure(
            label: "import \(generator.rows) new books into \(rows)", rows: generator.rows, implementations,
            in: directory, copying: { $0 == "catalog import" ? bases[0] : bases[1] }, timer: timer, log: log)
        let fasterPeer = min(measurements[1].median, measurements[2].median)
        log(
            String(
                format: "import: adding %d books to %d, catalog takes %.2f× the time of the faster bulk SQL",
                generator.rows, rows, measurements[0].median / fasterPeer))
        return measurements
    }

    /// The catch-up case: a client copy of the empty catalog (a snapshot at sequence 0) syncs the books of `csv`
    /// from a server file that `catalog import` wrote them into (once, not measured), as `catalog sync --from`:
    /// what a fresh client that took no snapshot of them applies, beside the bulk-SQL peer's time for the same rows
    /// (`bulkSQL`, from the first case), the ratio the README quotes.
    private func catchUpCase(
        catalog: String, csv: String, bulkSQL: Double, in directory: URL, timer: Timer, log: (String) -> Void
    ) throws -> [Measurement] {
        let server = directory.appending(path: "sync-server.sqlite").path
        let client = directory.appending(path: "sync-client.sqlite").path
        defer { for path in [server, client] { Database.removeFiles(atPath: path) } }
        log("import: writing a server of \(rows) books and a client copy of it empty")
        for command in [
            [catalog, "--db", server, "init"], [catalog, "--db", server, "snapshot", client],
            [catalog, "--db", server, "import", csv, "--source", "books"],
        ] {
            try prepare(command)
        }
        try checkpoint(server)
        let changes = try Database(path: server).fetchOne(Int.self, "SELECT count(*) FROM change_log") ?? 0
        let measurements = try measure(
            label: "sync \(rows) books (\(changes) changes) into a fresh client", rows: rows,
            [
                (
                    "catalog sync --from (a client at sequence 0)",
                    { [catalog, "--db", $0, "sync", "--from", server] }, true
                )
            ],
            in: directory, copying: { _ in client }, timer: timer, log: log)
        log(
            String(
                format: "import: a fresh client syncing %d changes takes %.2f× the time of the bulk SQL writing the "
                    + "same %d books", changes, measurements[0].median / bulkSQL, rows))
        return measurements
    }

    /// Runs `command`, a step that writes what a case then measures, to its end, unmeasured.
    private func prepare(_ command: [String]) throws {
        let result = try ChildRun.measure(command)
        guard result.status == 0 else {
            throw BenchmarkError("\(command.joined(separator: " ")) exited with status \(result.status)")
        }
    }

    /// Moves the write-ahead log of the catalog at `path` into it, so a copy of the file alone holds it all.
    private func checkpoint(_ path: String) throws {
        let db = try Database(path: path)
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try db.close()
    }

    /// The bulk-SQL peer's `sqlite3` arguments after the database: the CSV staged, then in one transaction with a
    /// page cache of the size `catalog import` takes (``ImportOptions/cacheSizeKiB``) the secondary indexes dropped
    /// (all but those of constraints and `authors_by_name_key`, which `import_books.sql` reads; unless
    /// `keepingIndexes`), the triggers off (`.dbconfig enable_trigger off`), the tables written by
    /// `import_books.sql`, the triggers' work done by `import_books_bulk.sql`, and the indexes created again from
    /// their stored SQL, which two files written by the same `sqlite3` run before the transaction hold.
    private func bulkSQL(
        _ stage: String, _ transaction: [String], _ sql: String, keepingIndexes: Bool = false, in directory: URL
    ) -> [String] {
        let drop = directory.appending(path: "bulk-drop-indexes.sql").path
        let create = directory.appending(path: "bulk-create-indexes.sql").path
        let indexes = """
            FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
            AND name <> 'authors_by_name_key'
            """
        let cache = "PRAGMA cache_size = -\(ImportOptions().cacheSizeKiB)"
        let write = [
            ".dbconfig enable_trigger off", ".read \(sql)",
            ".read \(scriptsDirectory.appending(path: "import_books_bulk.sql").path)",
        ]
        if keepingIndexes { return [stage, cache] + transaction + write + ["COMMIT"] }
        return [stage, ".output \(drop)", "SELECT 'DROP INDEX ' || name || ';' \(indexes)", ".output \(create)"]
            + ["SELECT sql || ';' \(indexes)", ".output stdout", cache] + transaction
            + [".read \(drop)"] + write + [".read \(create)", "COMMIT"]
    }

    /// The generated CSV of `rows` books: kept at `CATALOG_BENCH_CSV` when that is set (a later run with the same
    /// `--rows` reuses it, so a profile can read the rows a run imported), else in `directory`.
    private func booksCSV(in directory: URL, log: (String) -> Void) throws -> String {
        let kept = ProcessInfo.processInfo.environment["CATALOG_BENCH_CSV"]
        let csv = kept ?? directory.appending(path: "books.csv").path
        if let kept, (try? Self.lineCount(kept)) == rows + 1 {
            log("import: reusing \(kept)")
            return csv
        }
        log("import: generating \(rows) rows")
        try BooksCSVGenerator(rows: rows).write(to: csv)
        return csv
    }

    /// The lines of the file at `path`, read a megabyte at a time: the children measured later inherit this
    /// process's peak RSS (the kernel carries it over `exec`), so the file is never held whole.
    private static func lineCount(_ path: String) throws -> Int {
        let file = try FileHandle(forReadingFrom: URL(filePath: path))
        defer { try? file.close() }
        var lines = 0
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            lines += chunk.count(where: { $0 == UInt8(ascii: "\n") })
        }
        return lines
    }

    /// An implementation of a case: its name, its command line given the database path, and whether the database
    /// must have the catalog schema first.
    typealias Implementation = (impl: String, command: (String) -> [String], schema: Bool)

    /// Runs each implementation as a child process min(`--runs`, 3) times, each into a new database in `directory`
    /// (for those that need the schema, a copy of the database `copying` names for the implementation when given),
    /// logging its time, peak RSS and (for the schema's writers) the rows it wrote beside the first one's. The
    /// implementation named `repeating` runs a second time on each database it wrote, measured last as "… again
    /// (nothing changes)": a re-import of the same file.
    func measure(
        label: String, rows: Int, _ implementations: [Implementation], repeating: String? = nil, in directory: URL,
        copying base: ((String) -> String)? = nil, timer: Timer, log: (String) -> Void
    ) throws -> [Measurement] {
        var measurements: [Measurement] = []
        var firstCounts: CatalogRowCounts?
        var again: [ChildRun.Result] = []
        for implementation in implementations {
            var samples: [Double] = []
            var peak = 0.0
            var cpu: [Double] = []
            for run in 0..<max(1, min(timer.runs, 3)) {
                let database = directory.appending(path: "run-\(run).sqlite").path
                Database.removeFiles(atPath: database)
                if implementation.schema {
                    if let base {
                        try FileManager.default.copyItem(atPath: base(implementation.impl), toPath: database)
                    } else {
                        try DatabaseSchema.open(path: database).close()
                    }
                }
                let result = try ChildRun.measure(implementation.command(database))
                guard result.status == 0 else {
                    throw BenchmarkError("\(implementation.impl) exited with status \(result.status)")
                }
                samples.append(result.seconds)
                peak = max(peak, result.peakRSSMegabytes)
                cpu.append(result.cpuSeconds)
                log(
                    String(
                        format: "import: %@: %.2f s (CPU %.2f s), %.0f rows/s, peak RSS %.1f MB", implementation.impl,
                        result.seconds, result.cpuSeconds, Double(rows) / result.seconds, result.peakRSSMegabytes))
                if implementation.schema && run == 0 {
                    let counts = try CatalogRowCounts(database: database)
                    let comparison = counts == (firstCounts ?? counts) ? "" : " (not what catalog import wrote)"
                    firstCounts = firstCounts ?? counts
                    log("import: \(implementation.impl) wrote \(counts)\(comparison)")
                }
                if implementation.impl == repeating {
                    let result = try ChildRun.measure(implementation.command(database))
                    guard result.status == 0 else {
                        throw BenchmarkError("\(implementation.impl) again exited with status \(result.status)")
                    }
                    again.append(result)
                    log(
                        String(
                            format: "import: %@ again (nothing changes): %.2f s (CPU %.2f s), peak RSS %.1f MB",
                            implementation.impl, result.seconds, result.cpuSeconds, result.peakRSSMegabytes))
                }
                Database.removeFiles(atPath: database)
            }
            measurements.append(
                measurement(label, implementation.impl, rows: rows, samples: samples, cpu: cpu, peak: peak))
        }
        if let repeating, !again.isEmpty {
            measurements.append(
                measurement(
                    label, "\(repeating) again (nothing changes)", rows: rows, samples: again.map(\.seconds),
                    cpu: again.map(\.cpuSeconds), peak: again.map(\.peakRSSMegabytes).max() ?? 0))
        }
        return measurements
    }

    private func measurement(
        _ label: String, _ impl: String, rows: Int, samples: [Double], cpu: [Double], peak: Double
    ) -> Measurement {
        var measurement = Measurement(suite: name, case: label, impl: impl, samples: samples)
        measurement.notes = [
            "rows": Double(rows), "rows_per_s": Double(rows) / measurement.median, "peak_rss_mb": peak,
            "cpu_s": cpu.sorted()[cpu.count / 2],
        ]
        return measurement
    }
}

/// The rows an import wrote, table by table.
struct CatalogRowCounts: Equatable, CustomStringConvertible {
    private static let tables = ["books", "authors", "genres", "book_authors", "book_genres", "source_records"]
    let counts: [Int]

    init(database: String) throws {
        let db = try Database(path: database)
        defer { try? db.close() }
        counts = try Self.tables.map { try db.fetchOne(Int.self, "SELECT count(*) FROM \($0)") ?? 0 }
    }

    var description: String {
        zip(Self.tables, counts).map { "\($0) \($1)" }.joined(separator: ", ")
    }
}

/// A child process run to completion, measured.
enum ChildRun {
    struct Result {
        let status: Int32
        let seconds: Double
        /// User + system CPU seconds: on a machine shared with other work, steadier than the wall time.
        let cpuSeconds: Double
        let peakRSSMegabytes: Double
    }

    /// Spawns `arguments[0]` with the rest as arguments, standard output and error to /dev/null, and waits for it
    /// with `wait4`, which reports that child's own peak RSS: never less than this process's own peak at the spawn,
    /// which Linux carries over `exec`, so the benchmark must not have held much memory before.
    static func measure(_ arguments: [String]) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        // Linux reports ru_maxrss in KiB.
        let cpu = [usage.ru_utime, usage.ru_stime].map { Double($0.tv_sec) + Double($0.tv_usec) / 1e6 }.reduce(0, +)
        return Result(
            status: exitStatus, seconds: seconds, cpuSeconds: cpu,
            peakRSSMegabytes: Double(usage.ru_maxrss) * 1024 / 1e6)
    }
}

/// Writes the benchmark's books CSV: seeded, so every run imports the same file.
struct BooksCSVGenerator {
    let rows: Int
    /// The number of the first row: its source key, ISBN and the random seed derive from it, so the rows of a
    /// generator starting after another's are new books.
    let first: Int
    /// Authors are drawn from this many names.
    let authorPool: Int
    let genrePool = 300

    init(rows: Int, first: Int = 1, authorPool: Int? = nil) {
        self.rows = rows
        self.first = first
        self.authorPool = authorPool ?? min(200_000, max(10, rows / 5))
    }

    /// The `rows` books after this file's, by the same authors and by a tenth as many new ones.
    func following(rows: Int) -> BooksCSVGenerator {
        BooksCSVGenerator(rows: rows, first: first + self.rows, authorPool: authorPool + authorPool / 10)
    }

    /// One generated book, the same whichever file it is written to.
    struct Book {
        var key: String
        var title: String
        var authors: [String]
        var genres: [String]
        var isbn: String
        var year: Int
        var pages: Int
    }

    /// Calls `body` with each book in order.
    func forEachBook(_ body: (Book) throws -> Void) rethrows {
        var random = SplitMix64(seed: 6 + UInt64(first))
        for row in first..<first + rows {
            let authors = (0...random.next(3)).map { _ in author(random.next(authorPool)) }
            let genres = (0...random.next(3)).map { _ in genre(random.next(genrePool)) }
            let title = title(row, &random)
            try body(
                Book(
                    key: "bk\(row)", title: title, authors: authors, genres: genres, isbn: isbn(row),
                    year: 1800 + random.next(225), pages: 50 + random.next(900)))
        }
    }

    func write(to path: String) throws {
        try BufferedFile.write(to: path) { file in
            file.write("source_key,title,authors,genres,isbn,year,pages\n")
            forEachBook { book in
                file.write(
                    "\(book.key),\(quoted(book.title)),\(quoted(book.authors.joined(separator: "|"))),"
                        + "\(quoted(book.genres.joined(separator: "|"))),\(book.isbn),\(book.year),\(book.pages)\n")
            }
        }
    }

    /// A title with accents, non-Latin scripts now and then, and a comma in about a third of them.
    private func title(_ row: Int, _ random: inout SplitMix64) -> String {
        let words = (0...random.next(4)).map { _ in Words.capitalized(random.word()) }
        var title = words.joined(separator: " ")
        switch random.next(6) {
        case 0: title += ", Part \(row % 7 + 1)"
        case 1: title = "Über \(title), Zweiter Teil"
        case 2: title += " — 東京の夜"
        case 3: title = "The \(title) of Åsa Ørsted"
        default: break
        }
        return title
    }

    private func author(_ index: Int) -> String {
        let first = Words.firstNames[index % Words.firstNames.count]
        let last = Words.lastNames[(index / Words.firstNames.count) % Words.lastNames.count]
        return "\(first) \(Character(Unicode.Scalar(UInt8(65 + index % 26)))). \(last) \(index)"
    }

    private func genre(_ index: Int) -> String {
        "\(Words.genres[index % Words.genres.count]) \(index)"
    }

    /// A valid ISBN-13 (978 prefix) made from the row number.
    private func isbn(_ row: Int) -> String {
        let body = "978" + String(format: "%09d", row)
        let sum = body.utf8.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * Int($1.element - 48) }
        return body + String((10 - sum % 10) % 10)
    }

    private func quoted(_ field: String) -> String {
        guard field.contains(",") || field.contains("\"") else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// A file written through a 1 MiB buffer.
final class BufferedFile {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    private init(handle: FileHandle) {
        self.handle = handle
    }

    /// Creates (or empties) the file at `path`, lets `body` write it, and flushes it.
    static func write(to path: String, _ body: (BufferedFile) throws -> Void) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw BenchmarkError("cannot write \(path)") }
        defer { try? handle.close() }
        let file = BufferedFile(handle: handle)
        try body(file)
        handle.write(Data(file.buffer))
    }

    func write(_ text: String) {
        write(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count > 1 << 20 {
            handle.write(Data(buffer))
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
