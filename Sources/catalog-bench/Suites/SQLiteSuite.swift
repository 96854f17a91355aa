import CSQLite
import Foundation
import SQLiteDB

/// Suite `sqlite`: the SQLite layer against the raw C API on the same work: insert 100,000 rows in one
/// transaction through one prepared statement, and fetch them all into structs.
struct SQLiteSuite: BenchmarkSuite {
    let name = "sqlite"
    let rowCount = 100_000

    struct BookRow {
        let id: Int64
        let title: String
        let authorID: Int64
        let year: Int
    }

    static let createTable =
        "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER NOT NULL, year INTEGER NOT NULL)"
    static let insert = "INSERT INTO books (id, title, author_id, year) VALUES (?, ?, ?, ?)"
    static let select = "SELECT id, title, author_id, year FROM books"

    func run(timer: Timer, log: (String) -> Void) throws -> [Measurement] {
        let directory = try temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = (0..<rowCount).map {
            BookRow(
                id: Int64($0 + 1), title: "Title number \($0) of the benchmark", authorID: Int64($0 % 2000),
                year: 1900 + $0 % 120)
        }
        let path = directory.appending(path: "insert.sqlite").path
        let reset = {
            Database.removeFiles(atPath: path)
            let db = try Database(path: path)
            try db.execute(Self.createTable)
        }
        log("sqlite: insert \(rowCount) rows")
        let insertC = try timer.measure(setup: reset) { try RawC.insert(rows, path: path) }
        let insertSwift = try timer.measure(setup: reset) {
            let db = try Database(path: path)
            try db.transaction(.immediate) {
                let statement = try db.cachedStatement(Self.insert)
                for row in rows {
                    try statement.run(row.id, row.title, row.authorID, row.year)
                }
            }
        }
        log("sqlite: fetch \(rowCount) rows into structs")
        var fetched = 0
        let fetchC = try timer.measure { fetched = try RawC.fetchAll(path: path).count }
        let fetchSwift = try timer.measure {
            let db = try Database(path: path)
            fetched = try db.fetchAll(BookRow.self, Self.select).count
        }
        guard fetched == rowCount else { throw BenchmarkError("fetched \(fetched) rows, expected \(rowCount)") }
        let insertCase = "insert \(rowCount / 1000)k rows, one transaction"
        let fetchCase = "fetch \(rowCount / 1000)k rows into structs"
        return [
            Measurement(suite: name, case: insertCase, impl: "raw C API", samples: insertC),
            Measurement(suite: name, case: insertCase, impl: "SQLiteDB", samples: insertSwift),
            Measurement(suite: name, case: fetchCase, impl: "raw C API", samples: fetchC),
            Measurement(suite: name, case: fetchCase, impl: "SQLiteDB", samples: fetchSwift),
        ]
    }

    /// The limit: what a C program does, written against the C API with no abstraction.
    enum RawC {
        static func open(_ path: String) throws -> OpaquePointer {
            var db: OpaquePointer?
            guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db
            else {
                throw BenchmarkError("cannot open \(path)")
            }
            sqlite3_exec(
                db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", nil, nil, nil)
            return db
        }

        static func insert(_ rows: [BookRow], path: String) throws {
            let db = try open(path)
            defer { sqlite3_close(db) }
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, SQLiteSuite.insert, -1, &statement, nil)
            sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
            for row in rows {
                sqlite3_bind_int64(statement, 1, row.id)
                var title = row.title
                title.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        _ = csqlite_bind_text(statement, 2, $0.baseAddress, Int32($0.count))
                    }
                }
                sqlite3_bind_int64(statement, 3, row.authorID)
                sqlite3_bind_int64(statement, 4, Int64(row.year))
                guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError("insert failed") }
                sqlite3_reset(statement)
            }
            sqlite3_exec(db, "COMMIT", nil, nil, nil)
            sqlite3_finalize(statement)
        }

        static func fetchAll(path: String) throws -> [BookRow] {
            let db = try open(path)
            defer { sqlite3_close(db) }
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, SQLiteSuite.select, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            var rows: [BookRow] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let text = sqlite3_column_text(statement, 1)
                let count = Int(sqlite3_column_bytes(statement, 1))
                rows.append(
                    BookRow(
                        id: sqlite3_column_int64(statement, 0),
                        title: String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self),
                        authorID: sqlite3_column_int64(statement, 2),
                        year: Int(sqlite3_column_int64(statement, 3))))
            }
            return rows
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// The decoder in an extension, so the memberwise initializer stays.
extension SQLiteSuite.BookRow: RowDecodable {
    init(row: Row) throws {
        self.init(
            id: try row.value(at: 0), title: try row.value(at: 1), authorID: try row.value(at: 2),
            year: try row.value(at: 3))
    }
}
