import Foundation
import Testing
import WebDriver

/// A headless Chromium on the web page of a ``ServedCatalog``: signs in, reads what the three columns show, waits for
/// the page to show something, and saves screenshots to `.build/browser-screenshots/`.
final class PageBrowser {
    /// What the page shows.
    struct Shown: Decodable, Equatable, CustomStringConvertible {
        /// The selected option's text of the sidebar and of the content list.
        var sidebar: String?
        var content: String?
        /// The detail's title and its breadcrumb.
        var detail: String
        var crumbs: [String]
        /// The content list's options, its total and the line under it ("Loading…", "More…").
        var items: [String]
        var total: String
        var more: String
        /// What the content column says in words when its list is empty, when it says it.
        var empty: String?
        /// The status line.
        var status: String
        /// The alert region's message, when it shows one.
        var alert: String?
        /// The address bar's path and query.
        var address: String
        /// The columns on screen, of sidebar, content and detail.
        var visible: [String]
        /// The ETag of the last state rendered.
        var etag: String

        var description: String {
            "sidebar \(sidebar ?? "-"), content \(content ?? "-") of \(items.count) '\(more)', detail \(detail) \(crumbs), visible \(visible), "
                + "address \(address), status '\(status)', alert '\(alert ?? "-")'"
        }
    }

    /// Where every run's screenshots go.
    static let screenshots = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../.build/browser-screenshots").standardized

    let session: BrowserSession
    /// `http://HOST:PORT` of the server.
    let baseURL: String

    convenience init(_ driver: ChromeDriver, _ served: ServedCatalog, width: Int = 1280, height: Int = 800) throws {
        try self.init(driver, baseURL: served.baseURL, width: width, height: height)
    }

    init(_ driver: ChromeDriver, baseURL: String, width: Int = 1280, height: Int = 800) throws {
        session = try driver.startBrowser(width: width, height: height)
        self.baseURL = baseURL
    }

    /// Opens `path` of the server and signs in with `token` when the page asks for it.
    func open(_ path: String = "/", signingInWith token: String? = nil) throws {
        try session.navigate(to: baseURL + path)
        guard let token else { return }
        try session.wait(
            for: "the sign-in form or the app",
            until: "return !document.getElementById('sign-in').hidden || !document.getElementById('app').hidden")
        if try session.execute("return !document.getElementById('sign-in').hidden") as? Bool == true {
            try session.type(token, into: "#token")
            try session.click("#sign-in button[type=submit]")
        }
        try session.wait(for: "the app", until: "return document.getElementById('app').dataset.renderedEtag")
    }

    /// What the page shows now.
    func shown() throws -> Shown {
        let text = try session.execute(
            """
            const label = (id) => document.querySelector(`#${id} [aria-selected="true"] .label`)?.textContent ?? null;
            const on = (id) => { const e = document.getElementById(id); return getComputedStyle(e).display !== "none"; };
            return JSON.stringify({
              sidebar: label("sidebar-list"), content: label("content-list"),
              detail: document.getElementById("detail-title").textContent,
              crumbs: [...document.querySelectorAll("#breadcrumb-list li")].map((li) => li.textContent),
              items: [...document.querySelectorAll("#content-list .label")].map((e) => e.textContent),
              total: document.getElementById("content-total").textContent,
              more: document.getElementById("content-more").textContent,
              empty: document.getElementById("content-empty")?.hidden === false
                ? document.getElementById("content-empty-text").textContent : null,
              status: document.getElementById("status").textContent,
              alert: document.getElementById("alert")?.hidden === false
                ? document.getElementById("alert-text").textContent : null,
              address: location.pathname + location.search,
              visible: ["sidebar", "content", "detail"].filter(on),
              etag: document.getElementById("app").dataset.renderedEtag ?? "",
            });
            """)
        return try JSONDecoder().decode(Shown.self, from: Data((text as? String ?? "{}").utf8))
    }

    /// Waits until what the page shows satisfies `condition` (at most 15 s), and returns it.
    @discardableResult
    func waitUntil(_ description: String, _ condition: (Shown) -> Bool) throws -> Shown {
        let deadline = Date().addingTimeInterval(15)
        var last = try shown()
        while !condition(last) {
            guard Date() < deadline else {
                throw WebDriverError.timedOut(waitingFor: description, last: last.description)
            }
            Thread.sleep(forTimeInterval: 0.05)
            last = try shown()
        }
        return last
    }

    /// Whether the alert region is on screen, is the element announced as an alert and holds the message, and
    /// where the columns start (an alert must not move them).
    struct AlertLayout: Decodable, Equatable {
        var announced: Bool
        var visible: Bool
        var columnsTop: Double
    }

    func alertLayout() throws -> AlertLayout {
        let text = try session.execute(
            """
            const alert = document.getElementById("alert");
            return JSON.stringify({
              announced: alert?.getAttribute("role") === "alert" && alert.contains(document.getElementById("alert-text")),
              visible: alert?.checkVisibility() === true && alert.getBoundingClientRect().height > 0,
              columnsTop: document.getElementById("columns").getBoundingClientRect().top,
            });
            """)
        return try JSONDecoder().decode(AlertLayout.self, from: Data((text as? String ?? "{}").utf8))
    }

    /// The rules of axe-core (its `axe.min.js` source in `axe`) that the page as shown breaks, one line each: the
    /// rule, its impact, the elements and the fix axe suggests. The script goes in through WebDriver: the page's
    /// Content-Security-Policy would refuse it as a `<script>`.
    func accessibilityViolations(axe: String) throws -> [String] {
        try session.execute(axe + "\n;return typeof axe === 'object';")
        let answer = try session.executeAsync(
            """
            const done = arguments[arguments.length - 1];
            // axe-core 3.1 (the newest axe-selenium-python for Python 3.11 ships it) takes autocomplete="off" on the
            // token's password field for a value that does not fit the field; HTML allows it on any field.
            const rules = { "autocomplete-valid": { enabled: false } };
            axe.run(document, { resultTypes: ["violations"], rules })
              .then((result) => done(result.violations.map((rule) =>
                `${rule.id} (${rule.impact}): ${rule.nodes.map((node) => node.target.join(" ")).join(", ")}: `
                + rule.nodes[0].failureSummary.replace(/\\s+/g, " "))))
              .catch((error) => done([`axe failed: ${error}`]));
            """)
        return answer as? [String] ?? ["axe answered \(answer ?? "nothing")"]
    }

    /// The catalog lists the page requested since the last ``forgetRequests()``, in the order it asked for them: the
    /// path and query of each request under `/v1/` that is not a scene's, the web session's, the navigation's or the
    /// change feed's, without the page's `limit` and `after`, a list asked for page after page named once.
    func requestedLists() throws -> [String] {
        let paths = try session.execute(
            """
            return performance.getEntriesByType("resource").map((entry) => {
              const url = new URL(entry.name);
              for (const name of ["limit", "after"]) url.searchParams.delete(name);
              return url.pathname + (url.searchParams.size ? "?" + url.searchParams : "");
            });
            """)
        // The change feed's follower (`/v1/health`, then `/v1/changes`) starts again whenever a long-poll fails, which
        // a loaded machine makes happen at any moment: it reads no list.
        let notLists = ["/v1/me/", "/v1/web/", "/v1/navigation", "/v1/health", "/v1/changes"]
        let lists = (paths as? [String] ?? []).filter { path in
            path.hasPrefix("/v1/") && !notLists.contains { path.hasPrefix($0) }
        }
        return lists.reduce(into: []) { listed, path in if listed.last != path { listed.append(path) } }
    }

    /// Starts ``requestedLists()`` afresh.
    func forgetRequests() throws {
        try session.execute("performance.clearResourceTimings()")
    }

    /// Clicks, as a user does, the option of `route` in the list `list` (an element id), once it is there.
    func choose(_ route: String, in list: String) throws {
        let selector = "#\(list) [data-route=\"\(route)\"]"
        try session.wait(
            for: "\(route) in #\(list)", until: "return document.querySelector(arguments[0]) !== null", [selector])
        try session.click(selector)
    }

    /// Where the documentation's screenshots go (`Scripts/screenshots.sh` refreshes them).
    static let documentationImages = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../docs/images").standardized

    /// Shows the page in a viewport of exactly `width` × `height` CSS pixels (a phone's when `mobile`), as a window
    /// of that size would, until ``showInWindow()``.
    func showInViewport(width: Int, height: Int, mobile: Bool = false) throws {
        try session.cdp(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
    }

    /// Ends ``showInViewport(width:height:mobile:)``: the page fills the window again.
    func showInWindow() throws {
        try session.cdp("Emulation.clearDeviceMetricsOverride")
    }

    /// Saves a screenshot as `name`.png in `directory` (``screenshots`` unless told) and returns its path.
    @discardableResult
    func screenshot(_ name: String, in directory: URL = screenshots) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: "\(name).png")
        try session.screenshot().write(to: file)
        print("screenshot: \(file.path)")
        return file
    }

    /// The errors the page logged since the last call: console errors, uncaught exceptions, failed loads of the
    /// page's files; not the API's problem answers, which the page handles (a 401 before signing in, a 412 …).
    func consoleErrors() throws -> [ConsoleEntry] {
        try session.consoleLog().filter { entry in
            entry.isError && !(entry.source == "network" && entry.message.hasPrefix(baseURL + "/v1/"))
        }
    }

    /// Records an issue for each error the page logged since the last check, then closes the browser: every test
    /// that quits its browsers fails on a console error.
    func quit() {
        do {
            for entry in try consoleErrors() { Issue.record("the page logged an error: \(entry)") }
        } catch {
            Issue.record("the browser's console log could not be read: \(error)")
        }
        session.quit()
    }
}
