import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct DatabaseErrorTests {
    @Test func constraintErrorCarriesCodesMessageAndSQL() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE authors (id INTEGER PRIMARY KEY, uuid TEXT UNIQUE)")
        try db.execute("INSERT INTO authors (uuid) VALUES (?)", ["secret-value"])
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO authors (uuid) VALUES (?)", ["secret-value"])
        }
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
        #expect(error.resultCode == .SQLITE_CONSTRAINT)
        #expect(error.isConstraint)
        #expect(error.message == "UNIQUE constraint failed: authors.uuid")
        #expect(error.sql == "INSERT INTO authors (uuid) VALUES (?)")
        #expect(
            error.description
                == "SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: authors.uuid "
                + "— while executing: INSERT INTO authors (uuid) VALUES (?)")
        #expect(!error.description.contains("secret-value"))
    }

    @Test func syntaxErrorNamesTheFailingStatement() throws {
        let db = try Database.inMemory()
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("CREATE TABLE ok (x); SELEC nonsense; CREATE TABLE never (y)")
        }
        #expect(error.extendedResultCode == .SQLITE_ERROR)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC nonsense;")
        #expect(try db.tableNames() == ["ok"])
    }

    @Test func notADatabaseIsReportedWithThePath() throws {
        let directory = try TemporaryFiles("sqlitedb")
        let path = directory.path("notes.txt")
        try Data("just some text, long enough to look like a header?".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.isNotADatabase)
        #expect(error.description.hasPrefix("SQLite error 26 (SQLITE_NOTADB): "))
        #expect(error.message.contains(path))
    }

    @Test func directoryCannotBeOpened() throws {
        let directory = try TemporaryFiles("sqlitedb")
        let error = try #require(throws: DatabaseError.self) { try Database(path: directory.url.path) }
        #expect(error.isCannotOpen)
        #expect(error.message.contains(directory.url.path))
    }

    @Test func aLockHeldPastTheBusyTimeoutIsBusy() throws {
        let files = try TemporaryFiles("sqlitedb")
        let writer = try Database(path: files.path("db.sqlite"))
        try writer.execute("CREATE TABLE t (x)")
        try writer.execute("BEGIN IMMEDIATE")
        var configuration = Database.Configuration()
        configuration.busyTimeout = .milliseconds(10)
        let other = try Database(path: files.path("db.sqlite"), configuration: configuration)
        let error = try #require(throws: DatabaseError.self) { try other.execute("INSERT INTO t VALUES (1)") }
        #expect(error.isBusy)
        #expect(error.resultCode == .SQLITE_BUSY)
        try writer.execute("ROLLBACK")
    }

    @Test func aFileAtItsPageLimitIsFull() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x)")
        let pages = try #require(try db.fetchOne(Int.self, "PRAGMA page_count"))
        try db.execute("PRAGMA max_page_count = \(pages)")
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO t VALUES (?)", [String(repeating: "x", count: 100_000)])
        }
        #expect(error.isFull)
    }

    /// Each predicate answers for its family of codes, extended codes included, and for no other.
    @Test(arguments: [
        (ResultCode.SQLITE_BUSY, "isBusy" as String?), (.SQLITE_BUSY_SNAPSHOT, "isBusy"), (.SQLITE_LOCKED, "isBusy"),
        (.SQLITE_CONSTRAINT_FOREIGNKEY, "isConstraint"), (.SQLITE_CORRUPT_INDEX, "isCorrupt"), (.SQLITE_FULL, "isFull"),
        (.SQLITE_NOTADB, "isNotADatabase"), (.SQLITE_READONLY_DIRECTORY, "isReadOnly"),
        (.SQLITE_CANTOPEN_ISDIR, "isCannotOpen"), (.SQLITE_IOERR_SHORT_READ, "isIOError"), (.SQLITE_ERROR, nil),
    ])
    func predicatesMatchTheirFamily(code: ResultCode, predicate: String?) {
        let error = DatabaseError(extendedResultCode: code, message: "")
        let predicates: KeyValuePairs<String, Bool> = [
            "isBusy": error.isBusy, "isConstraint": error.isConstraint, "isCorrupt": error.isCorrupt,
            "isFull": error.isFull, "isNotADatabase": error.isNotADatabase, "isReadOnly": error.isReadOnly,
            "isCannotOpen": error.isCannotOpen, "isIOError": error.isIOError,
        ]
        #expect(predicates.filter(\.value).map(\.key) == (predicate.map { [$0] } ?? []), "\(code)")
    }
}
