import Foundation
import SQLiteDB
import Testing

@testable import Navigation
@testable import SQLiteCatalog

/// The store's background checkpoints: saves reach the database file without any save running a checkpoint, the
/// WAL starts again from its beginning, and the checkpointer's connection goes with the store.
@Suite struct BackgroundCheckpointerTests {
    /// The history rows of the database file read without its WAL: what checkpoints have copied into it.
    func historyRowsInTheFileAlone(_ path: String) throws -> Int {
        let copy = path + "-copy-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let db = try Database(path: copy)
        defer { try? db.close() }
        return try #require(try db.fetchOne(Int.self, "SELECT count(*) FROM nav_history"))
    }

    func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
    }

    @Test func everyNthSaveIsCheckpointedInTheBackgroundAndTheCheckpointerStopsWithTheStore() throws {
        let file = try TemporaryDatabaseFile()
        let db = try Database(path: file.path)
        try NavigationSchema.migrator.migrate(db)
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  // the tables in the file, the WAL empty
        var configuration = NavigationStore<TestRoute>.Configuration()
        configuration.checkpoints = .background(everySaves: 10)
        do {
            let store = try NavigationStore(database: db, configuration: configuration)
            let checkpointer = try #require((try store.sqlite.checkpoints as? WALCheckpoints)?.checkpointer)
            #expect(try db.fetchOne(Int.self, "PRAGMA wal_autocheckpoint") == 0)
            let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
            try session.apply(.selectSidebar(.books))
            for id in 1...8 { try session.apply(.selectContent(.book(id))) }
            // Nine saves: nothing asked for a checkpoint, so everything saved is in the WAL only.
            checkpointer.waitUntilIdle()
            #expect(try historyRowsInTheFileAlone(file.path) == 0)

            try session.apply(.selectContent(.book(9)))
            checkpointer.waitUntilIdle()
            let saved = try #require(try db.fetchOne(Int.self, "SELECT count(*) FROM nav_history"))
            #expect(saved == 11)
            #expect(try historyRowsInTheFileAlone(file.path) == saved)
            // The WAL was checkpointed whole, so the next save writes from its beginning: the file does not grow.
            let wal = try size(file.path + "-wal")
            try session.apply(.selectContent(.book(10)))
            #expect(try size(file.path + "-wal") == wal)
        }
        // The store is gone, and its checkpointer's connection with it: closing the last connection removes the
        // WAL and the shared-memory file.
        try db.close()
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: file.path + "-shm"))
    }
}
