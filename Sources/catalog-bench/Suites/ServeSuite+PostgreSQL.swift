import Foundation
import PostgreSQLDB
import SQLiteDB

/// Suite `serve-postgresql` (with `--postgresql URL`): `catalog serve` on SQLite and on PostgreSQL side by side, over
/// the same catalog (`CATALOG_BENCH_SERVE_BOOKS` generated books, default 100,000, imported into a new SQLite file
/// and into the emptied PostgreSQL database by `catalog import`):
///
/// - requests/s and latency with wrk (as the `serve` suite: 2 threads, 16 connections) of the first books page
///   and of navigation intents (from 8 users taking turns), on the SQLite server, on one PostgreSQL server, and on two PostgreSQL servers of
///   the same database at once (8 connections each, the sum of their requests/s);
/// - the time from the exit of a `catalog nav` process to the answer of the scene long-poll it wakes, on each
///   backend (on PostgreSQL the wake-up is a `NOTIFY`);
/// - the time from an intent POSTed to one PostgreSQL server to the answer of the scene long-poll waiting on the
///   other.
struct PostgreSQLServeSuite: BenchmarkSuite {
    let name = "serve-postgresql"
    /// The PostgreSQL database, emptied first; `nil`: the suite is skipped.
    let postgreSQL: String?
    let books =
        Int(ProcessInfo.processInfo.environment["CATALOG_BENCH_SERVE_BOOKS"] ?? "").map { max(10, $0) } ?? 100_000
    /// The users whose intents the load sends, each with its own scenes.
    let intentUsers = 8

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        guard let url = postgreSQL else {
            log("\(name): no --postgresql URL (Scripts/bench_postgresql.sh passes one): skipped")
            return []
        }
        let catalog = try catalogExecutable()
        let serve = ServeSuite(name: name)
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appending(path: "books.csv").path
        try BooksCSVGenerator(rows: books).write(to: csv)
        _ = try PostgreSQLConnection(uri: url).execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        let sqlite = ["--db", directory.appending(path: "serve.sqlite").path]
        let postgres = ["--database", url]
        var results: [Measurement] = []
        for (database, impl) in [(sqlite, "SQLite"), (postgres, "PostgreSQL (COPY)")] {
            let imported = try ChildRun.measure([catalog] + database + ["import", csv, "--source", "books"])
            guard imported.status == 0 else { throw BenchmarkError("catalog import (\(impl)) failed") }
            log(String(format: "%@: imported %d books into %@ in %.1f s", name, books, impl, imported.seconds))
            var measurement = Measurement(
                suite: name, case: "import \(books) generated books", impl: "catalog import, \(impl)",
                samples: [imported.seconds])
            measurement.notes = ["peak_rss_mb": imported.peakRSSMegabytes, "cpu_s": imported.cpuSeconds]
            results.append(measurement)
        }

        // Both as a server finds them once the import is behind it: its WAL checkpointed, statistics gathered and, on
        // PostgreSQL, the new rows vacuumed (autovacuum would otherwise run during the measurement: intents measured
        // 474 requests/s beside it, over 3,000 on a settled database).
        let settled = try Database(path: sqlite[1])
        try settled.execute("ANALYZE")
        try settled.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try settled.close()
        let server = try PostgreSQLConnection(uri: url)
        for statement in ["VACUUM ANALYZE", "CHECKPOINT"] { try server.execute(statement) }

        let user = "bench-serve"
        let servers = try [sqlite, postgres, postgres].map { database in
            try ServerProcess(
                [catalog] + database + ["serve", "--listen", "127.0.0.1:0", "--rate-limit", "0"], label: "catalog serve"
            )
        }
        defer { for server in servers { server.stop() } }
        let tokens = try [sqlite, postgres].map { try navigationToken(catalog: catalog, database: $0, user: user) }
        // Intents come from several users: on PostgreSQL one user's saves run one after the other (each locks the
        // user's row), as every save on SQLite does (one writer).
        let users = try [sqlite, postgres].map { database in
            try (0..<intentUsers).map {
                try navigationToken(catalog: catalog, database: database, user: "\(user)-\($0)")
            }
        }

        if let wrk = executableOnPath("wrk") {
            for (label, path, mode) in [
                ("books page 1 (limit 50) with the total, JSON", "/v1/books?limit=50", "get"),
                ("navigation intent (POST)", "/v1/me/scenes", "intents"),
            ] {
                let seconds = serve.seconds
                let run: @Sendable (Int, [String], Int) throws -> WrkResult = { port, tokens, connections in
                    let script = directory.appending(path: "\(port).lua")
                    try Data(ServeSuite.wrkScript(tokens: tokens).utf8).write(to: script)
                    return try ServeSuite.wrk(
                        wrk, "http://127.0.0.1:\(port)\(path)", connections: connections, seconds: seconds,
                        script: script, arguments: ["--", mode])
                }
                let onSQLite = try run(servers[0].port, users[0], serve.connections)
                results.append(serve.measurement(label, impl: "catalog serve, SQLite", onSQLite, log: log))
                let onPostgreSQL = try run(servers[1].port, users[1], serve.connections)
                results.append(serve.measurement(label, impl: "catalog serve, PostgreSQL", onPostgreSQL, log: log))
                // Two servers of one database, loaded at once, half the connections each.
                let pair = Handoff<Result<WrkResult, any Error>>()
                let (secondPort, tokens, half) = (servers[2].port, users[1], serve.connections / 2)
                Thread.detachNewThread { pair.put(Result { try run(secondPort, tokens, half) }) }
                let first = try run(servers[1].port, users[1], half)
                let second = try pair.take().get()
                var both = serve.measurement(
                    label, impl: "2 × catalog serve, PostgreSQL (sum)", first.combined(with: second), log: log)
                both.notes["connections"] = Double(serve.connections)
                results.append(both)
                log(
                    String(
                        format: "%@: %@: PostgreSQL answers %.2f× the requests/s of SQLite; two servers %.2f×", name,
                        label, onPostgreSQL.requestsPerSecond / onSQLite.requestsPerSecond,
                        (first.requestsPerSecond + second.requestsPerSecond) / onSQLite.requestsPerSecond))
            }
        } else {
            log("\(name): wrk is not on the PATH (Debian: apt install wrk): throughput skipped")
        }

        results.append(
            try serve.navigationToAnswer(
                server: servers[0], catalog: catalog, database: sqlite, user: user, token: tokens[0],
                impl: "catalog serve, SQLite", log: log))
        results.append(
            try serve.navigationToAnswer(
                server: servers[1], catalog: catalog, database: postgres, user: user, token: tokens[1],
                impl: "catalog serve, PostgreSQL", log: log))
        results.append(try acrossServers(servers[1], servers[2], token: tokens[1], serve: serve, log: log))
        return results
    }

    /// The time from the answer to an intent POSTed to `writer` to the answer of the scene long-poll on `watcher`
    /// it wakes: a commit on one server reaching a client of another through `NOTIFY`.
    private func acrossServers(
        _ watcher: ServerProcess, _ writer: ServerProcess, token: String, serve: ServeSuite, log: (String) -> Void
    ) throws -> Measurement {
        try serve.sceneLongPolls(
            case: "intent answered by one server → scene long-poll answer on another",
            impl: "2 × catalog serve, PostgreSQL", port: watcher.port, scene: "across", token: token, log: log
        ) { section in
            let changed = try HTTPExchange.request(
                port: writer.port, "POST", "/v1/me/scenes/across/intents",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                body: #"{"intent":"select-sidebar","argument":"\#(section)"}"#)
            guard changed.status == 200 else { throw BenchmarkError("the intent answered \(changed.status)") }
        }
    }
}
