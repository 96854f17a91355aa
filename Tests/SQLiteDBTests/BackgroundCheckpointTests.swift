import Foundation
import TestSupport
import Testing

@testable import SQLiteDB

/// A connection opened with background checkpoints: its commits reach the database file through a checkpoint that
/// no commit runs, as soon as the WAL holds the pages it was told, and the WAL then starts again from its beginning.
@Suite struct BackgroundCheckpointTests {
    /// The rows of `notes` in the database file read without its WAL: what checkpoints have copied into it.
    func notesInTheFileAlone(_ path: String) throws -> Int {
        let copy = path + "-copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let db = try Database(path: copy)
        defer { try? db.close() }
        return try #require(try db.fetchOne(Int.self, "SELECT count(*) FROM notes"))
    }

    func walSize(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber).intValue
    }

    @Test func commitsThatFillTheWALAreCheckpointedInTheBackground() throws {
        let files = try TemporaryFiles("sqlitedb")
        let path = files.path("db.sqlite")
        var configuration = Database.Configuration()
        configuration.checkpoints = .background(pages: 100)
        let db = try Database(path: path, configuration: configuration)
        defer { try? db.close() }
        try db.execute("CREATE TABLE notes (text TEXT NOT NULL)")
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  // the table in the file, the WAL empty
        let text = String(repeating: "x", count: 2000)
        // Two rows a page: five commits leave at most fifteen pages in the WAL, under the threshold (and SQLite's own
        // automatic checkpoint waits for 1,000).
        for _ in 0..<5 { try db.execute("INSERT INTO notes VALUES (?), (?)", [text, text]) }
        db.waitForBackgroundCheckpoints()
        #expect(try notesInTheFileAlone(path) == 0)

        for _ in 0..<100 { try db.execute("INSERT INTO notes VALUES (?), (?)", [text, text]) }
        db.waitForBackgroundCheckpoints()
        // At least the rows of the commit that crossed the threshold (which of the later ones, depends on when the
        // checkpoint ran).
        #expect(try notesInTheFileAlone(path) > 10)
        // The WAL was checkpointed whole, so the next commit writes from its beginning: the file does not grow.
        let wal = try walSize(path)
        try db.execute("INSERT INTO notes VALUES (?)", [text])
        #expect(try walSize(path) == wal)
    }
}
