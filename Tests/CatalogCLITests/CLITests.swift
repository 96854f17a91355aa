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

    /// Without --db and $CATALOG_DB every command works on `catalog.sqlite` in the current directory.
    @Test func theDefaultDatabaseIsCatalogSqliteInTheCurrentDirectory() throws {
        if ProcessInfo.processInfo.environment["CATALOG_DB"] != nil {
            try Test.cancel("CATALOG_DB is set in the test's environment, and the child would use it")
        }
        let missing = try CatalogCLI.run(["info"], currentDirectory: directory)
        #expect(missing.status == 1)
        #expect(
            missing.standardError
                == "error: no database at catalog.sqlite; create it with 'catalog --db catalog.sqlite init'\n")
        let imported = try CatalogCLI.run(
            ["import", TestSupport.sampleData.appending(path: "library.json").path], currentDirectory: directory)
        #expect(imported.status == 0, "\(imported.standardError)")
        let listed = try CatalogCLI.run(["list", "books", "--json"], currentDirectory: directory)
        #expect(try listed.json()["total"] as? Int == 36)
        // The same file as --db names it.
        #expect(try catalog("--db", database, "list", "books", "--json").json()["total"] as? Int == 36)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["catalog.sqlite"])
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

    @Test func aCatalogWhoseAppliedMigrationWasChangedExits65AndIsLeftAlone() throws {
        #expect(try catalog("--db", database, "init").status == 0)
        let db = try Database(path: database)
        try db.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
        let name = try #require(try db.fetchOne(String.self, "SELECT name FROM schema_migrations WHERE version = 1"))
        try db.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for command in ["init", "info", "list"] {
            let result = try CatalogCLI.run(["--db", database, command] + (command == "list" ? ["books"] : []))
            #expect(result.status == 65, "\(command): \(result.standardError)")
            #expect(
                result.standardError.contains("migration 1 (\(name)) was changed after it was applied"),
                "\(command): \(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
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
