import Foundation
import SQLiteDB
import Testing

@testable import Navigation

/// A scene's revision: what an HTTP ETag is made of and what a conditional save checks.
@Suite struct SceneRevisionTests {
    @Test(arguments: Backend.allCases) func theRevisionChangesWithTheStateAndTheHistoryPositionOnly(_ backend: Backend)
        throws
    {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let session = try store.openSession(scene: "main", for: user)
        var seen = [session.revision]
        for intent: NavigationIntent<TestRoute> in [.selectSidebar(.books), .selectSidebar(.authors), .back] {
            try session.apply(intent)
            #expect(!seen.contains(session.revision), "\(intent) kept a revision seen before")
            #expect(try store.revision(ofScene: "main", for: user) == session.revision, "\(intent)")
            #expect(try store.openSession(scene: "main", for: user).revision == session.revision, "\(intent)")
            seen.append(session.revision)
        }
        // `forward` comes back to the very row `authors` saved: the same state at the same position is the same
        // revision.
        try session.apply(.forward)
        #expect(session.revision == seen[2])
        // The same state at another position: `books` again, as a newer entry.
        try session.apply(.selectSidebar(.genres))
        try session.apply(.selectSidebar(.books))
        #expect(session.state == (try store.history(ofScene: "main", for: user))[1])
        #expect(!seen.contains(session.revision))
        // A refused intent saves nothing, so the revision stays.
        let before = session.revision
        #expect(throws: NavigationError.self) { try session.apply(.pop) }
        #expect(try store.revision(ofScene: "main", for: user) == before)
    }

    @Test(arguments: Backend.allCases) func aSceneWithoutSavedStateHasTheRevisionOfTheSceneItStartsFrom(
        _ backend: Backend
    ) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let empty = try store.revision(ofScene: "side", for: user)
        let main = try store.openSession(scene: "main", for: user)
        try main.apply(.selectSidebar(.genres))
        let side = try store.revision(ofScene: "side", for: user)
        #expect(side != empty)
        #expect(try store.openSession(scene: "side", for: user).revision == side)
        try main.apply(.selectSidebar(.bands))
        #expect(try store.revision(ofScene: "side", for: user) != side)
        // Another user's scenes are not theirs.
        #expect(try store.revision(ofScene: "main", for: try store.user(named: "bob")) == empty)
    }

    @Test(arguments: Backend.allCases) func aConditionalChangeIsRefusedWhenAnotherSessionSavedMeanwhile(
        _ backend: Backend
    ) throws {
        let store = try backend.makeStore()
        let user = try store.user(named: "ada")
        let first = try store.openSession(scene: "main", for: user)
        let second = try store.openSession(scene: "main", for: user)
        try first.apply(.selectSidebar(.genres))
        for change: (NavigationSession<TestRoute>) throws -> Void in [
            { try $0.applyUnlessChanged(.selectSidebar(.books)) }, { try $0.applyUnlessChanged(.back) },
            { try $0.replaceStateUnlessChanged(with: try SplitViewState(sidebar: .authors)) },
        ] {
            #expect(throws: NavigationStoreError.staleRevision) { try change(second) }
        }
        #expect(try store.openSession(scene: "main", for: user).state == first.state)
        // Once it has read the scene again, the same change goes through.
        let reread = try store.openSession(scene: "main", for: user)
        try reread.applyUnlessChanged(.selectSidebar(.books))
        #expect(try store.openSession(scene: "main", for: user).state.sidebar == .books)
    }

    @Test(arguments: Backend.allCases) func aReplacedStateIsRepairedLikeARestoredOne(_ backend: Backend) throws {
        let catalog = FakeCatalog()
        catalog.deleted = [TestRoute.genre(13).path]
        let store = try backend.makeStore(validator: catalog)
        let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
        let report = try session.replaceStateUnlessChanged(
            with: try SplitViewState(sidebar: .genres, content: .genre(13), detail: .genre(13)))
        #expect(!report.isEmpty)
        #expect(session.state.sidebar == .genres)
        #expect(session.state.content == nil)
    }
}

/// A restore's repair is written back only over the state it repaired.
@Suite struct RepairWriteBackTests {
    /// Says `genre/13` is gone, and the first time it is asked, saves another state through another store first:
    /// a writer that comes between a restore's read and its write-back.
    final class SavingWhileChecking: RouteValidator {
        let store: NavigationStore<TestRoute>
        let user: NavigationUser
        var saved = false

        init(store: NavigationStore<TestRoute>, user: NavigationUser) {
            self.store = store
            self.user = user
        }

        func exists(_ route: TestRoute) throws -> Bool {
            guard route == .genre(13) else { return true }
            if !saved {
                saved = true
                try store.openSession(scene: "main", for: user).apply(.selectSidebar(.books))
            }
            return false
        }
    }

    @Test(arguments: Backend.allCases) func aStateSavedWhileARestoreRepairsIsNotOverwritten(_ backend: Backend) throws {
        let database = try backend.makeDatabase()
        let other = try database.store()
        let user = try other.user(named: "ada")
        let session = try other.openSession(scene: "main", for: user)
        try session.apply(.selectSidebar(.genres))
        try session.apply(.selectContent(.genre(13)))
        let repairing = try database.store(validator: SavingWhileChecking(store: other, user: user))
        let restored = try repairing.restore(scene: "main", for: user)
        #expect(restored.state.sidebar == .genres && restored.state.content == nil)
        #expect(!restored.report.isEmpty)
        // The save that came in between is what is stored, and the restore's revision is not its.
        #expect(try other.openSession(scene: "main", for: user).state.sidebar == .books)
        #expect(try other.revision(ofScene: "main", for: user) != restored.revision)
    }
}
