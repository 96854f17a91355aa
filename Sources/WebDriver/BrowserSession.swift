public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One headless Chromium driven through W3C WebDriver: JSON commands over HTTP to chromedriver.
public final class BrowserSession: @unchecked Sendable {
    // Invariant that makes the class Sendable: every property is set once in `init`; commands are blocking HTTP
    // exchanges, each on a connection of its own.

    private let sessionURL: URL
    private let profile: URL
    /// Chromium's process, ended by ``quit()`` if closing the session left it running.
    private let browserProcess: pid_t?

    init(driver: URL, browser: String, width: Int, height: Int) throws {
        profile = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
        ]
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": ["binary": browser, "args": arguments],
                    // Keeps the page's console messages and uncaught errors for ``consoleLog()``.
                    "goog:loggingPrefs": ["browser": "ALL"],
                ]
            ]
        ]
        let answer = try Self.command("POST", driver.appending(path: "session"), capabilities)
        guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
            try? FileManager.default.removeItem(at: profile)
            throw WebDriverError.badAnswer(method: "POST", path: "/session", text: "\(answer ?? "nil")")
        }
        sessionURL = driver.appending(path: "session/\(id)")
        let granted = value["capabilities"] as? [String: Any]
        browserProcess = (granted?["goog:processID"] as? Int).map { pid_t($0) }
    }

    /// Ends the session (Chromium exits) and removes its profile.
    public func quit() {
        _ = try? Self.command("DELETE", sessionURL, nil)
        if let browserProcess, kill(browserProcess, 0) == 0 { kill(browserProcess, SIGTERM) }
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: Navigation

    /// Loads `url` and waits for the document to load.
    public func navigate(to url: String) throws {
        _ = try command("POST", "url", ["url": url])
    }

    /// Reloads the page.
    public func refresh() throws {
        _ = try command("POST", "refresh", [:])
    }

    /// The browser's back button.
    public func back() throws {
        _ = try command("POST", "back", [:])
    }

    /// The address bar.
    public func currentURL() throws -> String {
        try command("GET", "url", nil) as? String ?? ""
    }

    /// Resizes the window to `width` × `height` CSS pixels.
    public func setWindowSize(width: Int, height: Int) throws {
        _ = try command("POST", "window/rect", ["width": width, "height": height])
    }

    /// The page as a PNG.
    public func screenshot() throws -> Data {
        guard let text = try command("GET", "screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw WebDriverError.badAnswer(method: "GET", path: "screenshot", text: "not base64")
        }
        return data
    }

    // MARK: Script

    /// Runs `script` (a function body; `arguments[0]`… are `arguments`) in the page and returns its result.
    @discardableResult
    public func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script` (a function body that calls `arguments[arguments.length - 1]` with its result) in the page.
    @discardableResult
    public func executeAsync(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "execute/async", ["script": script, "args": arguments])
    }

    /// Waits until `script` returns a truthy value, checking every 50 ms for at most `timeout` seconds.
    ///
    /// - Returns: the value.
    /// - Throws: ``WebDriverError/timedOut(waitingFor:last:)`` with `description` and the last value.
    @discardableResult
    public func wait(
        for description: String, timeout: Double = 15, until script: String, _ arguments: [Any] = []
    ) throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Any?
        repeat {
            last = try execute(script, arguments)
            if let value = last, Self.isTruthy(value) { return value }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        throw WebDriverError.timedOut(waitingFor: description, last: "\(last ?? "nil")")
    }

    /// Runs a Chrome DevTools Protocol command (e.g. `Network.setBlockedURLs`) in the browser.
    @discardableResult
    public func cdp(_ name: String, _ parameters: [String: Any] = [:]) throws -> Any? {
        try command("POST", "goog/cdp/execute", ["cmd": name, "params": parameters])
    }

    /// The console messages, uncaught errors and failed loads the browser logged since the last call (chromedriver
    /// hands each entry out once), oldest first.
    public func consoleLog() throws -> [ConsoleEntry] {
        let entries = try command("POST", "se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.map { entry in
            ConsoleEntry(
                level: entry["level"] as? String ?? "", source: entry["source"] as? String ?? "",
                message: entry["message"] as? String ?? "")
        }
    }

    // MARK: Elements

    /// The element `selector` finds (its WebDriver reference).
    public func element(_ selector: String) throws -> String {
        let value = try command("POST", "element", ["using": "css selector", "value": selector])
        guard let found = value as? [String: Any], let id = found.values.first as? String else {
            throw WebDriverError.badAnswer(method: "POST", path: "element", text: "\(value ?? "nil")")
        }
        return id
    }

    /// Clicks the element `selector` finds, as a user would (scrolled into view, at its centre).
    public func click(_ selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/click", [:])
    }

    /// Types `text` into the element `selector` finds.
    public func type(_ text: String, into selector: String) throws {
        _ = try command("POST", "element/\(try element(selector))/value", ["text": text])
    }

    /// Presses `keys` (WebDriver key codes such as `"\u{E015}"`, arrow down) on the focused element.
    public func press(_ keys: String) throws {
        let actions = keys.unicodeScalars.flatMap { key in
            [["type": "keyDown", "value": String(key)], ["type": "keyUp", "value": String(key)]]
        }
        _ = try command(
            "POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    // MARK: Transport

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        try Self.command(method, sessionURL.appending(path: path), body)
    }

    private static func command(_ method: String, _ url: URL, _ body: [String: Any]?) throws -> Any? {
        let data = try LoopbackHTTP.exchange(
            method, port: url.port ?? 80, path: url.path,
            body: try body.map { try JSONSerialization.data(withJSONObject: $0) })
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        guard let answer = object as? [String: Any] else {
            throw WebDriverError.badAnswer(
                method: method, path: url.path, text: String(decoding: data, as: UTF8.self))
        }
        let value = answer["value"]
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw WebDriverError.command(
                method: method, path: url.path, error: error, message: failure["message"] as? String ?? "")
        }
        return value is NSNull ? nil : value
    }

    private static func isTruthy(_ value: Any) -> Bool {
        switch value {
        case let flag as Bool: flag
        case let text as String: !text.isEmpty
        case is NSNull: false
        default: true
        }
    }
}
