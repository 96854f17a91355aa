import Navigation
import SQLiteCatalog
import SQLiteDB
import Testing

/// An app with its own routes and its own database keeps its navigation state there, with no catalog tables.
@Suite struct NavigationSchemaTests {
    @Test func aFreshDatabaseGetsTheNavigationTablesAlone() throws {
        let db = try Database.inMemory()
        let applied = try NavigationSchema.migrator.migrate(db)
        #expect(applied.map(\.fileName) == ["0002_navigation.sql", "0011_nav_scene_changes.sql"])
        #expect(
            try db.tableNames() == [
                "nav_history", "nav_scene_changes", "nav_scenes", "nav_sessions", "schema_migrations", "users",
            ])
    }

    @Test func aStoreSavesAndRestoresASceneInIt() throws {
        let file = try TemporaryDatabaseFile()
        let intents: [NavigationIntent<TestRoute>] = [
            .selectSidebar(.authors), .selectContent(.author(1)), .push(.book(2)),
        ]
        do {
            let store = try file.openStore()
            let session = try store.openSession(scene: "main", for: try store.user(named: "ada"))
            for intent in intents {
                try session.apply(intent)
            }
        }
        // Every connection is closed: reopen the file as a relaunch would.
        let store = try file.openStore()
        let restored = try store.restore(scene: "main", for: try store.user(named: "ada"))
        #expect(restored.state == (try navigate(intents)) && restored.report.isEmpty)
        #expect(restored.origin == .savedState)
    }
}
