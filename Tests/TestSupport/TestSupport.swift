public import Foundation

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

    /// A new empty directory, unique to the caller.
    public static func temporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "catalog-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository root, found from this file's location.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `../shared/data` beside the checkout, when present (it is not part of the project).
    public static var sharedData: URL? {
        let url = packageRoot.deletingLastPathComponent().appending(path: "shared/data")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
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
    private let outputURL: URL
    private let errorURL: URL

    init(_ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: URL?) throws {
        let directory = try TestSupport.temporaryDirectory("process")
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
        process.waitUntilExit()
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return TestSupport.ProcessResult(
            status: process.terminationStatus, standardOutput: read(outputURL), standardError: read(errorURL),
            endedBySignal: process.terminationReason == .uncaughtSignal)
    }

    /// Sends SIGKILL after `delay` seconds and waits: ``TestSupport/ProcessResult/endedBySignal`` tells whether
    /// the kill ended the process or it had finished before.
    public func kill(after delay: TimeInterval) -> TestSupport.ProcessResult {
        Thread.sleep(forTimeInterval: delay)
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        return wait()
    }
}
