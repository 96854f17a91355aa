import SQLiteDB
import Testing

@Suite struct TransactionTests {
    struct Failure: Error {}

    let db: Database

    init() throws {
        db = try Database.inMemory()
        try db.execute("CREATE TABLE t (x INTEGER)")
    }

    func values() throws -> [Int] {
        try db.fetchAll(Int.self, "SELECT x FROM t ORDER BY x")
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let result = try db.transaction(.immediate) {
            try db.execute("INSERT INTO t VALUES (1)")
            return "done"
        }
        #expect(result == "done")
        #expect(try values() == [1])
        #expect(!db.isInTransaction)
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        #expect(throws: Failure.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try values() == [])
        #expect(!db.isInTransaction)
    }

    @Test func rollsBackWhenAStatementFails() throws {
        try db.execute("CREATE TABLE u (x INTEGER UNIQUE)")
        #expect(throws: DatabaseError.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO u VALUES (1), (1)")
            }
        }
        #expect(try values() == [])
    }

    /// Runs `body` and checks that it throws ``Failure``. (Written out rather than `#expect(throws:)`:
    /// that macro, nested in the closures below, ran the wrong closure on this toolchain.)
    func expectFailure(_ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected Failure to be thrown")
        } catch {
            #expect(error is Failure)
        }
    }

    @Test func nestedTransactionsBecomeSavepoints() throws {
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            expectFailure {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            try db.savepoint {
                try db.execute("INSERT INTO t VALUES (3)")
                try db.savepoint { try db.execute("INSERT INTO t VALUES (4)") }
                expectFailure {
                    try db.savepoint {
                        try db.execute("INSERT INTO t VALUES (5)")
                        throw Failure()
                    }
                }
            }
        }
        #expect(try values() == [1, 3, 4])
    }

    @Test func outerRollbackUndoesReleasedSavepoints() throws {
        #expect(throws: Failure.self) {
            try db.transaction {
                try db.savepoint { try db.execute("INSERT INTO t VALUES (1)") }
                throw Failure()
            }
        }
        #expect(try values() == [])
    }
}
