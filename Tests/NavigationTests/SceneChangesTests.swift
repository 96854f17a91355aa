import Foundation
import Testing

@testable import Navigation

/// The database's record of scene changes (`nav_scene_changes`, kept by triggers): after a position, the users whose
/// scenes a save, a move, a restore or a delete changed, whichever store or process made it; nothing else.
@Suite struct SceneChangesTests {
    @Test(arguments: Backend.allCases)
    func namesTheUsersWhoseScenesChanged(_ backend: Backend) throws {
        let database = try backend.makeDatabase()
        let store = try database.store()
        let (ada, bob, cy) = (try store.user(named: "ada"), try store.user(named: "bob"), try store.user(named: "cy"))
        let start = try store.sceneChanges(after: nil)
        #expect(start.users == [])
        #expect(try store.sceneChanges(after: start.position) == start)

        let main = try store.openSession(scene: "main", for: ada)
        try main.apply(.selectSidebar(.books))
        let first = try store.sceneChanges(after: start.position)
        #expect(first.users == [ada.id])
        #expect(first.position > start.position)
        #expect(try store.sceneChanges(after: first.position) == SceneChanges(users: [], position: first.position))

        // Two users' scenes; a move back through history; a session saved changes no scene.
        try store.openSession(scene: "main", for: bob).apply(.selectSidebar(.authors))
        try store.openSession(scene: "side", for: cy).apply(.selectSidebar(.genres))
        try main.apply(.back)
        try store.saveSession(named: "reading", fromScene: "main", for: bob)
        try store.openSession(scene: "main", for: bob).apply(.selectSidebar(.bands))
        let second = try store.sceneChanges(after: first.position)
        #expect(second.users == [ada.id, bob.id, cy.id])
        try store.saveSession(named: "later", fromScene: "main", for: bob)
        #expect(try store.sceneChanges(after: second.position).users == [])

        // A session restored into a scene, from another store on the database (another process).
        try database.store().restoreSession(named: "reading", intoScene: "main", for: bob)
        let third = try store.sceneChanges(after: second.position)
        #expect(third.users == [bob.id])

        // Deletes: one scene, then every scene at once.
        #expect(try store.deleteScene("side", for: cy))
        let fourth = try store.sceneChanges(after: third.position)
        #expect(fourth.users == [cy.id])
        #expect(try store.pruneScenes(unusedSince: .distantFuture) == 2)
        #expect(try store.sceneChanges(after: fourth.position).users == [ada.id, bob.id])
    }

    /// A record that stands before the position asked about (its database was replaced or emptied) cannot say who
    /// changed: every user's scenes may have.
    @Test(arguments: Backend.allCases)
    func aRecordThatWentBackCannotSay(_ backend: Backend) throws {
        let store = try backend.makeStore()
        try store.openSession(scene: "main", forUserNamed: "ada").apply(.selectSidebar(.books))
        let seen = try store.sceneChanges(after: nil)
        #expect(seen.position > 0)
        try store.execute("DELETE FROM nav_scene_changes")
        #expect(try store.sceneChanges(after: seen.position) == SceneChanges(users: nil, position: 0))
    }
}
