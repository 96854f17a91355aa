import Foundation
import WebDriver

/// Suite `web`: the web split view in headless Chromium (chromedriver), on the release `catalog serve` (a child
/// process on 127.0.0.1, stopped with SIGTERM) and the browse suite's generated catalog (`CATALOG_BENCH_BOOKS`,
/// `CATALOG_BENCH_DB`). The page's user shows the books list (keyset pages of the whole catalog, with its total) and
/// a book in the detail:
///
/// - a load: the browser's navigation start → the three columns rendered (the page's `columns-rendered` mark), 10
///   loads after an untimed one;
/// - a selection: a click on another book of the content list → the state the server saved for it rendered, 20;
/// - a `catalog nav select-content` in another process → the open page showing the state it saved, from the
///   process's exit (the page holds a scene long-poll), 20.
///
/// Without Chromium or chromedriver the suite is skipped, with the reason logged.
struct WebSuite: BenchmarkSuite {
    let name = "web"
    let loads = 10
    let rounds = 20

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        if let reason = ChromeDriver.unavailableReason {
            log("web: \(reason): skipped")
            return []
        }
        let catalog = try catalogExecutable()
        return try BrowseSuite.withCatalog(suite: name, log: log) { path, _ in
            let user = "bench-web"
            let token = try navigationToken(catalog: catalog, database: path, user: user)
            let listed = try captureOutput([catalog, "--db", path, "list", "books", "--limit", "2", "--json"])
            let books = try Self.uuids(in: listed.output)
            guard books.count == 2 else { throw BenchmarkError("catalog list books gave \(books.count) books") }
            let nav = { (arguments: [String]) throws in
                let result = try captureOutput([catalog, "--db", path, "nav", "--user", user] + arguments)
                guard result.status == 0 else { throw BenchmarkError("catalog nav \(arguments) failed") }
            }
            try nav(["select-sidebar", "books"])
            try nav(["select-content", "book/\(books[0])"])

            let server = try ServerProcess.unlimited(catalog, database: path)
            defer { server.stop() }
            let driver = try ChromeDriver()
            defer { driver.stop() }
            let browser = try driver.startBrowser()
            defer { browser.quit() }
            let base = "http://127.0.0.1:\(server.port)/"
            try signIn(browser, at: base, token: token)

            var results: [Measurement] = []
            var loadSamples: [Double] = []
            // One load first, untimed: the browser's cache of the page's files, and the server's pages of the catalog.
            for load in 0...loads {
                try browser.navigate(to: base)
                let rendered = try browser.wait(
                    for: "the columns-rendered mark",
                    until: "return performance.getEntriesByName('columns-rendered')[0]?.startTime ?? null")
                if load > 0 { loadSamples.append((rendered as? Double ?? 0) / 1000) }
            }
            results.append(record("page load → three columns rendered", loadSamples, log: log))

            var selectionSamples: [Double] = []
            for round in 0..<rounds {
                let book = books[(round + 1) % 2]
                let elapsed = try browser.executeAsync(
                    """
                    const [route, done] = arguments;
                    const app = document.getElementById("app");
                    const option = document.querySelector(`#content-list [data-route="${route}"]`);
                    const before = app.dataset.renderedEtag;
                    const start = performance.now();
                    const observer = new MutationObserver(() => {
                      if (app.dataset.renderedEtag === before) return;
                      observer.disconnect();
                      done(performance.now() - start);
                    });
                    observer.observe(app, { attributes: true, attributeFilter: ["data-rendered-etag"] });
                    option.click();
                    """, ["book/\(book)"])
                selectionSamples.append((elapsed as? Double ?? 0) / 1000)
            }
            results.append(record("a click → the saved state rendered", selectionSamples, log: log))

            var terminalSamples: [Double] = []
            for round in 0..<rounds {
                let shown = Handoff<Double?>()  // the wall-clock time (ms since 1970) the page reported
                let before =
                    try browser.execute("return document.getElementById('app').dataset.renderedEtag") as? String
                Thread.detachNewThread {
                    shown.put(
                        try? browser.executeAsync(
                            """
                            const [before, done] = arguments;
                            const app = document.getElementById("app");
                            const now = () => performance.timeOrigin + performance.now();
                            if (app.dataset.renderedEtag !== before) return done(now());
                            const observer = new MutationObserver(() => {
                              if (app.dataset.renderedEtag === before) return;
                              observer.disconnect();
                              done(now());
                            });
                            observer.observe(app, { attributes: true, attributeFilter: ["data-rendered-etag"] });
                            """, [before ?? ""]) as? Double)
                }
                Thread.sleep(forTimeInterval: 0.05)
                // Spawned and reaped with wait4, so the exit time is the process's own (Process polls for it).
                let run = try ChildRun.measure([
                    catalog, "--db", path, "nav", "--user", user, "select-content", "book/\(books[(round + 1) % 2])",
                ])
                let exited = Date().timeIntervalSince1970 * 1000
                guard run.status == 0 else { throw BenchmarkError("catalog nav exited with status \(run.status)") }
                guard let rendered = shown.take() else {
                    throw BenchmarkError("round \(round): the page never showed it")
                }
                terminalSamples.append((rendered - exited) / 1000)
            }
            results.append(record("catalog nav (another process) exit → the page shows it", terminalSamples, log: log))
            return results
        }
    }

    /// Signs in with `token` on the page's form and waits for the first state to be rendered.
    private func signIn(_ browser: BrowserSession, at base: String, token: String) throws {
        try browser.navigate(to: base)
        try browser.wait(for: "the sign-in form", until: "return !document.getElementById('sign-in').hidden")
        try browser.type(token, into: "#token")
        try browser.click("#sign-in button[type=submit]")
        try browser.wait(for: "the page", until: "return document.getElementById('app').dataset.renderedEtag")
    }

    private func record(_ label: String, _ samples: [Double], log: (String) -> Void) -> Measurement {
        let measurement = Measurement(suite: name, case: label, impl: "headless Chromium", samples: samples)
        log(
            "web: \(label): p50 \(formatSeconds(measurement.median)), p99 \(formatSeconds(measurement.p99)) "
                + "(\(samples.count) samples: \(samples.map(formatSeconds).joined(separator: ", ")))")
        return measurement
    }

    private static func uuids(in json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["uuid"] as? String }
    }
}
