public import Foundation
import Testing

/// Helpers shared by the test targets: temporary files, the built executables, child processes.
public enum TestSupport {
    /// The directory holding the built products (`catalog`, the test bundle …).
    public static var productsDirectory: URL {
        #if os(Linux)
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL
        #endif
    }

    /// The path of the built executable `name`.
    public static func executable(_ name: String) -> String {
        productsDirectory.appending(path: name).path
    }

    /// A new empty directory, unique to the caller. The test process removes it when it exits, unless
    /// `CATALOG_KEEP_TEST_FILES` is set (to look at what a failing test left).
    public static func temporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "catalog-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        RemovedAtExit.shared.add(url)
        return url
    }

    /// The permission bits (`0o644`, `0o600` …) of the file at `path`, or `nil` when nothing is there.
    public static func permissions(ofFileAt path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    /// The repository root, found from this file's location.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The path of `relative` in the folder of real data sets kept beside the checkout (`shared/data`, not part
    /// of the package); when it is absent the calling test is cancelled, so it shows as skipped.
    public static func sharedData(_ relative: String) throws -> String {
        let path = packageRoot.deletingLastPathComponent().appending(path: "shared/data").appending(path: relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            try Test.cancel("\(path) is absent: the real data sets are not beside the checkout")
        }
        return path
    }

    /// The path of the installed program `name` (`sqlite3`, `python3` …) in `PATH` or the usual places; when it
    /// is not installed the calling test is cancelled, so it shows as skipped.
    public static func installedTool(_ name: String) throws -> String {
        let usual = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        let path = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":").map(String.init)
        guard
            let tool = (path + usual).map({ "\($0)/\(name)" })
                .first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            try Test.cancel("\(name) is not installed: not in PATH, nor in \(usual.joined(separator: ", "))")
        }
        return tool
    }

    /// A Python interpreter that can import `module` (`pymarc` …): the one `CATALOG_PYTHON` names (CI points it at
    /// a virtual environment), else `python3`; when neither can, the calling test is cancelled, so it shows as
    /// skipped.
    public static func python(with module: String) throws -> String {
        let python = try ProcessInfo.processInfo.environment["CATALOG_PYTHON"] ?? installedTool("python3")
        guard try run(python, ["-c", "import \(module)"]).status == 0 else {
            try Test.cancel(
                "\(python) cannot import \(module): install it (pip install \(module)) or set CATALOG_PYTHON")
        }
        return python
    }

    /// What a finished child process printed and returned.
    public struct ProcessResult: Sendable {
        /// The exit status, or the signal number when a signal ended the process.
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
        /// Whether a signal ended the process rather than an exit.
        public var endedBySignal = false
    }

    /// Runs `executable` with `arguments` to completion.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> ProcessResult {
        let process = try start(executable, arguments, environment: environment, currentDirectory: currentDirectory)
        return process.wait()
    }

    /// GNU time, which measures a command's peak resident memory: `nil` when it is not installed.
    public static let peakMemoryMeter: String? =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// Runs `executable` with `arguments` to completion under ``peakMemoryMeter`` and reads the child's peak
    /// resident memory (`wait4`'s `ru_maxrss`).
    ///
    /// The measuring parent must be small: a child spawned straight from the test process starts with the test
    /// process's own high-water mark (exec records the old address space's peak, and `posix_spawn` shares the
    /// parent's until then), so `ru_maxrss` would report the test runner, not the command.
    ///
    /// - Returns: What the child printed and returned, and its peak resident set in bytes.
    /// - Throws: ``MissingTool`` when GNU time is not installed.
    public static func runMeasuringPeakMemory(_ executable: String, _ arguments: [String]) throws
        -> (result: ProcessResult, peakResidentBytes: Int)
    {
        guard let meter = peakMemoryMeter else { throw MissingTool(name: "/usr/bin/time (GNU time)") }
        let report = try temporaryDirectory("peak-memory")
        defer { try? FileManager.default.removeItem(at: report) }
        let file = report.appending(path: "maxrss").path
        let result = try run(meter, ["--format=%M", "--output=\(file)", executable] + arguments)
        // The last line is the peak in KiB; a line before it may say the command failed.
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let kibibytes = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        return (result, kibibytes * 1024)
    }

    /// A tool a helper needs is not installed.
    public struct MissingTool: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "\(name) is not installed" }
    }

    /// Starts `executable` without waiting for it.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> ChildProcess {
        try ChildProcess(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }
}

/// A running child process whose output goes to temporary files (pipes can fill up and block the child).
public final class ChildProcess: @unchecked Sendable {
    // Only the creating test touches the instance.
    public let process = Process()
    private let directory: URL
    private let outputURL: URL
    private let errorURL: URL
    private var result: TestSupport.ProcessResult?

    init(_ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: URL?) throws {
        directory = try TestSupport.temporaryDirectory("process")
        outputURL = directory.appending(path: "stdout")
        errorURL = directory.appending(path: "stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the process to end and collects what it printed.
    public func wait() -> TestSupport.ProcessResult {
        if let result { return result }
        process.waitUntilExit()
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        let result = TestSupport.ProcessResult(
            status: process.terminationStatus, standardOutput: read(outputURL), standardError: read(errorURL),
            endedBySignal: process.terminationReason == .uncaughtSignal)
        // A suite runs thousands of commands: their output files go now rather than at exit.
        try? FileManager.default.removeItem(at: directory)
        self.result = result
        return result
    }

    /// Waits at most `limit` for the process to end, then kills it (``TestSupport/ProcessResult/endedBySignal``
    /// tells): a child stuck waiting for its input cannot hang the suite.
    public func wait(killingAfter limit: Duration) -> TestSupport.ProcessResult {
        let deadline = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        killIfRunning()
        return wait()
    }

    /// What the process has written to standard error so far (while it runs: a server's log up to now).
    public var standardErrorSoFar: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// Waits until the process has written `text` to standard error, or has ended: whether it wrote it. A test
    /// acts on what the child says (e.g. releases a lock once the child says it waits), never after a guessed delay.
    public func waitUntilStandardError(contains text: String) -> Bool {
        while process.isRunning {
            if standardErrorSoFar.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return standardErrorSoFar.contains(text)
    }

    /// The first line the process writes to standard output, without its newline: waits until the line is whole, the
    /// process has ended, or `limit` has passed (then `nil`; the bound keeps a hung child from hanging the suite).
    /// On Linux it wakes when the output file is written (inotify), and every 100 ms to notice the child's exit.
    public func firstStandardOutputLine(waitingAtMost limit: Duration = .seconds(120)) -> String? {
        func line() -> String? {
            let written = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
            return written.firstIndex(of: "\n").map { String(written[..<$0]) }
        }
        let deadline = ContinuousClock.now + limit
        let writes = OutputWrites(outputURL.path)
        while process.isRunning && ContinuousClock.now < deadline {
            if let line = line() { return line }
            writes.wait(upTo: .milliseconds(100))
        }
        return line()
    }

    /// Sends `signal` (e.g. SIGTERM) unless the process has ended; see ``killIfRunning()`` for why only then.
    public func send(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, signal)
    }

    /// Sends SIGKILL after `delay` seconds and waits: ``TestSupport/ProcessResult/endedBySignal`` tells whether
    /// the kill ended the process or it had finished before.
    public func kill(after delay: TimeInterval) -> TestSupport.ProcessResult {
        Thread.sleep(forTimeInterval: delay)
        killIfRunning()
        return wait()
    }

    /// Sends SIGKILL as soon as the file at `path` holds more than `bytes` bytes (checked every 100 µs), and waits:
    /// a kill in the middle of a write the file shows (a transaction's pages in a WAL), which a timed kill misses
    /// when the write is short and the machine busy.
    public func kill(whenFileAt path: String, exceeds bytes: Int) -> TestSupport.ProcessResult {
        while process.isRunning {
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > bytes { break }
            Thread.sleep(forTimeInterval: 0.0001)
        }
        killIfRunning()
        return wait()
    }

    /// Sends SIGKILL unless the process has ended. A pid is only the child's while the child is unreaped:
    /// Foundation reaps it before `isRunning` turns false, after which the kernel may give the pid to another
    /// process, so the signal goes only to a handle still running.
    public func killIfRunning() {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }
}

/// Wakes a waiter when a file is written: inotify on Linux, a short sleep elsewhere.
private final class OutputWrites {
    #if os(Linux)
        private let descriptor: Int32

        init(_ path: String) {
            descriptor = inotify_init1(0)
            if descriptor >= 0 { _ = inotify_add_watch(descriptor, path, UInt32(IN_MODIFY)) }
        }

        deinit { if descriptor >= 0 { close(descriptor) } }

        /// Returns after the file is written (the events are consumed) or `timeout` has passed.
        func wait(upTo timeout: Duration) {
            let milliseconds = Int32(
                timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            guard descriptor >= 0 else {
                Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
                return
            }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, milliseconds) > 0 else { return }
            var events = [UInt8](repeating: 0, count: 4096)
            _ = read(descriptor, &events, events.count)
        }
    #else
        init(_ path: String) {}

        func wait(upTo timeout: Duration) {
            Thread.sleep(forTimeInterval: 0.01)
        }
    #endif
}

/// A temporary directory for one test's files (``TestSupport/temporaryDirectory(_:)``).
public struct TemporaryFiles: Sendable {
    public let url: URL

    public init(_ label: String) throws {
        url = try TestSupport.temporaryDirectory(label)
    }

    /// The path of `name` in the directory.
    public func path(_ name: String) -> String {
        url.appending(path: name).path
    }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    public func file(_ name: String, _ text: String) -> String {
        let path = path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}

/// The temporary directories of this process, removed when it exits: a test's files must outlive every value
/// that uses them (an open database, a child process), which ends with the test, not with a local's last use.
private final class RemovedAtExit: @unchecked Sendable {
    static let shared = RemovedAtExit()
    // Guarded by `lock`.
    private var urls: [URL] = []
    private let lock = NSLock()

    private init() {
        guard ProcessInfo.processInfo.environment["CATALOG_KEEP_TEST_FILES"] == nil else { return }
        atexit { RemovedAtExit.shared.removeAll() }
    }

    func add(_ url: URL) {
        lock.withLock { urls.append(url) }
    }

    private func removeAll() {
        for url in lock.withLock({ urls }) {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
