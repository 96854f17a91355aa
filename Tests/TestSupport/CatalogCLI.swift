public import Foundation
import SQLiteCatalog

/// The built `catalog` binary, run as a user runs it: the one way the tests run the command line. Each value has a
/// temporary directory of its own for its databases and files.
///
/// ```swift
/// let cli = try CatalogCLI()
/// let imported = try cli.run("import", "books.csv")               // catalog --db DIR/catalog.sqlite import …
/// let server = try cli.run("changes", "--since", "0", in: "server.sqlite")
/// ```
public struct CatalogCLI: Sendable {
    /// The path of the built `catalog` executable.
    public static var executable: String { TestSupport.executable("catalog") }

    /// The directory of this value's databases and files, removed when the test process exits.
    public let directory: URL

    /// A new directory, named after `label` for a person reading `/tmp`.
    public init(_ label: String = "cli") throws {
        directory = try TestSupport.temporaryDirectory(label)
    }

    /// The path of `name` in ``directory``; an absolute path is kept as it is.
    public func path(_ name: String) -> String {
        name.hasPrefix("/") ? name : directory.appending(path: name).path
    }

    /// The default database, `catalog.sqlite` in ``directory``.
    public var database: String { path("catalog.sqlite") }
    /// The user-state file beside ``database``: its users, their tokens and navigation state.
    public var usersDatabase: String { DatabaseSchema.userStatePath(forCatalog: database) }

    /// Runs `catalog --db DATABASE ARGUMENTS` to completion; `database` is a name in ``directory`` or a path.
    @discardableResult
    public func run(_ arguments: String..., in database: String = "catalog.sqlite") throws -> TestSupport.ProcessResult
    {
        try run(arguments, in: database)
    }

    /// Runs `catalog --db DATABASE ARGUMENTS` to completion.
    @discardableResult
    public func run(_ arguments: [String], in database: String = "catalog.sqlite") throws -> TestSupport.ProcessResult {
        try Self.run(["--db", path(database)] + arguments)
    }

    /// Runs `catalog --db DATABASE ARGUMENTS` to completion and measures its peak resident memory in bytes.
    public func runMeasuringPeakMemory(_ arguments: [String], in database: String = "catalog.sqlite") throws
        -> (result: TestSupport.ProcessResult, peakResidentBytes: Int)
    {
        try TestSupport.runMeasuringPeakMemory(Self.executable, ["--db", path(database)] + arguments)
    }

    /// Starts `catalog --db DATABASE ARGUMENTS` without waiting for it.
    public func start(_ arguments: [String], in database: String = "catalog.sqlite") throws -> ChildProcess {
        try TestSupport.start(Self.executable, ["--db", path(database)] + arguments)
    }

    /// Imports both sample catalogs into `database`.
    @discardableResult
    public func importSamples(in database: String = "catalog.sqlite") throws -> TestSupport.ProcessResult {
        try run(
            "import", TestSupport.sampleData.appending(path: "library.json").path,
            TestSupport.sampleData.appending(path: "music.json").path, in: database)
    }

    /// Runs `catalog ARGUMENTS` exactly as given (no `--db` added), in `currentDirectory` when one is given.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil
    ) throws -> TestSupport.ProcessResult {
        try TestSupport.run(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs `catalog ARGUMENTS` as a user file permissions apply to: as it is for an ordinary user, and as
    /// `nobody` (through `setpriv`) when the tests run as root, for whom a file without read permission is
    /// readable all the same. The files it touches must be reachable by that user. As root without `setpriv` the
    /// calling test is cancelled, so it shows as skipped.
    public static func runUnprivileged(_ arguments: [String]) throws -> TestSupport.ProcessResult {
        guard geteuid() == 0 else { return try run(arguments) }
        return try TestSupport.run(
            TestSupport.installedTool("setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments)
    }
}

extension TestSupport.ProcessResult {
    /// Standard output parsed as a JSON object; fails the test when it is not one.
    public func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any] else {
            throw JSONShapeError(text: standardOutput)
        }
        return object
    }
}

/// Standard output was JSON, but not an object.
public struct JSONShapeError: Error, CustomStringConvertible {
    public let text: String
    public var description: String { "expected a JSON object, got: \(text.prefix(200))" }
}
