import Foundation
import PostgreSQLDB

extension ImportSuite {
    /// `catalog --database URL import` of `csv` into an emptied PostgreSQL database, then the same import again (every
    /// row unchanged: what the working copy's read of the whole catalog costs), each as a child process.
    func postgreSQLCase(url: String, csv: String, label: String, timer: Timer, log: (String) -> Void) throws
        -> [Measurement]
    {
        let catalog = try catalogExecutable()
        let command = [catalog, "--database", url, "import", csv, "--source", "books", "--json"]
        var first: [Double] = []
        var again: [Double] = []
        var peak = 0.0
        for _ in 0..<max(1, min(timer.runs, 3)) {
            _ = try PostgreSQLConnection(uri: url).execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
            let initialized = try ChildRun.measure([catalog, "--database", url, "init"])
            guard initialized.status == 0 else { throw BenchmarkError("catalog --database init failed") }
            for round in 0..<2 {
                let result = try ChildRun.measure(command)
                guard result.status == 0 else {
                    throw BenchmarkError("catalog --database import exited with status \(result.status)")
                }
                peak = max(peak, result.peakRSSMegabytes)
                log(
                    String(
                        format: "import: catalog import (PostgreSQL%@): %.2f s (CPU %.2f s), peak RSS %.1f MB",
                        round == 0 ? "" : ", again", result.seconds, result.cpuSeconds, result.peakRSSMegabytes))
                if round == 0 { first.append(result.seconds) } else { again.append(result.seconds) }
            }
        }
        return [
            ("catalog import (PostgreSQL, COPY)", first), ("catalog import again (PostgreSQL, nothing new)", again),
        ]
        .map { impl, samples in
            var measurement = Measurement(suite: name, case: label, impl: impl, samples: samples)
            measurement.notes = [
                "rows": Double(rows), "rows_per_s": Double(rows) / measurement.median,
                "peak_rss_mb": peak,
            ]
            return measurement
        }
    }
}
