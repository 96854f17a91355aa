import Foundation

/// The timings of one implementation of one case.
struct Measurement: Encodable {
    let suite: String
    let `case`: String
    let impl: String
    let samples: [Double]
    /// Extra figures a suite reports (rows, bytes, peak RSS …).
    var notes: [String: Double] = [:]

    /// The median, p99 and mean as a tool that keeps its samples to itself reported them (wrk), when the
    /// measurement has no samples.
    var reported: (median: Double, p99: Double, mean: Double)?

    var median: Double { reported?.median ?? percentile(0.5) }
    var p99: Double { reported?.p99 ?? percentile(0.99) }
    var mean: Double { reported?.mean ?? samples.reduce(0, +) / Double(samples.count) }

    /// Nearest-rank percentile.
    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    enum CodingKeys: String, CodingKey {
        case suite, `case`, impl
        case medianS = "median_s"
        case p99S = "p99_s"
        case meanS = "mean_s"
        case runs, notes
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(suite, forKey: .suite)
        try container.encode(`case`, forKey: .case)
        try container.encode(impl, forKey: .impl)
        try container.encode(median, forKey: .medianS)
        try container.encode(p99, forKey: .p99S)
        try container.encode(mean, forKey: .meanS)
        try container.encode(samples.count, forKey: .runs)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    }
}

/// Runs one piece of work repeatedly and records wall-clock seconds.
struct Timer {
    var warmups = 1
    var runs = 5

    /// Times `body` after `warmups` untimed runs; `setup` runs before each, untimed.
    func measure(setup: () throws -> Void = {}, _ body: () throws -> Void) rethrows -> [Double] {
        for _ in 0..<warmups {
            try setup()
            try body()
        }
        var samples: [Double] = []
        for _ in 0..<runs {
            try setup()
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return samples
    }
}

/// A group of cases, each measured with several implementations; the first implementation of a case is
/// the reference its ratios are relative to.
protocol BenchmarkSuite: Sendable {
    var name: String { get }
    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement]
}

/// A fresh directory for a suite's databases, removed at exit.
func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "catalog-bench-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `catalog` the suites run: the one built beside `catalog-bench` (the release `catalog` of the same build),
/// found from this process's executable with its symlinks resolved, so that a link to `catalog-bench` in a directory
/// on the `PATH`, run by its bare name, finds it too; else the first `catalog` on the `PATH`.
///
/// - Throws: ``MissingCatalog`` saying where it looked when neither place has one.
func catalogExecutable() throws -> String {
    let directory = ownExecutable()?.deletingLastPathComponent()
    if let beside = directory?.appending(path: "catalog").path,
        FileManager.default.isExecutableFile(atPath: beside)
    {
        return beside
    }
    if let onPath = executableOnPath("catalog") { return onPath }
    throw MissingCatalog(directory: directory?.path, path: ProcessInfo.processInfo.environment["PATH"] ?? "")
}

/// A warning when the `catalog` beside this benchmark was built more than a minute before it (one build links the
/// two seconds apart): `swift run catalog-bench` builds only the benchmark, so after a change of the package the
/// suites would time the old `catalog`. The benchmark itself may be all that changed, so it warns rather than stops.
func staleCatalogWarning() -> String? {
    guard let benchmark = ownExecutable(), let catalog = try? catalogExecutable(),
        let built = modificationDate(benchmark.path), let catalogBuilt = modificationDate(catalog),
        catalogBuilt < built.addingTimeInterval(-60)
    else { return nil }
    return "warning: \(catalog) was built before this catalog-bench; if the package changed since, "
        + "run `swift build -c release` first (swift run builds only catalog-bench)"
}

private func modificationDate(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
}

/// This process's executable file, symlinks resolved: `/proc/self/exe` on Linux (the kernel's resolved path,
/// whatever `argv[0]` says), the main bundle's executable elsewhere; `nil` when neither can be read.
private func ownExecutable() -> URL? {
    #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(filePath: path)
        }
    #endif
    return Bundle.main.executableURL?.resolvingSymlinksInPath()
}

/// No `catalog` beside `catalog-bench` nor on the `PATH`.
struct MissingCatalog: Error, CustomStringConvertible {
    /// The directory of `catalog-bench`'s own executable, when it could be found.
    let directory: String?
    /// The `PATH` searched.
    let path: String

    var description: String {
        let beside =
            directory.map { "not beside catalog-bench in \($0)" }
            ?? "not beside catalog-bench (its own path is unknown)"
        return "cannot find the catalog executable: \(beside), nor on the PATH (\(path)); build both with "
            + "'swift build -c release' (catalog lands beside catalog-bench) or put catalog on the PATH"
    }
}

/// The project's `Scripts/` directory (the peers' scripts), found from this source file.
let scriptsDirectory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Scripts")

/// An executable named `name` on the `PATH`, or `nil`.
func executableOnPath(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Formats seconds with a unit that keeps three significant digits readable.
func formatSeconds(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
    case ..<1: return String(format: "%.2f ms", seconds * 1e3)
    default: return String(format: "%.3f s", seconds)
    }
}

/// The table printed after a run: one row per implementation, with its ratio to the case's first.
func report(_ measurements: [Measurement]) -> String {
    var rows = [["suite", "case", "impl", "median", "p99", "ratio"]]
    var reference: [String: Double] = [:]
    for measurement in measurements {
        let key = measurement.suite + "/" + measurement.case
        let base = reference[key] ?? measurement.median
        reference[key] = base
        rows.append([
            measurement.suite, measurement.case, measurement.impl, formatSeconds(measurement.median),
            formatSeconds(measurement.p99), String(format: "%.2f×", measurement.median / base),
        ])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
        zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
