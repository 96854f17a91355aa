import Foundation
import PostgreSQLDB
import TestSupport
import Testing

@Suite struct PostgreSQLConnectionTests {
    @Test func parametersAndNullsRoundTrip() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try connection.execute(
            """
            CREATE TABLE samples (
                id BIGINT PRIMARY KEY, amount DOUBLE PRECISION, label TEXT, flag BOOLEAN, bytes BYTEA,
                stamp TIMESTAMPTZ
            )
            """)
        let bytes = Data([0, 1, 0x5c, 0x78, 255, 10, 9])
        let label = "Motörhead \\ \t\n 'quoted' \"double\" 🎸"
        try connection.execute(
            "INSERT INTO samples VALUES ($1, $2, $3, $4, $5, $6)",
            [Int64.max, 0.1 + 0.2, label, true, bytes, "2026-12-01T11:05:14.123Z"])
        try connection.execute(
            "INSERT INTO samples VALUES ($1, $2, $3, $4, $5, $6)",
            [Int64.min, Double?.none, String?.none, Bool?.none, Data?.none, String?.none])
        try connection.execute(
            "INSERT INTO samples (id, amount) VALUES ($1, $2), ($3, $4), ($5, $6)",
            [1, Double.infinity, 2, -Double.infinity, 3, Double.nan])

        let rows = try connection.execute(
            "SELECT id, amount, label, flag, bytes, stamp = '2026-12-01 11:05:14.123+00' FROM samples ORDER BY id")
        #expect(rows.count == 5)
        let first = try #require(rows.first)
        #expect(try first.value(at: 0, as: Int64.self) == Int64.min)
        #expect(try first.value(at: 1, as: Double?.self) == nil)
        #expect(try first.value(at: 2, as: String?.self) == nil)
        #expect(first.isNull(at: 3) && first.isNull(at: 4))
        let last = try #require(rows.last)
        #expect(try last.value(at: 0, as: Int64.self) == Int64.max)
        #expect(try last.value(at: 1, as: Double.self) == 0.1 + 0.2)
        #expect(try last.value(at: 2, as: String.self) == label)
        #expect(try last.value(at: 3, as: Bool.self))
        #expect(try last.value(at: 4, as: Data.self) == bytes)
        #expect(try last.value(at: 5, as: Bool.self))
        let specials = try connection.fetchAll(
            Double.self, "SELECT amount FROM samples WHERE id BETWEEN 1 AND 3 ORDER BY id")
        #expect(specials[0] == .infinity && specials[1] == -.infinity && specials[2].isNaN)
    }

    @Test func readingTheWrongTypeNamesTheColumn() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().uri())
        let row = try #require(try connection.execute("SELECT 'twelve' AS count, NULL AS missing").first)
        #expect(row[0] as Int? == nil)
        let error = try #require(throws: PostgreSQLError.self) { try row.value(at: 0, as: Int.self) }
        #expect(error.kind == .decoding)
        #expect(error.description.contains("count"))
        #expect(throws: PostgreSQLError.self) { try row.value(at: 1, as: String.self) }
    }

    @Test func statementErrorsCarryTheSQLStateAndTheServersWords() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try connection.execute("CREATE TABLE authors (uuid TEXT PRIMARY KEY)")
        try connection.execute("INSERT INTO authors VALUES ($1)", ["a"])
        let duplicate = try #require(throws: PostgreSQLError.self) {
            try connection.execute("INSERT INTO authors VALUES ($1)", ["a"])
        }
        #expect(duplicate.sqlState == .uniqueViolation)
        #expect(duplicate.sqlState?.isConstraintViolation == true)
        #expect(duplicate.detail == "Key (uuid)=(a) already exists.")
        #expect(duplicate.sql == "INSERT INTO authors VALUES ($1)")
        #expect(duplicate.description.contains("23505"))

        let missing = try #require(throws: PostgreSQLError.self) { try connection.execute("SELECT * FROM nowhere") }
        #expect(missing.sqlState == .undefinedTable)
        #expect(missing.description.contains("relation \"nowhere\" does not exist"))

        let hinted = try #require(throws: PostgreSQLError.self) { try connection.execute("SELECT no_such_function(1)") }
        #expect(hinted.hint != nil)
        #expect(hinted.advice == hinted.hint)
    }

    @Test func errorsNeverShowThePassword() throws {
        let cluster = try PostgresCluster.shared()
        let wrong = "not-the-password-\(UUID().uuidString)"
        let uri = "postgres://postgres:\(wrong)@127.0.0.1:\(cluster.port)/postgres"
        let refused = try #require(throws: PostgreSQLError.self) { try PostgreSQLConnection(uri: uri) }
        #expect(refused.kind == .connection)
        #expect(refused.sqlState == .invalidPassword)
        #expect(!refused.description.contains(wrong))
        #expect(refused.description.contains("postgres://postgres:***@127.0.0.1:\(cluster.port)/postgres"))
        #expect(refused.description.contains("check the user and password"))

        let connection = try PostgreSQLConnection(uri: cluster.uri())
        let failed = try #require(throws: PostgreSQLError.self) { try connection.execute("SELEC 1") }
        #expect(failed.sqlState == .syntaxError)
        #expect(!failed.description.contains(cluster.password))
        #expect(!connection.target.contains(cluster.password))
    }

    @Test func connectionRefusedAsksWhetherTheServerRuns() throws {
        _ = try PostgresCluster.shared()
        let uri = "postgresql://reader:secret@127.0.0.1:1/catalog?connect_timeout=5"
        let refused = try #require(throws: PostgreSQLError.self) { try PostgreSQLConnection(uri: uri) }
        #expect(refused.kind == .connection)
        #expect(refused.description.contains("is the server running at postgresql://reader:***@127.0.0.1:1/catalog"))
        #expect(!refused.description.contains("secret"))
    }

    @Test(arguments: [
        ("postgres://app:s3cret@db.example.org:5432/catalog", "postgres://app:***@db.example.org:5432/catalog"),
        (
            "postgresql://app@db/catalog?password=s3cret&sslmode=require",
            "postgresql://app@db/catalog?password=***&sslmode=require"
        ),
        ("host=db user=app password='s3 cret' dbname=catalog", "host=db user=app password=*** dbname=catalog"),
        ("postgres://db/catalog", "postgres://db/catalog"),
    ])
    func redactsPasswords(uri: String, expected: String) {
        #expect(PostgreSQLConnection.redacted(uri) == expected)
    }

    @Test func transactionsCommitRollBackAndNest() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try connection.execute("CREATE TABLE notes (text TEXT NOT NULL)")
        try connection.transaction { try connection.execute("INSERT INTO notes VALUES ($1)", ["kept"]) }
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO notes VALUES ($1)", ["dropped"])
                throw Abandon()
            }
        }
        try connection.transaction {
            try connection.execute("INSERT INTO notes VALUES ($1)", ["outer"])
            // A failed statement inside a savepoint leaves the outer transaction usable.
            #expect(throws: PostgreSQLError.self) {
                try connection.transaction { try connection.execute("INSERT INTO notes VALUES (NULL)") }
            }
            try connection.execute("INSERT INTO notes VALUES ($1)", ["after"])
        }
        let swallowed = try #require(throws: PostgreSQLError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO notes VALUES ($1)", ["lost with the failed transaction"])
                _ = try? connection.execute("INSERT INTO notes VALUES (NULL)")
            }
        }
        #expect(swallowed.sqlState == .inFailedSQLTransaction)
        #expect(!connection.isInTransaction)
        #expect(
            try connection.fetchAll(String.self, "SELECT text FROM notes ORDER BY text") == ["after", "kept", "outer"])
    }

    @Test func repeatableReadSeesOneSnapshot() throws {
        let uri = try PostgresCluster.shared().createDatabase()
        let reader = try PostgreSQLConnection(uri: uri)
        let writer = try PostgreSQLConnection(uri: uri)
        try writer.execute("CREATE TABLE notes (text TEXT)")
        try writer.execute("INSERT INTO notes VALUES ('first')")
        let counts = try reader.transaction(isolation: .repeatableRead, readOnly: true) {
            let before = try reader.fetchOne(Int.self, "SELECT count(*) FROM notes")
            try writer.execute("INSERT INTO notes VALUES ('second')")
            let after = try reader.fetchOne(Int.self, "SELECT count(*) FROM notes")
            return (before, after)
        }
        #expect(counts.0 == 1 && counts.1 == 1)
        #expect(try reader.fetchOne(Int.self, "SELECT count(*) FROM notes") == 2)
        let readOnly = try #require(throws: PostgreSQLError.self) {
            try reader.transaction(readOnly: true) { try reader.execute("INSERT INTO notes VALUES ('no')") }
        }
        #expect(readOnly.sqlState == .readOnlySQLTransaction)
    }

    @Test func copyRoundTripsHostileText() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try connection.execute("CREATE TABLE \"Odd \"\"Table\"\"\" (n BIGINT, text TEXT, bytes BYTEA, flag BOOLEAN)")
        let texts = [
            "tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\N", "\\.", "", " ", "Ünïcödé — 東京 🎸",
            "trailing backslash \\", "\u{1}control", "'quotes' \"and\" ;semicolons;",
        ]
        let rows: [[any PostgreSQLValueConvertible]] =
            texts.enumerated().map { [Int64($0.offset), $0.element, Data($0.element.utf8), $0.offset % 2 == 0] }
            + [[Int64(-1), String?.none, Data?.none, Bool?.none]]
        let copied = try connection.copy(into: "Odd \"Table\"", columns: ["n", "text", "bytes", "flag"], rows: rows)
        #expect(copied == texts.count + 1)
        let back = try connection.execute("SELECT n, text, bytes, flag FROM \"Odd \"\"Table\"\"\" ORDER BY n")
        #expect(back.first?.isNull(at: 1) == true && back.first?.isNull(at: 2) == true)
        for (row, text) in zip(back.dropFirst(), texts) {
            #expect(try row.value(at: 1, as: String.self) == text)
            #expect(try row.value(at: 2, as: Data.self) == Data(text.utf8))
        }
    }

    @Test func aFailedCopyCopiesNothingAndSaysWhichLine() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try connection.execute("CREATE TABLE numbers (n INTEGER NOT NULL)")
        let rows: [[any PostgreSQLValueConvertible]] = [[1], [2], [Int?.none], [4]]
        let error = try #require(throws: PostgreSQLError.self) {
            try connection.copy(into: "numbers", columns: ["n"], rows: rows)
        }
        #expect(error.kind == .copy)
        #expect(error.sqlState == .notNullViolation)
        #expect(error.context?.contains("line 3") == true)
        #expect(try connection.fetchOne(Int.self, "SELECT count(*) FROM numbers") == 0)

        struct ReadFailed: Error {}
        let failing = (0..<10).lazy.map { index -> [any PostgreSQLValueConvertible] in
            if index == 5 { return [String?.none, "extra"] }
            return [index]
        }
        #expect(throws: PostgreSQLError.self) { try connection.copy(into: "numbers", columns: ["n"], rows: failing) }
        #expect(try connection.fetchOne(Int.self, "SELECT count(*) FROM numbers") == 0)
        // The connection is usable after both.
        #expect(try connection.fetchOne(Int.self, "SELECT 1") == 1)
    }

    @Test func notifyWakesAWaiterOnAnotherConnection() throws {
        let uri = try PostgresCluster.shared().createDatabase()
        let listening = DispatchSemaphore(value: 0)
        let received = ReceivedNotification()
        let waiter = Thread {
            do {
                let connection = try PostgreSQLConnection(uri: uri)
                try connection.listen("catalog changes")
                listening.signal()
                received.set(try connection.nextNotification(timeout: .seconds(60)))
            } catch {
                listening.signal()
                received.fail(error)
            }
        }
        waiter.start()
        listening.wait()
        let sender = try PostgreSQLConnection(uri: uri)
        try sender.transaction {
            try sender.notify("catalog changes", payload: "42")
            // Not delivered before the commit.
        }
        let notification = try received.wait()
        #expect(notification?.channel == "catalog changes")
        #expect(notification?.payload == "42")
        #expect(notification?.senderProcessID == sender.backendProcessID)
    }

    @Test func waitingForANotificationTimesOut() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().uri())
        try connection.listen("quiet")
        let sender = try PostgreSQLConnection(uri: try PostgresCluster.shared().uri())
        #expect(throws: PostgreSQLError.self) {
            try sender.transaction {
                try sender.notify("quiet", payload: "rolled back")
                try sender.execute("SELECT 1/0")
            }
        }
        #expect(try connection.nextNotification(timeout: .milliseconds(200)) == nil)
    }
}

/// What the waiting thread received, handed to the test's thread.
private final class ReceivedNotification: @unchecked Sendable {
    // Guarded by `lock`; `done` signals once it is set.
    private var result: Result<PostgreSQLNotification?, any Error>?
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    func set(_ notification: PostgreSQLNotification?) {
        lock.withLock { result = .success(notification) }
        done.signal()
    }

    func fail(_ error: any Error) {
        lock.withLock { result = .failure(error) }
        done.signal()
    }

    func wait() throws -> PostgreSQLNotification? {
        done.wait()
        return try lock.withLock { result }?.get() ?? nil
    }
}
