// Test tool for SQLiteDB's multi-process behaviour: `sqlitedb-stress PATH TAG COUNT` inserts COUNT rows
// tagged TAG into table `stress`, each in its own IMMEDIATE transaction, while other processes do the same.
// Exits 0 when every insert committed; prints the error and exits 1 on the first failure.
import Foundation
import SQLiteDB

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: sqlitedb-stress PATH TAG COUNT\n".utf8))
    exit(64)
}
do {
    let db = try Database(path: arguments[1])
    try db.execute("CREATE TABLE IF NOT EXISTS stress (id INTEGER PRIMARY KEY, tag TEXT NOT NULL, n INTEGER NOT NULL)")
    for n in 0..<count {
        try db.transaction(.immediate) {
            try db.execute("INSERT INTO stress (tag, n) VALUES (?, ?)", [arguments[2], n])
        }
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
