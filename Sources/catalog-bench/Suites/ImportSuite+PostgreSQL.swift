import Foundation
import PostgreSQLDB

extension ImportSuite {
    /// `catalog --database URL import` of `csv` into an emptied PostgreSQL database, keeping its working copy in
    /// `directory`; then the same import again (every row unchanged) from a new working copy (what the read of the
    /// whole catalog costs), and again from the kept one (`--working-copy`); each as a child process.
    func postgreSQLCase(
        url: String, csv: String, label: String, in directory: URL, timer: Timer, log: (String) -> Void
    ) throws -> [Measurement] {
        let catalog = try catalogExecutable()
        let command = [catalog, "--database", url, "import", csv, "--source", "books", "--json"]
        let keeping = ["--working-copy", directory.appending(path: "working-copies").path]
        let rounds = [
            (impl: "catalog import (PostgreSQL, COPY)", arguments: keeping, logged: ""),
            (impl: "catalog import again (PostgreSQL, nothing new)", arguments: [], logged: ", again"),
            (
                impl: "catalog import again (PostgreSQL, nothing new, working copy kept)", arguments: keeping,
                logged: ", again, copy kept"
            ),
        ]
        var samples = rounds.map { _ in [Double]() }
        var peak = 0.0
        for _ in 0..<max(1, min(timer.runs, 3)) {
            _ = try PostgreSQLConnection(uri: url).execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
            let initialized = try ChildRun.measure([catalog, "--database", url, "init"])
            guard initialized.status == 0 else { throw BenchmarkError("catalog --database init failed") }
            for (round, (_, arguments, logged)) in rounds.enumerated() {
                let result = try ChildRun.measure(command + arguments)
                guard result.status == 0 else {
                    throw BenchmarkError("catalog --database import exited with status \(result.status)")
                }
                peak = max(peak, result.peakRSSMegabytes)
                log(
                    String(
                        format: "import: catalog import (PostgreSQL%@): %.2f s (CPU %.2f s), peak RSS %.1f MB",
                        logged, result.seconds, result.cpuSeconds, result.peakRSSMegabytes))
                samples[round].append(result.seconds)
            }
        }
        try? FileManager.default.removeItem(at: directory.appending(path: "working-copies"))
        return zip(rounds, samples).map { round, samples in
            var measurement = Measurement(suite: name, case: label, impl: round.impl, samples: samples)
            measurement.notes = [
                "rows": Double(rows), "rows_per_s": Double(rows) / measurement.median,
                "peak_rss_mb": peak,
            ]
            return measurement
        }
    }
}
