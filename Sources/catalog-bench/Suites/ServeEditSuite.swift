import Foundation

/// Suite `serve-edit`: hand edits over HTTP on the release `catalog serve` (the binary next to `catalog-bench`) as a
/// child process on 127.0.0.1, on the browse suite's generated catalog (`CATALOG_BENCH_BOOKS`, `CATALOG_BENCH_DB`),
/// with `wrk` as the `serve` suite drives it (2 threads, 16 connections, 10 s each or `CATALOG_BENCH_SERVE_SECONDS`,
/// `--latency`): the first page of books (limit 50), then `PATCH /v1/books/UUID` title edits (`If-Match: *`, each
/// request a new title of the next of 1,000 books, so each is a change: one transaction through the catalog's one
/// writer, its history record and change-feed row), in the same run, so the two figures share the machine's load.
struct ServeEditSuite: BenchmarkSuite {
    let name = "serve-edit"
    /// Books the edits take turns over.
    let editedBooks = 1000

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let serve = ServeSuite(name: name)
        guard let wrk = executableOnPath("wrk") else {
            log("\(name): wrk is not on the PATH (Debian: apt install wrk): skipped")
            return []
        }
        let catalog = try catalogExecutable()
        return try BrowseSuite.withCatalog(suite: name, log: log) { path, directory in
            let token = try navigationToken(
                catalog: catalog, database: ["--db", path], user: "bench-edit", scope: "edit")
            let server = try ServerProcess.unlimited(catalog, database: path)
            defer { server.stop() }
            let books = try bookPaths(port: server.port, token: token)
            let probe = try HTTPExchange.request(
                port: server.port, "PATCH", books[0],
                headers: ["Authorization": "Bearer \(token)", "If-Match": "*", "Content-Type": "application/json"],
                body: #"{"title": "A title edited by catalog-bench"}"#)
            guard probe.status == 200 else { throw BenchmarkError("PATCH \(books[0]) answered \(probe.status)") }

            let script = directory.appending(path: "edits.lua")
            try Data(Self.wrkScript(token: token, books: books).utf8).write(to: script)
            let base = "http://127.0.0.1:\(server.port)"
            var results: [Measurement] = []
            for (label, url, mode) in [
                ("books page 1 (limit 50) with the total, JSON", base + "/v1/books?limit=50", "get"),
                ("book title edit (PATCH, If-Match: *)", base + books[0], "edits"),
            ] {
                let result = try ServeSuite.wrk(
                    wrk, url, connections: serve.connections, seconds: serve.seconds, script: script,
                    arguments: ["--", mode])
                results.append(serve.measurement(label, impl: "catalog serve", result, log: log))
            }
            return results
        }
    }

    /// The paths of the first ``editedBooks`` books, `/v1/books/UUID`.
    private func bookPaths(port: Int, token: String) throws -> [String] {
        let answer = try HTTPExchange.request(
            port: port, "GET", "/v1/books?limit=\(editedBooks)", headers: ["Authorization": "Bearer \(token)"])
        guard answer.status == 200,
            let page = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
            let items = page["items"] as? [[String: Any]]
        else { throw BenchmarkError("GET /v1/books answered \(answer.status): \(answer.body)") }
        let paths = items.compactMap { ($0["uuid"] as? String).map { "/v1/books/\($0)" } }
        guard !paths.isEmpty else { throw BenchmarkError("the catalog has no books to edit") }
        return paths
    }

    /// wrk's script: the token on every request; with argument `edits`, PATCHes of a book's title, each thread taking
    /// turns over the books from its own offset, every title new (the thread and a counter).
    static func wrkScript(token: String, books: [String]) -> String {
        ServeSuite.wrkScript(
            table: "books", books, authorization: #""Bearer \#(token)""#,
            request: #"""
                  if mode ~= "edits" then return wrk.format() end
                  local book = books[(id * 499 + sent) % #books + 1]
                  sent = sent + 1
                  local body = '{"title":"Edited by wrk thread ' .. id .. ', edit ' .. sent .. '"}'
                  -- Headers given to wrk.format replace wrk.headers: the token goes in again.
                  local headers = {["Authorization"] = "Bearer \#(token)", ["If-Match"] = "*",
                    ["Content-Type"] = "application/json"}
                  return wrk.format("PATCH", book, headers, body)
                """#)
    }
}
