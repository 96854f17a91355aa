import CatalogImport
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `--db` naming something that is not a usable catalog: a clear error, exit 65, and the file left
/// byte-identical (no -wal or -shm left behind either).
@Suite struct MalformedDatabaseTests {
    let directory: URL
    let path: String

    init() throws {
        directory = try TestSupport.temporaryDirectory("malformed")
        path = directory.appending(path: "catalog.sqlite").path
    }

    /// Runs each command on the file and checks the exit status, the message and that nothing changed.
    func expectRefused(_ message: String, commands: [[String]], file: String? = nil) throws {
        let before = try Fixtures.snapshot(directory)
        for command in commands {
            let result = try CatalogCLI.run(["--db", file ?? path] + command)
            #expect(result.status == 65, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
            #expect(result.standardError.contains(file ?? path), "\(command) names the file: \(result.standardError)")
            #expect(try Fixtures.snapshot(directory) == before, "\(command) changed the directory")
        }
    }

    static let commands = [["list", "books"], ["nav", "show"], ["search", "tolkien"], ["info"]]

    /// Every command that opens the database refuses an empty one with the same sentence, prints nothing else
    /// (`demo` its heading) and leaves it empty. `browse` without a terminal stops before opening anything.
    @Test func anEmptyFileIsRefusedNotTurnedIntoANewCatalog() throws {
        let server = directory.appending(path: "server.sqlite").path
        #expect(try CatalogCLI.run(["--db", server, "init"]).status == 0)
        let changes = directory.appending(path: "changes.jsonl")
        try Data(#"{"database":"x","last_seq":0,"more":false,"pruned_before":0,"since":0}"#.utf8).write(to: changes)
        let books = directory.appending(path: "books.csv")
        try Data("title\nDune\n".utf8).write(to: books)
        try Data().write(to: URL(fileURLWithPath: path))
        let before = try Fixtures.snapshot(directory)
        let refusal =
            "error: \(path) is an empty file, not a catalog database (was it truncated or copied badly?); restore it "
            + "from a backup, or run 'catalog --db \(path) init' to start a new catalog in it\n"
        let commands = [
            ["info"], ["list", "books"], ["show", "book", "00000000-0000-4000-8000-000000000000"],
            ["search", "tolkien"], ["changes"], ["changes", "--prune-before", "0"],
            ["snapshot", directory.appending(path: "copy.sqlite").path], ["sync", "--from", server],
            ["sync", "--changes", changes.path], ["import", books.path], ["nav", "show"],
            ["nav", "select-sidebar", "books"], ["sessions", "list"], ["sessions", "save", "work"],
            ["demo", "--sample-data", TestSupport.sampleData.path],
        ]
        for command in commands {
            let result = try CatalogCLI.run(["--db", path] + command)
            #expect(result.status == 65, "\(command): \(result.standardError)")
            #expect(result.standardError == refusal, "\(command)")
            #expect(result.standardOutput == (command[0] == "demo" ? "catalog demo: \(path)\n\n" : ""), "\(command)")
            #expect(try Fixtures.snapshot(directory) == before, "\(command) changed the directory")
        }
        let browse = try CatalogCLI.run(["--db", path, "browse"])
        #expect(browse.status == 1)
        #expect(browse.standardError.hasPrefix("error: catalog browse needs a terminal"))
        #expect(try Fixtures.snapshot(directory) == before)
        // `init` is the one command that says "make a catalog here".
        let created = try CatalogCLI.run(["--db", path, "init"])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(try CatalogCLI.run(["--db", path, "list", "books"]).status == 0)
    }

    @Test func aTextFileIsRefused() throws {
        try Data("title,author\nDune,Frank Herbert\n".utf8).write(to: URL(fileURLWithPath: path))
        try expectRefused("file is not a database", commands: Self.commands + [["init"]])
    }

    /// A negative length cuts that many bytes off the end: -4096 leaves the database one page short.
    @Test(arguments: [100, 4096, 50_000, -4096])
    func aTruncatedDatabaseIsRefused(keeping length: Int) throws {
        try Fixtures.makeSampleDatabase(at: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let kept = length < 0 ? bytes.count + length : length
        try bytes.prefix(kept).write(to: URL(fileURLWithPath: path))
        try expectRefused("is damaged", commands: [["list", "books"], ["search", "tolkien"], ["nav", "show"]])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aDatabaseWithDamagedPagesIsRefusedWithAHintToRestore(seed: UInt64) throws {
        try Fixtures.makeSampleDatabase(at: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = 4096
        let pages = bytes.count / pageSize
        #expect(pages >= 8)
        // Overwrite the middle half of the pages: page headers, cells and pointers all become garbage.
        var generator = SplitMix64(seed: seed)
        for page in (pages / 4)..<(pages * 3 / 4) {
            for offset in 0..<pageSize {
                bytes[page * pageSize + offset] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefused("restore it from a backup", commands: [["list", "books"], ["search", "tolkien"]])
    }

    @Test func aDatabaseFromANewerCatalogIsRefused() throws {
        try Fixtures.makeSampleDatabase(at: path)
        do {
            let db = try Database(path: path)
            try db.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'future', 'x', '2030-01-01T00:00:00.000Z')"
            )
            try db.close()
        }
        try expectRefused("newer version of catalog", commands: Self.commands + [["init"]])
    }

    @Test func aDatabaseInRollbackModeIsCheckedBeforeWALRewritesItsHeader() throws {
        // A damaged database written by another tool (not in WAL mode): switching it to WAL would write its
        // header, so opening checks it first.
        try Fixtures.makeSampleDatabase(at: path)
        do {
            let db = try Database(path: path)
            try db.execute("PRAGMA journal_mode = DELETE")
            try db.close()
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let middle = bytes.count / 2 / 4096 * 4096
        bytes.replaceSubrange(middle..<(middle + 4096), with: Data(repeating: 0x5A, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefused("is damaged", commands: [["nav", "show"], ["init"]])
    }
}

/// I/O errors on open: a clear message naming the cause, exit 1.
@Suite struct OpenErrorTests {
    let directory: URL

    init() throws {
        directory = try TestSupport.temporaryDirectory("open-errors")
    }

    @Test func aDirectoryInsteadOfAFile() throws {
        for command in [["list", "books"], ["nav", "show"], ["init"]] {
            let result = try CatalogCLI.run(["--db", directory.path] + command)
            #expect(result.status == 1, "\(command): \(result.standardError)")
            #expect(
                result.standardError.contains("cannot open \(directory.path): it is a directory"),
                "\(result.standardError)")
        }
    }

    @Test func aDeviceOrAPipeInsteadOfAFile() throws {
        let pipe = directory.appending(path: "pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        for (path, kind) in [("/dev/null", "character device"), (pipe, "named pipe (FIFO)")] {
            for command in [["init"], ["list", "books"], ["nav", "show"], ["info"]] {
                let result = try CatalogCLI.run(["--db", path] + command)
                #expect(result.status == 1, "\(command): \(result.standardError)")
                #expect(
                    result.standardError
                        == "error: cannot open \(path): it is a \(kind), not a regular file; --db takes the path of a "
                        + "database file\n")
            }
        }
    }

    @Test func aMissingDirectory() throws {
        let path = directory.appending(path: "nowhere/catalog.sqlite").path
        let result = try CatalogCLI.run(["--db", path, "init"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("does not exist"), "\(result.standardError)")
    }

    @Test func anUnreadableFile() throws {
        let path = directory.appending(path: "catalog.sqlite").path
        try Fixtures.makeSampleDatabase(at: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        let result = try CatalogCLI.runUnprivileged(["--db", path, "list", "books"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("permission denied"), "\(result.standardError)")
    }

    @Test func aReadOnlyDirectory() throws {
        let readOnly = directory.appending(path: "read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let result = try CatalogCLI.runUnprivileged(["--db", readOnly.appending(path: "catalog.sqlite").path, "init"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("is not writable"), "\(result.standardError)")
    }
}
