import Foundation
import SQLiteDB
import Synchronization
import TestSupport
import Testing

@Suite struct DatabasePoolTests {
    @Test func aReadSeesOneSnapshotWhileTheWriterCommits() throws {
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("pool.sqlite"))
        try pool.write { db in
            try db.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
            for id in 1...10 { try db.execute("INSERT INTO accounts (id, balance) VALUES (?, 100)", [id]) }
        }
        let balances = "SELECT group_concat(balance) FROM accounts ORDER BY id"
        let (before, during) = try pool.read { db in
            let before = try db.fetchOne(String.self, balances)
            // The writer commits a transfer while this read is open.
            try pool.write { db in try db.execute("UPDATE accounts SET balance = balance - 7 WHERE id = 1") }
            return (before, try db.fetchOne(String.self, balances))
        }
        #expect(during == before)
        #expect(try pool.read { db in try db.fetchOne(String.self, balances) } != before)
    }

    @Test func readersSeeWholeTransactionsWhileAWriterCommits() throws {
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("pool.sqlite"))
        try pool.write { db in
            try db.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)")
            for id in 1...10 { try db.execute("INSERT INTO accounts (id, balance) VALUES (?, 100)", [id]) }
        }
        let commits = Atomic(0)
        let failures = Mutex<[String]>([])
        let writer = Thread {
            // Transfers keep the total at 1000 after every commit; halfway through one it is not.
            for step in 0..<300 {
                do {
                    try pool.write { db in
                        try db.execute("UPDATE accounts SET balance = balance - 1 WHERE id = ?", [step % 10 + 1])
                        try db.execute(
                            "UPDATE accounts SET balance = balance + 1 WHERE id = ?", [(step + 3) % 10 + 1])
                    }
                    commits.add(1, ordering: .releasing)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        writer.start()
        var reads = 0
        while !writer.isFinished || reads == 0 {
            let total = try pool.read { db in try db.fetchOne(Int.self, "SELECT sum(balance) FROM accounts") }
            #expect(total == 1000)
            reads += 1
        }
        #expect(failures.withLock { $0 } == [])
        #expect(commits.load(ordering: .acquiring) == 300)
    }

    @Test func readersRefuseWrites() throws {
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("pool.sqlite"))
        try pool.write { db in try db.execute("CREATE TABLE t (x)") }
        #expect(throws: DatabaseError.self) { try pool.read { db in try db.execute("INSERT INTO t VALUES (1)") } }
    }

    @Test func concurrentTasksReadAndWrite() async throws {
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("pool.sqlite"), maximumReaderCount: 2)
        try await pool.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for x in 0..<25 {
                        try await pool.write { db in try db.execute("INSERT INTO t VALUES (?)", [worker * 100 + x]) }
                        _ = try await pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM t") }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM t") } == 200)
    }

    @Test func writeRollsBackWhenTheBodyThrows() throws {
        struct Failure: Error {}
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("pool.sqlite"))
        try pool.write { db in try db.execute("CREATE TABLE t (x)") }
        #expect(throws: Failure.self) {
            try pool.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try pool.read { db in try db.rowCount(ofTable: "t") } == 0)
    }

    @Test func twoProcessesWriteTheSameFileWithoutLockErrors() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("shared.sqlite")
        try Database(path: path).execute(
            "CREATE TABLE stress (id INTEGER PRIMARY KEY, tag TEXT NOT NULL, n INTEGER NOT NULL)")
        let tool = TestSupport.executable("sqlitedb-stress")
        let processes = try ["a", "b", "c"].map { try TestSupport.start(tool, [path, $0, "300"]) }
        for result in processes.map({ $0.wait() }) {
            #expect(result.status == 0, "\(result.standardError)")
        }
        let db = try Database(path: path)
        #expect(
            try db.fetchAll(String.self, "SELECT tag || count(*) FROM stress GROUP BY tag ORDER BY tag") == [
                "a300", "b300", "c300",
            ])
        #expect(try db.integrityCheck() == ["ok"])
    }
}

/// Code written against `DatabaseReader` / `DatabaseWriter` runs the same on a connection and on a pool.
@Suite struct DatabaseReaderTests {
    func total(in reader: some DatabaseReader) throws -> (sum: Int?, count: Int?) {
        try reader.read { db in
            (
                try db.fetchOne(Int.self, "SELECT sum(n) FROM numbers"),
                try db.fetchOne(Int.self, "SELECT count(*) FROM numbers")
            )
        }
    }

    func insert(_ values: [Int], failingAfter: Int? = nil, into writer: some DatabaseWriter) throws {
        try writer.write { db in
            for (index, value) in values.enumerated() {
                if index == failingAfter { throw DatabaseError(extendedResultCode: .SQLITE_ERROR, message: "stop") }
                try db.execute("INSERT INTO numbers (n) VALUES (?)", [value])
            }
        }
    }

    @Test func aConnectionAndAPoolServeTheSameCode() throws {
        let files = try TemporaryFiles("sqlitedb")
        let connection = try Database(path: files.path("connection.sqlite"))
        let pool = try DatabasePool(path: files.path("pool.sqlite"))
        let writers: [any DatabaseWriter] = [connection, pool]
        for writer in writers {
            try writer.write { db in try db.execute("CREATE TABLE numbers (n INTEGER NOT NULL)") }
            try insert([1, 2, 3], into: writer)
            #expect(throws: DatabaseError.self) { try insert([10, 20], failingAfter: 1, into: writer) }
            let (sum, count) = try total(in: writer)
            #expect(sum == 6 && count == 3)
        }
    }

    @Test func aReadInsideAnOpenTransactionSeesItsWrites() throws {
        let connection = try Database.inMemory()
        try connection.execute("CREATE TABLE numbers (n INTEGER NOT NULL)")
        try connection.transaction(.immediate) {
            try connection.execute("INSERT INTO numbers (n) VALUES (5)")
            #expect(try total(in: connection).sum == 5)
            #expect(connection.isInTransaction)
        }
        #expect(!connection.isInTransaction)
    }

    @Test func aConnectionsReadIsOneTransaction() throws {
        let connection = try Database.inMemory()
        let seen = try connection.read { db in db.isInTransaction }
        #expect(seen)
        #expect(!connection.isInTransaction)
    }
}
