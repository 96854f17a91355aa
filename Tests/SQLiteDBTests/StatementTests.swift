import SQLiteDB
import Testing

@Suite struct StatementTests {
    struct Pair: RowDecodable, Equatable {
        let id: Int
        let name: String?
        init(id: Int, name: String?) {
            self.id = id
            self.name = name
        }
        init(row: Row) throws {
            id = try row.value(at: 0)
            name = row[1]
        }
    }

    let db: Database

    init() throws {
        db = try Database.inMemory()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
    }

    @Test func cacheReturnsTheSamePreparedStatement() throws {
        let first = try db.cachedStatement("SELECT name FROM t WHERE id = ?")
        let second = try db.cachedStatement("SELECT name FROM t WHERE id = ?")
        #expect(first === second)
        #expect(try db.cachedStatement("SELECT id FROM t") !== first)
    }

    @Test func busyCachedStatementIsNotHandedOutTwice() throws {
        try db.execute("INSERT INTO t (name) VALUES ('a'), ('b')")
        let outer = try db.cachedStatement("SELECT id FROM t ORDER BY id")
        try outer.bind([])
        #expect(try outer.step())
        let inner = try db.cachedStatement("SELECT id FROM t ORDER BY id")
        #expect(inner !== outer)
        #expect(try inner.fetchAll(Int.self) == [1, 2])
        #expect(outer.row[0] == 1)
    }

    @Test func bindsByPositionAndByName() throws {
        try db.execute("INSERT INTO t (id, name) VALUES (?, ?)", [1, "one"])
        try db.execute("INSERT INTO t (id, name) VALUES (:id, :name)", [":id": 2, ":name": "two"])
        try db.execute("INSERT INTO t (id, name) VALUES ($id, @name)", ["$id": 3, "@name": nil])
        let rows = try db.fetchAll(Pair.self, "SELECT id, name FROM t ORDER BY id")
        #expect(rows == [Pair(id: 1, name: "one"), Pair(id: 2, name: "two"), Pair(id: 3, name: nil)])
    }

    @Test func fetchesColumnsAsTuplesInOrderAndNamesANullColumn() throws {
        try db.execute("INSERT INTO t (id, name) VALUES (1, 'one'), (2, 'two'), (3, NULL)")
        let rows = try db.fetchAll("SELECT id, name FROM t WHERE id < ? ORDER BY id", [3], as: Int.self, String.self)
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows.map(\.1) == ["one", "two"])
        let error = try #require(throws: RowDecodingError.self) {
            try db.fetchAll("SELECT id, name FROM t ORDER BY id", as: Int.self, String.self)
        }
        #expect(error.column == "name" && error.index == 1)
    }

    @Test func wrongArgumentCountIsAnError() throws {
        let error = try #require(throws: DatabaseError.self) {
            try db.execute("INSERT INTO t (id, name) VALUES (?, ?)", [1])
        }
        #expect(error.extendedResultCode == .SQLITE_RANGE)
        #expect(error.message.contains("1 arguments given for 2 parameters"))
    }

    @Test func unknownParameterNameIsAnError() throws {
        #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t (id) VALUES (:id)", [":nope": 1]) }
    }

    @Test func fetchOneReturnsNilWithoutRows() throws {
        #expect(try db.fetchOne(Pair.self, "SELECT id, name FROM t") == nil)
        #expect(try db.fetchOne(Int.self, "SELECT id FROM t") == nil)
    }

    @Test func cursorStreamsRowsAndLeavesOtherQueriesUsable() throws {
        try db.transaction {
            for id in 1...1000 { try db.execute("INSERT INTO t (id, name) VALUES (?, ?)", [id, "n\(id)"]) }
        }
        let cursor = try db.cursor(Pair.self, "SELECT id, name FROM t ORDER BY id")
        var seen = 0
        while let pair = try cursor.next() {
            seen += 1
            #expect(pair.id == seen)
            if seen == 500 { #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM t") == 1000) }
        }
        #expect(seen == 1000)
        #expect(try cursor.next() == nil)
    }

    @Test func executeRunsSeveralStatementsAndComments() throws {
        try db.execute(
            """
            -- a comment before
            INSERT INTO t (id, name) VALUES (1, 'a; not a separator');
            INSERT INTO t (id, name) VALUES (2, 'b');
            /* a trailing comment */
            """)
        #expect(try db.fetchAll(String.self, "SELECT name FROM t ORDER BY id") == ["a; not a separator", "b"])
    }

    @Test func changesAndLastInsertedRowID() throws {
        try db.execute("INSERT INTO t (name) VALUES ('x'), ('y')")
        #expect(db.changes == 2)
        #expect(db.lastInsertedRowID == 2)
        try db.execute("UPDATE t SET name = 'z'")
        #expect(db.changes == 2)
    }
}
