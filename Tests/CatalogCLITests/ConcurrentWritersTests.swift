import Foundation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

/// Several `catalog` processes writing to one file: each waits its turn (saying so on standard error) and completes;
/// `--wait SECONDS` gives up. Navigation writes a file of its own and waits for no writer of the catalog.
@Suite struct ConcurrentWritersTests {
    /// A CSV file of `count` books titled "`prefix` N", each by its own author.
    static func books(_ prefix: String, count: Int, in cli: CatalogCLI) -> String {
        let rows = (1...count).map { "\(prefix) \($0),\(prefix) Author \($0),\(1900 + $0 % 100)" }
        let path = cli.path("\(prefix.lowercased()).csv")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data((["title,authors,year"] + rows).joined(separator: "\n").utf8))
        return path
    }

    static func bookCount(_ cli: CatalogCLI) throws -> Int? {
        try cli.run("list", "books", "--limit", "1", "--json").json()["total"] as? Int
    }

    /// A write transaction held by the test on the catalog of `cli` (made first), until ``release()``.
    struct HeldLock {
        let db: Database

        /// Holds the write lock of the catalog, or of its user-state file.
        init(_ cli: CatalogCLI, usersFile: Bool = false) throws {
            let initialized = try cli.run(usersFile ? ["users", "add", "default"] : ["init"])
            #expect(initialized.status == 0, "\(initialized.standardError)")
            db = try Database(path: usersFile ? DatabaseSchema.userStatePath(forCatalog: cli.database) : cli.database)
            try db.execute("BEGIN IMMEDIATE TRANSACTION")
        }

        func release() throws {
            try db.execute("COMMIT TRANSACTION")
        }
    }

    @Test func twoImportsStartedAtOnceOnANewDatabaseBothComplete() throws {
        let cli = try CatalogCLI("writers")
        let alpha = Self.books("Alpha", count: 3000, in: cli)
        let beta = Self.books("Beta", count: 3000, in: cli)
        // One imports in batches, so the other can write between them.
        let first = try cli.start(["import", alpha, "--batch", "300", "--json"])
        let second = try cli.start(["import", beta, "--json"])
        for result in [first.wait(), second.wait()] {
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try result.json()["inserted"] as? Int == 3000)
        }
        #expect(try Self.bookCount(cli) == 6000)
        let search = try cli.run("search", "Alpha 2999")
        #expect(search.standardOutput.contains("Alpha 2999"))
        #expect(try cli.run("search", "Beta 2999").standardOutput.contains("Beta 2999"))
    }

    static let writers: [[String]] = [
        ["import", "BOOKS", "--json"], ["nav", "select-sidebar", "books", "--json"], ["sessions", "save", "evening"],
    ]

    @Test(arguments: writers)
    func aBlockedWriterSaysItWaitsThenCompletes(arguments: [String]) throws {
        let cli = try CatalogCLI("writers")
        let file = Self.books("Gamma", count: 10, in: cli)
        // An import writes the catalog; a navigation save, the user-state file.
        let usersFile = arguments[0] != "import"
        let lock = try HeldLock(cli, usersFile: usersFile)
        let child = try cli.start(arguments.map { $0 == "BOOKS" ? file : $0 })
        let saidItWaits = child.waitUntilStandardError(contains: "waiting: ")
        try lock.release()
        let result = child.wait()
        #expect(saidItWaits)
        #expect(result.status == 0, "\(result.standardError)")
        let locked = usersFile ? DatabaseSchema.userStatePath(forCatalog: cli.database) : cli.database
        #expect(
            result.standardError.contains(
                "waiting: \(locked) is locked by another program; waited 1 s so far, without a limit"))
        if arguments.contains("--json") {
            #expect(throws: Never.self) { try result.json() }
        }
        if arguments[0] == "import" {
            #expect(try Self.bookCount(cli) == 10)
        }
    }

    /// An import holds the catalog's write lock for as long as it runs; navigation, in its own file, goes on.
    @Test func navigationDoesNotWaitForAWriterHoldingTheCatalog() throws {
        let cli = try CatalogCLI("writers")
        let lock = try HeldLock(cli)
        let result = try cli.run("--wait", "0", "nav", "select-sidebar", "books", "--json")
        let sessions = try cli.run("--wait", "0", "sessions", "save", "evening")
        try lock.release()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["sidebar"] as? String == "books")
        #expect(sessions.status == 0, "\(sessions.standardError)")
    }

    @Test func waitGivesUpWithTheLockedMessage() throws {
        let cli = try CatalogCLI("writers")
        let file = Self.books("Delta", count: 10, in: cli)
        let lock = try HeldLock(cli)
        let result = try cli.run("--wait", "1", "import", file)
        try lock.release()
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: \(cli.database) is locked by another program"))
        #expect(try Self.bookCount(cli) == 0)
    }

    @Test(arguments: ["-1", "soon", "inf", ""])
    func waitTakesANumberOfSeconds(value: String) throws {
        let result = try CatalogCLI("writers").run("--wait", value, "info")
        #expect(result.status == 64)
        #expect(result.standardError.contains("--wait takes a number of seconds, 0 or more"))
    }
}
