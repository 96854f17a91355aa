import Foundation
import SQLiteDB
import Synchronization
import TestSupport
import Testing

@Suite struct DatabaseTests {
    @Test func filesOpenInWALWithForeignKeysAndNormalSync() throws {
        let files = try TemporaryFiles("sqlitedb")
        let db = try Database(path: files.path("db.sqlite"))
        #expect(try db.fetchOne(String.self, "PRAGMA journal_mode") == "wal")
        #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1)
        #expect(try db.fetchOne(Int.self, "PRAGMA synchronous") == 1)
    }

    @Test func configurationIsApplied() throws {
        let files = try TemporaryFiles("sqlitedb")
        var configuration = Database.Configuration()
        configuration.synchronous = .full
        let db = try Database(path: files.path("db.sqlite"), configuration: configuration)
        #expect(try db.fetchOne(Int.self, "PRAGMA synchronous") == 2)
    }

    @Test func readOnlyConnectionRefusesWritesClearly() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("db.sqlite")
        try Database(path: path).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        var configuration = Database.Configuration()
        configuration.readOnly = true
        let reader = try Database(path: path, configuration: configuration)
        #expect(reader.isReadOnly)
        #expect(try reader.fetchOne(Int.self, "SELECT x FROM t") == 1)
        let error = try #require(throws: DatabaseError.self) { try reader.execute("INSERT INTO t VALUES (2)") }
        #expect(error.isReadOnly)
        #expect(error.message.contains("readonly database"))
        #expect(error.sql == "INSERT INTO t VALUES (2)")
    }

    @Test func readOnlyOpenOfAMissingFileFailsWithoutCreatingIt() throws {
        let files = try TemporaryFiles("sqlitedb")
        var configuration = Database.Configuration()
        configuration.readOnly = true
        #expect(throws: DatabaseError.self) {
            try Database(path: files.path("missing.sqlite"), configuration: configuration)
        }
        #expect(!FileManager.default.fileExists(atPath: files.path("missing.sqlite")))
    }

    @Test func backupWritesAConsistentStandaloneCopy() throws {
        let files = try TemporaryFiles("sqlitedb")
        let db = try Database(path: files.path("source.sqlite"))
        try db.execute("CREATE TABLE t (x)")
        try db.transaction { for x in 0..<500 { try db.execute("INSERT INTO t VALUES (?)", [x]) } }
        try db.backup(to: files.path("copy.sqlite"))
        let copy = try Database(path: files.path("copy.sqlite"))
        #expect(try copy.rowCount(ofTable: "t") == 500)
        #expect(try copy.integrityCheck() == ["ok"])
    }

    @Test func backupNeverOverwritesAFile() throws {
        let files = try TemporaryFiles("sqlitedb")
        let db = try Database.inMemory()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: files.path("existing")))
        #expect(throws: DatabaseError.self) { try db.backup(to: files.path("existing")) }
        #expect(try String(contentsOfFile: files.path("existing"), encoding: .utf8) == "keep me")
    }

    @Test func backupOfALiveDatabaseWhileAnotherConnectionWrites() throws {
        let files = try TemporaryFiles("sqlitedb")
        let pool = try DatabasePool(path: files.path("live.sqlite"))
        try pool.write { db in try db.execute("CREATE TABLE t (batch INTEGER, x INTEGER)") }
        @Sendable func writeBatch(_ batch: Int) throws {
            try pool.write { db in
                for x in 0..<100 { try db.execute("INSERT INTO t VALUES (?, ?)", [batch, x]) }
            }
        }
        for batch in 0..<5 { try writeBatch(batch) }  // every copy has something to copy
        let failures = Mutex<[String]>([])
        let writer = Thread {
            for batch in 5..<50 {
                do { try writeBatch(batch) } catch { failures.withLock { $0.append("\(error)") } }
            }
        }
        writer.start()
        for copyNumber in 0..<5 {
            try pool.read { db in try db.backup(to: files.path("copy\(copyNumber).sqlite")) }
            let copy = try Database(path: files.path("copy\(copyNumber).sqlite"))
            // Every batch commits 100 rows at once: a consistent copy holds whole batches only.
            let sizes = try copy.fetchAll(Int.self, "SELECT count(*) FROM t GROUP BY batch")
            #expect(sizes.count >= 5 && sizes.allSatisfy { $0 == 100 }, "batch sizes \(sizes)")
            #expect(try copy.integrityCheck() == ["ok"])
        }
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(failures.withLock { $0 } == [])
        #expect(try pool.read { db in try db.rowCount(ofTable: "t") } == 5000)
    }

    @Test func aPageCacheIsEnlargedOnlyWhenSmallerSetExactlyAndGivenBack() throws {
        let db = try Database(path: ":memory:")
        let pageKiB = try #require(try db.fetchOne(Int.self, "PRAGMA page_size")) / 1024
        try db.execute("PRAGMA cache_size = \(65_536 / pageKiB)")  // 64 MiB, set in pages
        let kept = try db.enlargePageCache(toAtLeast: 32_768)
        #expect(try db.fetchOne(Int.self, "PRAGMA cache_size") == -65_536)
        try db.restorePageCache(kept)
        #expect(try db.fetchOne(Int.self, "PRAGMA cache_size") == 65_536 / pageKiB)

        try db.execute("PRAGMA cache_size = -2000")
        let enlarged = try db.enlargePageCache(toAtLeast: 32_768)
        #expect(try db.fetchOne(Int.self, "PRAGMA cache_size") == -32_768)
        let shrunk = try db.setPageCache(to: 1_024)
        #expect(shrunk == -32_768)
        #expect(try db.fetchOne(Int.self, "PRAGMA cache_size") == -1_024)
        try db.restorePageCache(enlarged)
        #expect(try db.fetchOne(Int.self, "PRAGMA cache_size") == -2000)
    }

    @Test func tableNamesLeaveOutInternalTables() throws {
        let db = try Database.inMemory()
        try db.execute("CREATE TABLE b (x); CREATE TABLE a (y); CREATE VIRTUAL TABLE search USING fts5(body)")
        #expect(try db.tableNames() == ["a", "b", "search"])
    }

    @Test func aConnectionWithoutATimeoutWaitsForTheLockAndSaysHowLong() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("db.sqlite")
        let holder = try Database(path: path)
        try holder.execute("CREATE TABLE t (x)")
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("INSERT INTO t VALUES (1)")
        let reports = Mutex<[Duration]>([])
        let waitedAWhile = DispatchSemaphore(value: 0)
        var configuration = Database.Configuration()
        configuration.busyTimeout = nil
        configuration.onLockWait = { waited in
            reports.withLock { $0.append(waited) }
            if waited > .zero { waitedAWhile.signal() }
        }
        let outcome = Mutex<Result<Int, any Error>?>(nil)
        let writer = Thread { [configuration] in
            let result = Result { () throws -> Int in
                let db = try Database(path: path, configuration: configuration)
                try db.execute("INSERT INTO t VALUES (2)")
                return try db.fetchOne(Int.self, "SELECT count(*) FROM t") ?? 0
            }
            outcome.withLock { $0 = result }
        }
        writer.start()
        // The lock goes once the writer has said it waits (the bound only keeps a broken handler from hanging).
        let saidItWaits = waitedAWhile.wait(timeout: .now() + 120) == .success
        try holder.execute("COMMIT")
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(saidItWaits)
        #expect(try outcome.withLock { $0 }?.get() == 2)
        let said = reports.withLock { $0 }
        #expect(said.first == .zero, "\(said)")
        #expect(said.dropFirst().allSatisfy { $0 >= .seconds(1) }, "\(said)")
    }

    @Test func aTimeoutOfZeroGivesUpAtOnce() throws {
        let files = try TemporaryFiles("sqlitedb")
        let holder = try Database(path: files.path("db.sqlite"))
        try holder.execute("CREATE TABLE t (x)")
        try holder.execute("BEGIN IMMEDIATE")
        var configuration = Database.Configuration()
        configuration.busyTimeout = .zero
        let other = try Database(path: files.path("db.sqlite"), configuration: configuration)
        let error = try #require(throws: DatabaseError.self) { try other.execute("INSERT INTO t VALUES (1)") }
        #expect(error.isBusy)
        try holder.execute("ROLLBACK")
    }
}
