import Foundation
import SQLiteDB
import TestSupport
import Testing

/// Runs the built `catalog` binary as a user would.
@Suite struct CLITests {
    let directory: URL
    let database: String

    init() throws {
        directory = try TestSupport.temporaryDirectory("cli")
        database = directory.appending(path: "catalog.sqlite").path
    }

    func catalog(_ arguments: String..., environment: [String: String] = [:]) throws -> TestSupport.ProcessResult {
        try CatalogCLI.run(arguments, environment: environment)
    }

    @Test func initCreatesTheDatabaseAndInfoReportsIt() throws {
        let created = try catalog("--db", database, "init")
        #expect(created.status == 0, "\(created.standardError)")
        let again = try catalog("--db", database, "init")
        #expect(again.standardOutput.contains("is up to date"))
        let info = try catalog("--db", database, "info", "--json")
        #expect(info.status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(report["sqliteVersion"] as? String != nil)
        #expect((report["tables"] as? [String: Int])?["schema_migrations"] != nil)
        #expect(report["schemaVersion"] as? Int == report["latestSchemaVersion"] as? Int)
    }

    @Test func databaseComesFromTheEnvironment() throws {
        let result = try catalog("init", environment: ["CATALOG_DB": database])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: database))
    }

    /// While another connection holds the write lock, `--busy-timeout 0` makes a write fail at once with the busy
    /// message and its hint, given before or after the subcommand; a timeout that is no whole number of seconds is a
    /// usage error.
    @Test func busyTimeoutIsHowLongAWriteWaitsForALock() throws {
        #expect(try catalog("--db", database, "init").status == 0)
        let holder = try Database(path: database)
        try holder.execute("BEGIN IMMEDIATE TRANSACTION")
        defer { try? holder.execute("ROLLBACK TRANSACTION") }
        for arguments in [
            ["--db", database, "--busy-timeout", "0", "nav", "select-sidebar", "authors"],
            ["--db", database, "nav", "select-sidebar", "authors", "--busy-timeout", "0"],
        ] {
            let refused = try CatalogCLI.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.standardError.contains("\(database) is locked by another program"))
            #expect(refused.standardError.contains("or wait longer with --busy-timeout SECONDS"))
        }
        let invalid = try catalog("--db", database, "--busy-timeout", "soon", "info")
        #expect(invalid.status == 64)
        #expect(invalid.standardError.contains("--busy-timeout takes a whole number, 0–86400; got 'soon'"))
    }

    @Test(arguments: [
        (["nonsense"], "unknown subcommand 'nonsense'"),
        (["info", "--bogus"], "unknown option '--bogus'"),
        (["info", "extra"], "unexpected argument 'extra'"),
        ([String](), "missing subcommand"),
    ])
    func usageErrorsExit64WithAHint(arguments: [String], message: String) throws {
        let result = try CatalogCLI.run(["--db", database] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("error: \(message)\nhint: "))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func infoOnAMissingDatabaseExits1AndCreatesNothing() throws {
        let result = try catalog("--db", database, "info")
        #expect(result.status == 1)
        #expect(result.standardError.contains("no database at \(database)"))
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test func aFileThatIsNotADatabaseExits65AndIsLeftAlone() throws {
        let text = Data("name,year\nDune,1965\n".utf8)
        try text.write(to: URL(fileURLWithPath: database))
        let result = try catalog("--db", database, "init")
        #expect(result.status == 65)
        #expect(result.standardError.contains("file is not a database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == text)
    }

    @Test func helpAndVersion() throws {
        let help = try catalog("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("SUBCOMMANDS:"))
        #expect(try catalog("info", "--help").standardOutput.contains("USAGE: catalog info"))
        let version = try catalog("--version")
        #expect(version.status == 0)
        #expect(!version.standardOutput.isEmpty)
    }
}
