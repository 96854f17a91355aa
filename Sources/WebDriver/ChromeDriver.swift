public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `chromedriver` process on a free loopback port, and the headless Chromium sessions it starts.
///
/// ```swift
/// let driver = try ChromeDriver()
/// defer { driver.stop() }
/// let browser = try driver.startBrowser()
/// defer { browser.quit() }
/// try browser.navigate(to: "http://127.0.0.1:8080/")
/// ```
public final class ChromeDriver: @unchecked Sendable {
    // Invariant that makes the class Sendable: `process` is set once in `init`, and `Process` is thread-safe for
    // `terminate()` and `waitUntilExit()`.

    /// The Chromium and chromedriver programs looked for, in order.
    public static let browserPaths = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    public static let driverPaths = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]

    /// Chromium's path, or `nil` when none is installed.
    public static var browserPath: String? { browserPaths.first { FileManager.default.isExecutableFile(atPath: $0) } }
    /// chromedriver's path, or `nil` when none is installed.
    public static var driverPath: String? { driverPaths.first { FileManager.default.isExecutableFile(atPath: $0) } }

    /// Why the browser cannot run here (a program is missing), or `nil` when it can.
    public static var unavailableReason: String? {
        if browserPath == nil { return "Chromium is not installed (apt-get install chromium)" }
        if driverPath == nil { return "chromedriver is not installed (apt-get install chromium-driver)" }
        return nil
    }

    private let process: Process
    /// The driver's address, `http://127.0.0.1:PORT`.
    public let baseURL: URL

    /// Starts chromedriver on a free port and waits until it listens.
    ///
    /// - Throws: ``WebDriverError/notInstalled(_:)`` when a program is missing, ``WebDriverError/driverDidNotStart(_:)``
    ///   when it exits or prints no port.
    public init() throws {
        guard let driver = Self.driverPath, Self.browserPath != nil else {
            throw WebDriverError.notInstalled(Self.unavailableReason ?? "")
        }
        process = Process()
        process.executableURL = URL(filePath: driver)
        process.arguments = ["--port=0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while Self.port(in: text) == nil {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = Self.port(in: text), let url = URL(string: "http://127.0.0.1:\(port)") else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw WebDriverError.driverDidNotStart(text)
        }
        baseURL = url
        // Keep the pipe drained so the driver never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Starts a headless Chromium with a fresh profile in a temporary directory (removed by ``BrowserSession/quit()``).
    ///
    /// - Parameters:
    ///   - width: the window's width in CSS pixels.
    ///   - height: the window's height.
    /// - Throws: ``WebDriverError``.
    public func startBrowser(width: Int = 1280, height: Int = 800) throws -> BrowserSession {
        try BrowserSession(driver: baseURL, browser: Self.browserPath ?? "chromium", width: width, height: height)
    }

    /// Stops chromedriver and waits for it to exit. Quit its browsers first (``BrowserSession/quit()``).
    public func stop() {
        output?.readabilityHandler = nil
        // chromedriver ignores SIGTERM; its browsers are gone once their sessions were quit, so nothing is lost.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private var output: FileHandle? { (process.standardOutput as? Pipe)?.fileHandleForReading }

    /// The port of "…started successfully on port N." in `text`.
    private static func port(in text: String) -> Int? {
        guard let range = text.range(of: "on port ", options: .backwards) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard text[range.upperBound...].dropFirst(digits.count).first == "." else { return nil }
        return Int(digits).flatMap { $0 > 0 ? $0 : nil }
    }
}
