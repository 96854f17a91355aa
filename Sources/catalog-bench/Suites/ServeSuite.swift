import Catalog
import Foundation

/// Suite `serve`: the release `catalog serve` (the binary next to `catalog-bench`) as a child process on
/// 127.0.0.1, on the browse suite's generated catalog (`CATALOG_BENCH_BOOKS`, `CATALOG_BENCH_DB`), stopped with
/// SIGTERM at the end:
///
/// - throughput and latency with `wrk` (2 threads, 16 connections, 10 s each, `--latency`): the first page of
///   books (limit 50), a search, and navigation intents (POST, each thread's requests taking turns over 32 scenes
///   and switching each scene's sidebar between books and authors, so every intent is a change); beside the books
///   page, Datasette serving the same SELECT (the catalog's keyset query, first page) from the same file as JSON
///   (`_shape=objects`), once with a `count(*)` of the books beside it (the catalog's answer carries the list's
///   total) and once alone, in its normal mode: immutable mode (`-i`) would let it skip the checks for changes a
///   file that other processes write needs. Datasette comes from `CATALOG_BENCH_DATASETTE` (empty: none) or the `PATH`;
///   without wrk or Datasette that part is skipped, with the reason logged;
/// - the server's resident memory (VmRSS) idle and with 1,000 change-feed long-polls parked;
/// - the time from a `catalog nav` intent in another process to the answer of a scene long-poll waiting for it.
struct ServeSuite: BenchmarkSuite {
    var name = "serve"
    /// How long each wrk run lasts: 10 s, or `CATALOG_BENCH_SERVE_SECONDS` (a quick check).
    let seconds = Int(ProcessInfo.processInfo.environment["CATALOG_BENCH_SERVE_SECONDS"] ?? "").map { max(1, $0) } ?? 10
    let connections = 16
    let parkedPolls = 1000
    let navigationRounds = 50

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let catalog = try catalogExecutable()
        return try BrowseSuite.withCatalog(suite: name, log: log) { path, directory in
            let user = "bench-serve"
            let token = try navigationToken(catalog: catalog, database: path, user: user)
            let server = try ServerProcess.unlimited(catalog, database: path)
            defer { server.stop() }
            let authorization = ["Authorization": "Bearer \(token)"]
            let books = try HTTPExchange.request(port: server.port, "GET", "/v1/books?limit=50", headers: authorization)
            guard books.status == 200 else {
                throw BenchmarkError("GET /v1/books answered \(books.status): \(books.body)")
            }

            var results: [Measurement] = []
            results += try throughput(server: server, token: token, database: path, in: directory, log: log)
            results.append(
                try navigationToAnswer(
                    server: server, catalog: catalog, database: ["--db", path], user: user, token: token, log: log))
            results += try fairness(server: server, catalog: catalog, database: path, log: log)
            results.append(try parkedMemory(server: server, catalog: catalog, database: path, log: log))
            return results
        }
    }

    // MARK: wrk

    private func throughput(
        server: ServerProcess, token: String, database: String, in directory: URL, log: (String) -> Void
    )
        throws -> [Measurement]
    {
        guard let wrk = executableOnPath("wrk") else {
            log("serve: wrk is not on the PATH (Debian: apt install wrk): throughput skipped")
            return []
        }
        let script = directory.appending(path: "catalog.lua")
        try Data(Self.wrkScript(tokens: [token]).utf8).write(to: script)
        let base = "http://127.0.0.1:\(server.port)"
        var results: [Measurement] = []
        func measure(
            _ label: String, impl: String, _ url: String, script: URL?, arguments: [String] = [], options: [String] = []
        ) throws -> WrkResult {
            let result = try Self.wrk(
                wrk, url, connections: connections, seconds: seconds, script: script, arguments: arguments,
                options: options)
            results.append(measurement(label, impl: impl, result, log: log))
            return result
        }
        let page = "books page 1 (limit 50) with the total, JSON"
        let ours = try measure(
            page, impl: "catalog serve", base + "/v1/books?limit=50", script: script, arguments: ["--", "get"])
        let datasette = ProcessInfo.processInfo.environment["CATALOG_BENCH_DATASETTE"] ?? executableOnPath("datasette")
        if let datasette, FileManager.default.isExecutableFile(atPath: datasette) {
            let port = try ServerProcess.freePort()
            let peer = try ServerProcess(
                [datasette, "serve", database, "--host", "127.0.0.1", "--port", "\(port)"], port: port,
                label: "datasette")
            defer { peer.stop() }
            let databaseName = URL(filePath: database).deletingPathExtension().lastPathComponent
            let version = datasetteVersion(datasette)
            // The catalog's page query (first page, one row more to know whether a next page exists); the
            // catalog's answer also carries the list's total, so the first peer counts the books too.
            let select = "SELECT \(CatalogTables.books.selection), b.sort_key, b.id"
            let firstPage = " FROM books b ORDER BY b.sort_key, b.id LIMIT 51"
            for (impl, sql) in [
                (
                    "Datasette \(version), the SELECT + count(*)",
                    select + ", (SELECT count(*) FROM books) AS total" + firstPage
                ),
                ("Datasette \(version), the SELECT only", select + firstPage),
            ] {
                let query = sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? sql
                let path = "/\(databaseName).json?sql=\(query)&_shape=objects"
                let probe = try HTTPExchange.request(port: port, "GET", path)
                guard probe.status == 200 else {
                    throw BenchmarkError("Datasette answered \(probe.status) to \(sql): \(probe.body)")
                }
                let theirs = try measure(page, impl: impl, "http://127.0.0.1:\(port)\(path)", script: nil)
                log(
                    String(
                        format: "serve: books page: catalog serve answers %.2f× the requests/s of %@",
                        ours.requestsPerSecond / theirs.requestsPerSecond, impl))
            }
        } else {
            log("serve: no datasette (CATALOG_BENCH_DATASETTE, empty for none, or the PATH): the peer is skipped")
        }
        _ = try measure(
            "search 'tolk' (limit 50)", impl: "catalog serve", base + "/v1/search?q=tolk&limit=50", script: script,
            arguments: ["--", "get"])
        let intents = "navigation intent (POST)"
        _ = try measure(
            intents, impl: "catalog serve", base + "/v1/me/scenes", script: script, arguments: ["--", "intents"])
        // The same intents while an import of as many books as the catalog holds (at least 20,000, so that it outlasts
        // the run) keeps the catalog's write lock: a dry run does all an import's work and rolls it back, so the kept
        // catalog is unchanged. Navigation state is in the users' file, so the intents should not wait for it; wrk
        // waits up to 30 s for an answer here.
        let importer = try ImportBeside(
            catalog: try catalogExecutable(), database: database,
            rows: max(20_000, BrowseSuite.Size.configured.books), in: directory)
        defer { importer.stop() }
        log("serve: \(importer.label) started")
        _ = try measure(
            intents, impl: "catalog serve, beside \(importer.label)", base + "/v1/me/scenes", script: script,
            arguments: ["--", "intents"], options: ["--timeout", "30s"])
        if !importer.isRunning {
            log("serve: the import ended before the intents did: the figures above are partly without it")
        }
        return results
    }

    /// Runs `wrk` (2 threads, `connections` connections, `seconds` s, `--latency`) against `url`, with `script` and
    /// its `arguments`.
    static func wrk(
        _ wrk: String, _ url: String, connections: Int, seconds: Int, script: URL?, arguments: [String] = [],
        options: [String] = []
    ) throws -> WrkResult {
        var command = [wrk, "-t2", "-c\(connections)", "-d\(seconds)s", "--latency"] + options
        command += script.map { ["-s", $0.path] } ?? []
        let run = try captureOutput(command + [url] + arguments)
        guard run.status == 0 else { throw BenchmarkError("wrk exited with status \(run.status):\n\(run.output)") }
        return try WrkResult(run.output)
    }

    /// A wrk run as a measurement of `label` by `impl` (its median, p99, mean and requests/s), logged.
    func measurement(_ label: String, impl: String, _ result: WrkResult, log: (String) -> Void) -> Measurement {
        var measurement = Measurement(suite: name, case: label, impl: impl, samples: [])
        measurement.reported = (result.median, result.p99, result.mean)
        measurement.notes = [
            "requests_per_s": result.requestsPerSecond, "requests": Double(result.requests),
            "not_2xx_3xx": Double(result.failures), "connections": Double(connections), "seconds": Double(seconds),
        ]
        log(
            String(
                format: "%@: %@, %@: %.0f requests/s, p50 %@, p99 %@%@", name, label, impl, result.requestsPerSecond,
                formatSeconds(result.median), formatSeconds(result.p99),
                result.failures > 0 ? ", \(result.failures) answers not 2xx/3xx" : ""))
        return measurement
    }

    /// wrk's script: the first token on every request; with argument `intents`, POSTs of select-sidebar, each
    /// thread taking turns over the tokens' users and 32 scenes of its own for each, and switching each scene between
    /// books and authors (a real change each time, as a thread's 8 connections have at most 8 requests in flight).
    static func wrkScript(tokens: [String]) -> String {
        wrkScript(
            table: "tokens", tokens, authorization: #""Bearer " .. tokens[1]"#,
            request: #"""
                  if mode ~= "intents" then return wrk.format() end
                  local user = sent % #tokens
                  local scene = math.floor(sent / #tokens) % 32
                  local section = math.floor(sent / (32 * #tokens)) % 2 == 0 and "authors" or "books"
                  sent = sent + 1
                  local body = '{"intent":"select-sidebar","argument":"' .. section .. '"}'
                  local headers = {["Authorization"] = "Bearer " .. tokens[user + 1], ["Content-Type"] = "application/json"}
                  return wrk.format("POST", "/v1/me/scenes/wrk-" .. id .. "-" .. scene .. "/intents", headers, body)
                """#)
    }

    /// A wrk script: `values` as the Lua table `table`, each thread's number in `id` (from 1), its requests sent so
    /// far in `sent`, the first argument after `--` in `mode`, the Lua expression `authorization` on every request,
    /// and `request` as the body of its `request()`.
    static func wrkScript(table: String, _ values: [String], authorization: String, request: String) -> String {
        let list = values.map { #""\#($0)""# }.joined(separator: ", ")
        return #"""
            local \#(table) = {\#(list)}
            local counter = 1
            function setup(thread)
              thread:set("id", counter)
              counter = counter + 1
            end
            function init(args)
              mode = args[1]
              wrk.headers["Authorization"] = \#(authorization)
              sent = 0
            end
            function request()
            \#(request)
            end
            """#
    }

    private func datasetteVersion(_ datasette: String) -> String {
        let output = (try? captureOutput([datasette, "--version"]).output) ?? ""
        return output.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }

    // MARK: An import beside the server

    /// `catalog import --dry-run` of `rows` generated books into the served catalog, as a child process stopped
    /// with SIGTERM (the import rolls back) when the measurement is over.
    private final class ImportBeside {
        let label: String
        private let process = Process()

        init(catalog: String, database: String, rows: Int, in directory: URL) throws {
            label = "catalog import --dry-run of \(rows) books"
            let csv = directory.appending(path: "beside.csv").path
            try BooksCSVGenerator(rows: rows).write(to: csv)
            process.executableURL = URL(filePath: catalog)
            process.arguments = ["--db", database, "import", csv, "--source", "bench-beside", "--dry-run"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Past opening the file and into its first rows, holding the write lock.
            Thread.sleep(forTimeInterval: 2)
        }

        var isRunning: Bool { process.isRunning }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    // MARK: Memory

    /// VmRSS idle and with `parkedPolls` change-feed long-polls parked; the samples time opening and sending them.
    /// The long-polls come from as many tokens, users and client addresses as the server's long-poll quota needs
    /// (16 a token, 2 tokens a user, 125 an address).
    private func parkedMemory(server: ServerProcess, catalog: String, database: String, log: (String) -> Void) throws
        -> Measurement
    {
        let tokens = try (0..<(parkedPolls + 15) / 16).map { index in
            try navigationToken(catalog: catalog, database: database, user: "bench-parked-\(index / 2)")
        }
        let health = try HTTPExchange.request(port: server.port, "GET", "/v1/health")
        guard let json = try JSONSerialization.jsonObject(with: Data(health.body.utf8)) as? [String: Any],
            let highWater = json["lastSeq"] as? Int
        else { throw BenchmarkError("GET /v1/health answered \(health.status): \(health.body)") }
        let idle = server.residentMegabytes
        let start = ContinuousClock.now
        var polls: [HTTPExchange] = []
        defer { for poll in polls { poll.close() } }
        for index in 0..<parkedPolls {
            let poll = try HTTPExchange(port: server.port, from: "127.0.0.\(10 + index / 125)")
            polls.append(poll)
            try poll.send(
                "GET", "/v1/changes?since=\(highWater)&wait=60",
                headers: ["Authorization": "Bearer \(tokens[index / 16])"])
        }
        let sending = (ContinuousClock.now - start).components
        // Time for every request to be read and parked; none may have been answered.
        Thread.sleep(forTimeInterval: 3)
        let answered = polls.filter(\.hasAnswer).count
        let parked = server.residentMegabytes
        log(
            String(
                format: "serve: VmRSS idle %.1f MB, with %d long-polls parked %.1f MB (%d answered early)", idle,
                parkedPolls, parked, answered))
        var measurement = Measurement(
            suite: name, case: "open and send \(parkedPolls) change-feed long-polls", impl: "catalog serve",
            samples: [Double(sending.seconds) + Double(sending.attoseconds) / 1e18])
        measurement.notes = ["rss_idle_mb": idle, "rss_parked_mb": parked, "answered_early": Double(answered)]
        return measurement
    }

    // MARK: Navigation from another process

    /// The time from the exit of a `catalog nav` process to the answer of the scene long-poll it wakes
    /// (negative when the answer came first: the watcher saw the commit before the process was reaped). A round
    /// whose long-poll is answered 304 when its 5 s are up missed the change: it is logged and counted
    /// (`missed_wakeups`), not timed.
    func navigationToAnswer(
        server: ServerProcess, catalog: String, database: [String], user: String, token: String,
        impl: String = "catalog serve", log: (String) -> Void
    ) throws -> Measurement {
        try sceneLongPolls(
            case: "catalog nav (another process) exit → scene long-poll answer", impl: impl, port: server.port,
            scene: "main", token: token, log: log
        ) { section in
            let nav = try ChildRun.measure(
                [catalog] + database + ["nav", "--user", user, "select-sidebar", section])
            guard nav.status == 0 else { throw BenchmarkError("catalog nav exited with status \(nav.status)") }
        }
    }

    /// `navigationRounds` rounds of: a long-poll on `scene` parked on the server at `port`, then `change` selecting
    /// in the sidebar the other section than the scene shows (so the change is one), made elsewhere; each round's
    /// sample is the time from `change` returning to the long-poll's answer. A long-poll answered 304 when its 5 s
    /// are up missed the change: it is logged and counted (`missed_wakeups`), not timed.
    func sceneLongPolls(
        case label: String, impl: String, port: Int, scene: String, token: String, log: (String) -> Void,
        change: (_ section: String) throws -> Void
    ) throws -> Measurement {
        let authorization = ["Authorization": "Bearer \(token)"]
        var samples: [Double] = []
        var missed = 0
        for round in 0..<navigationRounds {
            let shown = try HTTPExchange.request(port: port, "GET", "/v1/me/scenes/\(scene)", headers: authorization)
            guard shown.status == 200, let tag = shown.headers["etag"] else {
                throw BenchmarkError("GET /v1/me/scenes/\(scene) answered \(shown.status): \(shown.body)")
            }
            let poll = try HTTPExchange(port: port)
            try poll.send(
                "GET", "/v1/me/scenes/\(scene)?wait=5",
                headers: authorization.merging(["If-None-Match": tag]) { $1 })
            let answer = Handoff<(ContinuousClock.Instant, HTTPExchange.Answer?)>()
            Thread.detachNewThread {
                let reply = try? poll.receive()
                answer.put((.now, reply))
            }
            Thread.sleep(forTimeInterval: 0.05)
            // A new scene starts from the user's most recent one, which earlier work may have left on either.
            let sidebar = (try? JSONSerialization.jsonObject(with: Data(shown.body.utf8)) as? [String: Any])?["sidebar"]
            try change(sidebar as? String == "authors" ? "books" : "authors")
            let changed = ContinuousClock.now
            let (arrived, reply) = answer.take()
            if reply?.status == 304 {
                missed += 1
                log("\(name): round \(round): the scene long-poll missed the change (304 at the end of its wait)")
                continue
            }
            guard reply?.status == 200 else {
                throw BenchmarkError(
                    "round \(round): the scene long-poll answered \(reply?.status ?? 0), not 200 with the new state")
            }
            let elapsed = (arrived - changed).components
            samples.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
        guard !samples.isEmpty else { throw BenchmarkError("every scene long-poll missed its change") }
        var measurement = Measurement(suite: name, case: label, impl: impl, samples: samples)
        measurement.notes = ["missed_wakeups": Double(missed)]
        log(
            "\(name): \(label) (\(impl)): p50 \(formatSeconds(measurement.median)), "
                + "p99 \(formatSeconds(measurement.p99)), \(missed) of \(navigationRounds) missed")
        return measurement
    }
}
