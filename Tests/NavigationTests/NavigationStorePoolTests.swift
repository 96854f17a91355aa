import Dispatch
import Foundation
import Navigation
import SQLiteCatalog
import SQLiteDB
import Synchronization
import TestSupport
import Testing

/// A store on a `DatabasePool`: what a server holding many users' scenes uses.
@Suite struct NavigationStorePoolTests {
    func makePool() throws -> DatabasePool {
        let pool = try DatabasePool(path: try TemporaryFiles("navigation-pool").path("navigation.sqlite"))
        _ = try pool.writeWithoutTransaction { db in try NavigationSchema.migrator.migrate(db) }
        return pool
    }

    @Test func aStoreOnAPoolSavesAndAnotherRestores() throws {
        let pool = try makePool()
        let store = try NavigationStore<TestRoute>(database: pool)
        let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
        let intents: [NavigationIntent<TestRoute>] = [.selectSidebar(.genres), .selectContent(.genre(3))]
        for intent in intents { try session.apply(intent) }
        let other = try NavigationStore<TestRoute>(database: pool)
        let restored = try other.restore(scene: "main", for: try other.user(named: "ada"))
        #expect(restored.state == (try navigate(intents)))
        #expect(try other.history(ofScene: "main", for: try other.user(named: "ada")).count == 3)
    }

    @Test func restoresRunOnTheReadersWhileTheWriterIsBusy() throws {
        let pool = try makePool()
        let store = try NavigationStore<TestRoute>(database: pool)
        let user = try store.user(named: "ada")
        try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))

        let writerHeld = DispatchSemaphore(value: 0)
        let restoreDone = DispatchSemaphore(value: 0)
        let restoredWhileHeld = Atomic(false)
        let holder = Thread {
            _ = try? pool.write { _ in
                writerHeld.signal()
                // Holds the writer until the restore is done (or gives up after 10 s, so a store that wrongly
                // waits for the writer fails the test instead of hanging it).
                restoredWhileHeld.store(restoreDone.wait(timeout: .now() + 10) == .success, ordering: .relaxed)
            }
        }
        holder.start()
        writerHeld.wait()
        let restored = try store.restore(scene: "main", for: user)
        restoreDone.signal()
        while !holder.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(restored.state.sidebar == .books)
        let heldThroughout = restoredWhileHeld.load(ordering: .relaxed)
        #expect(heldThroughout)
    }
}
