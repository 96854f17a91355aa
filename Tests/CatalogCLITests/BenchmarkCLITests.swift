import Foundation
import TestSupport
import Testing

/// `catalog-bench` run as the README shows it, at a size that takes seconds.
@Suite struct BenchmarkCLITests {
    /// `--json` prints an array with one object per implementation measured, each with the keys the README
    /// documents and, for a suite with figures of its own, `notes`.
    @Test func jsonOutputHasTheDocumentedShape() throws {
        // The import suite runs its peers, the Python script and the sqlite3 shell, through `env`.
        _ = try TestSupport.installedTool("python3")
        _ = try TestSupport.installedTool("sqlite3")
        let result = try TestSupport.run(
            TestSupport.executable("catalog-bench"), ["import", "--rows", "10", "--runs", "1", "--json"])
        try #require(result.status == 0, "\(result.standardError)")
        let measurements = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]],
            "\(result.standardOutput)")
        #expect(
            measurements.prefix(6).map { $0["impl"] as? String } == [
                "catalog import", "sqlite3 bulk SQL (triggers off, indexes built after)", "python sqlite3",
                "sqlite3 set-based (SQL only)", "sqlite3 .import (flat)", "catalog import again (nothing changes)",
            ])
        // The growing case: a tenth as many new books added by catalog import and the bulk SQL both ways.
        let growing = measurements.dropFirst(6).prefix(3)
        #expect(growing.allSatisfy { $0["case"] as? String == "import 1 new books into 10" }, "\(growing)")
        #expect(
            growing.map { $0["impl"] as? String } == [
                "catalog import", "sqlite3 bulk SQL (triggers off, indexes built after)",
                "sqlite3 bulk SQL (triggers off, indexes kept)",
            ])
        // The catch-up case: a client copy of the empty catalog syncs the books from a server file.
        let catchUp = try #require(measurements.dropFirst(9).first)
        #expect(catchUp["impl"] as? String == "catalog sync --from (a client at sequence 0)", "\(catchUp)")
        #expect((catchUp["case"] as? String)?.hasPrefix("sync 10 books (") == true, "\(catchUp)")
        #expect(result.standardError.contains("catalog sync --from (a client at sequence 0) wrote books 10, "))
        // The MARC case: catalog import, and pymarc with Python's sqlite3 when a Python has pymarc.
        let marc = measurements.dropFirst(10)
        #expect(marc.allSatisfy { $0["case"] as? String == "import 10 books (MARC)" }, "\(marc)")
        let marcImpls = marc.map { $0["impl"] as? String }
        #expect(marcImpls == ["catalog import", "pymarc + python sqlite3"] || marcImpls == ["catalog import"])
        // Every peer that writes the catalog schema wrote the rows catalog import wrote.
        for peer in [
            "catalog import", "sqlite3 bulk SQL (triggers off, indexes built after)", "python sqlite3",
            "sqlite3 set-based (SQL only)",
        ] {
            #expect(result.standardError.contains("\(peer) wrote books 10, "), "\(result.standardError)")
        }
        for peer in growing.compactMap({ $0["impl"] as? String }) {
            #expect(result.standardError.contains("\(peer) wrote books 11, "), "\(result.standardError)")
        }
        #expect(!result.standardError.contains("not what catalog import wrote"), "\(result.standardError)")
        let documented: Set = ["suite", "case", "impl", "median_s", "p99_s", "mean_s", "runs"]
        for measurement in measurements {
            #expect(Set(measurement.keys).subtracting(["notes"]) == documented, "\(measurement)")
            #expect(measurement["suite"] as? String == "import")
            #expect(measurement["runs"] as? Int == 1)
            let median = try #require(measurement["median_s"] as? Double)
            #expect(
                median > 0 && measurement["p99_s"] as? Double == median && measurement["mean_s"] as? Double == median)
            let rows: Double = measurement["case"] as? String == "import 1 new books into 10" ? 1 : 10
            #expect((measurement["notes"] as? [String: Double])?["rows"] == rows)
        }
    }

    /// `--import-case catch-up` runs that case alone, with the bulk-SQL peer its ratio is to; an unknown case is a
    /// usage error naming the cases.
    @Test func importCaseRunsTheCasesNamed() throws {
        _ = try TestSupport.installedTool("sqlite3")
        let result = try TestSupport.run(
            TestSupport.executable("catalog-bench"),
            ["import", "--rows", "10", "--runs", "1", "--import-case", "catch-up", "--json"])
        try #require(result.status == 0, "\(result.standardError)")
        let measurements = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]],
            "\(result.standardOutput)")
        #expect(
            measurements.map { $0["impl"] as? String } == [
                "sqlite3 bulk SQL (triggers off, indexes built after)", "catalog sync --from (a client at sequence 0)",
            ])
        #expect(result.standardError.contains("a fresh client syncing"), "\(result.standardError)")
        #expect(!result.standardError.contains("python"), "\(result.standardError)")

        let unknown = try TestSupport.run(
            TestSupport.executable("catalog-bench"), ["import", "--import-case", "everything"])
        #expect(unknown.status == 64)
        #expect(
            unknown.standardError.contains("--import-case must be one of empty, growing, catch-up, postgresql, marc"),
            "\(unknown.standardError)")
    }

    /// The help gives browse's sample count as BrowseSuite takes it: 100 per run, and never fewer than 200.
    @Test func helpGivesBrowsesSampleCount() throws {
        let help = try TestSupport.run(TestSupport.executable("catalog-bench"), ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("browse takes 100 per run, at least 200"), "\(help.standardOutput)")
    }

    /// Run by its bare name through a symlink in a directory on the PATH (how one installs it), from another
    /// directory, it finds the `catalog` built beside the executable the symlink leads to.
    @Test func runFromThePathThroughASymlinkFindsCatalogBesideItsExecutable() throws {
        // The import suite runs its peers, the Python script and the sqlite3 shell, through `env`.
        _ = try TestSupport.installedTool("python3")
        _ = try TestSupport.installedTool("sqlite3")
        let bin = try TestSupport.temporaryDirectory("bench-bin")
        try FileManager.default.createSymbolicLink(
            atPath: bin.appending(path: "catalog-bench").path,
            withDestinationPath: TestSupport.executable("catalog-bench"))
        let elsewhere = try TestSupport.temporaryDirectory("bench-cwd")
        let path = bin.path + ":" + ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"]
        let result = try TestSupport.run(
            try TestSupport.installedTool("env"), ["catalog-bench", "import", "--rows", "10", "--runs", "1", "--json"],
            environment: ["PATH": path], currentDirectory: elsewhere)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("catalog import wrote books 10, "), "\(result.standardError)")
    }

    /// A copy with no `catalog` beside it and none on the PATH stops before it measures anything, saying where it
    /// looked.
    @Test func withoutCatalogAnywhereItSaysWhereItLooked() throws {
        let bin = try TestSupport.temporaryDirectory("bench-alone")
        try FileManager.default.copyItem(
            atPath: TestSupport.executable("catalog-bench"), toPath: bin.appending(path: "catalog-bench").path)
        let path = "\(bin.path):/usr/bin:/bin"
        let result = try TestSupport.run(
            try TestSupport.installedTool("env"), ["catalog-bench", "import", "--rows", "10", "--runs", "1"],
            environment: ["PATH": path], currentDirectory: bin)
        #expect(result.status == 1)
        let error = result.standardError
        #expect(error.contains("cannot find the catalog executable"), "\(error)")
        #expect(error.contains("not beside catalog-bench in \(bin.resolvingSymlinksInPath().path)"), "\(error)")
        #expect(error.contains("nor on the PATH (\(path))"), "\(error)")
        #expect(!error.contains("generating"), "\(error)")
    }

    /// The serve suite at its smallest: every wrk run got only 2xx/3xx answers (the token and the intents'
    /// bodies are right), the 1,000 long-polls stayed parked, and each part reported its figures.
    @Test func serveSuiteMeasuresEveryPart() throws {
        try TestSupport.requireHTTPServerLibrary()
        _ = try TestSupport.installedTool("wrk")
        let result = try TestSupport.run(
            TestSupport.executable("catalog-bench"), ["serve", "--json"],
            environment: [
                "CATALOG_BENCH_BOOKS": "1000", "CATALOG_BENCH_SERVE_SECONDS": "1", "CATALOG_BENCH_DATASETTE": "",
            ])
        try #require(result.status == 0, "\(result.standardError)")
        let measurements = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]],
            "\(result.standardOutput)")
        let served = measurements.filter { $0["suite"] as? String == "serve" }
        #expect(
            served.map { $0["case"] as? String } == [
                "books page 1 (limit 50) with the total, JSON", "search 'tolk' (limit 50)", "navigation intent (POST)",
                "navigation intent (POST)", "catalog nav (another process) exit → scene long-poll answer",
                "books page (50), one client alone",
                "books page (50) beside a token parking 16 long-polls and 256 trickling connections",
                "open and send 1000 change-feed long-polls",
            ])
        let fairness = try #require(served.dropLast().last?["notes"] as? [String: Double])
        #expect(fairness["p99_ratio_to_alone"] ?? 0 > 0 && fairness["long_polls_answered_early"] == 0, "\(fairness)")
        for measurement in served.prefix(3) {
            let notes = try #require(measurement["notes"] as? [String: Double], "\(measurement)")
            #expect(notes["not_2xx_3xx"] == 0 && notes["requests"] ?? 0 > 0, "\(measurement)")
        }
        let memory = try #require(served.last?["notes"] as? [String: Double])
        #expect(memory["answered_early"] == 0 && memory["rss_parked_mb"] ?? 0 > 0, "\(memory)")
        // A missed wake-up is the server's (logged and counted), not a failure of the suite.
        // Intents beside an import of as many books as the catalog holds were answered: navigation waits for no
        // import's lock.
        #expect(served[3]["impl"] as? String == "catalog serve, beside catalog import --dry-run of 20000 books")
        let beside = try #require(served[3]["notes"] as? [String: Double], "\(served[3])")
        #expect(beside["not_2xx_3xx"] == 0 && beside["requests"] ?? 0 > 0, "\(beside)")
        let missed = (served[4]["notes"] as? [String: Double])?["missed_wakeups"] ?? -1
        #expect(served[4]["runs"] as? Int == 50 - Int(missed))
    }
}
