import Foundation
import SQLiteDB

let db = try Database(path: "notes.sqlite")  // WAL, foreign keys on, synchronous=NORMAL, 5 s busy timeout
try db.execute("CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL, created_at TEXT NOT NULL)")
try db.transaction(.immediate) {
    let insert = try db.cachedStatement("INSERT INTO notes (text, created_at) VALUES (?, ?)")
    try insert.run("Hello", Date())
}

struct Note: RowDecodable {
    let text: String
    let createdAt: Date
    init(row: Row) throws {
        text = try row.value(at: 0)
        createdAt = try row.value(at: 1)
    }
}
let notes = try db.fetchAll(Note.self, "SELECT text, created_at FROM notes")
print(notes.map(\.text))  // ["Hello"]
// Rows too plain for a type of their own come back as tuples, one type a column.
let lengths = try db.fetchAll("SELECT text, length(text) FROM notes", as: String.self, Int.self)
print(lengths.map(\.1))  // [5]

// One writer and concurrent readers, Sendable: share it across tasks; `await` its reads off the caller's thread.
func noteCount(in pool: DatabasePool) async throws -> Int {
    try await pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM notes") ?? 0 }
}
print(try await noteCount(in: try DatabasePool(path: "notes.sqlite")))  // 1
