// `catalog-bench [SUITE...] [--json] [--runs N] [--rows N] [--marc-records N] [--import-case CASE...]
// [--postgresql URL]`: measures the package side by side with its peers.
import CommandLineKit
import Foundation

/// Every suite, in the order a full run measures them.
enum Suites {
    static let all: [any BenchmarkSuite] = suites(
        importRows: 1_000_000, marcRecords: 100_000, importCases: ImportSuite.Case.allCases, postgreSQL: nil)

    /// Every suite, the `import` suite generating `importRows` CSV rows and `marcRecords` MARC records, running
    /// `importCases`, and importing into the PostgreSQL database `postgreSQL` too when one is given.
    static func suites(
        importRows: Int, marcRecords: Int, importCases: [ImportSuite.Case], postgreSQL: String?
    ) -> [any BenchmarkSuite] {
        [
            SQLiteSuite(), BrowseSuite(), NavigationSuite(),
            ImportSuite(
                rows: importRows, marcRecords: marcRecords, postgreSQL: postgreSQL, cases: Set(importCases)),
            SyncSuite(),
            EditSuite(),
            LongPollSuite(),
            ServeSuite(),
            ServeEditSuite(),
            PostgreSQLServeSuite(postgreSQL: postgreSQL),
            WebSuite(),
        ]
    }
}

/// The options of `catalog-bench`.
enum BenchmarkOptions {
    static let json = Flag("json", help: "Print a JSON array of measurements (suite, case, impl, median_s, p99_s, …).")
    static let runs = TypedOption<Int>(
        "runs", valueName: "N", parser: .integer(in: 1...1000), default: 5,
        help: "Timed runs per case, the import suite's at most 3.")
    static let rows = TypedOption<Int>(
        "rows", valueName: "N", parser: .integer(in: 10...100_000_000), default: 1_000_000,
        help: "Rows of the import suite's generated CSV.")
    // The default depends on --rows: it is written in the help.
    static let marcRecords = TypedOption<Int?>(
        "marc-records", valueName: "N", parser: .integer(in: 10...100_000_000),
        help: "Records of the import suite's generated MARC file.", whenAbsent: "100,000, or --rows when fewer")
    static let importCases = TypedOption<[ImportSuite.Case]>(
        "import-case", valueName: "CASE", parser: .choice(ImportSuite.Case.self),
        help: "A case of the import suite to run, repeatable: empty (every peer into an empty catalog), growing, "
            + "catch-up (with the bulk-SQL peer for its ratio), postgresql, marc.",
        whenAbsent: "all")
    static let postgreSQL = TypedOption<String?>(
        "postgresql", valueName: "URL",
        help: "A PostgreSQL database the import suite also imports into and serve-postgresql serves, emptied "
            + "before each run (Scripts/bench_postgresql.sh starts a throwaway server and passes it).")
}

let root = Command(
    name: "catalog-bench",
    abstract:
        "Measure the catalog against its peers (run with: swift build -c release && swift run -c release catalog-bench).",
    discussion: "Suites: \(Suites.all.map(\.name).joined(separator: ", ")). The table gives the median, the p99 and "
        + "the ratio to the case's first implementation; --runs sets how many timed samples sqlite, sync and import "
        + "take (browse takes 100 per run, at least 200; navigation one per save and restore; README: Benchmark).",
    options: [
        BenchmarkOptions.json, BenchmarkOptions.runs, BenchmarkOptions.rows, BenchmarkOptions.marcRecords,
        BenchmarkOptions.importCases, BenchmarkOptions.postgreSQL,
    ],
    arguments: [Argument("SUITE", help: "Suites to run (default: all).", optional: true, variadic: true)],
    run: { invocation in
        let names = invocation.positionals.isEmpty ? Suites.all.map(\.name) : invocation.positionals
        let timer = Timer(runs: try invocation[BenchmarkOptions.runs])
        let rows = try invocation[BenchmarkOptions.rows]
        let marcRecords = try invocation[BenchmarkOptions.marcRecords] ?? min(rows, 100_000)
        let importCases = try invocation[BenchmarkOptions.importCases]
        let suites = Suites.suites(
            importRows: rows, marcRecords: marcRecords,
            importCases: importCases.isEmpty ? ImportSuite.Case.allCases : importCases,
            postgreSQL: try invocation[BenchmarkOptions.postgreSQL])
        var measurements: [Measurement] = []
        if let warning = staleCatalogWarning() { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        for name in names {
            guard let suite = suites.first(where: { $0.name == name }) else {
                throw UsageError(
                    "unknown suite '\(name)'",
                    hint: "the suites are \(Suites.all.map(\.name).joined(separator: ", "))",
                    commandPath: ["catalog-bench"])
            }
            measurements += try suite.run(timer: timer) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        }
        if invocation[BenchmarkOptions.json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(measurements), as: UTF8.self))
        } else {
            print(report(measurements), terminator: "")
        }
    }
)

do {
    switch try CommandLineParser(root: root).parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let text): print(text, terminator: "")
    case .version(let version): print(version)
    case .run(let command, let invocation): try command.run?(invocation)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(error is UsageError ? 64 : 1)
}
