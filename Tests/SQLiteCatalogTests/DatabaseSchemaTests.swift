import Catalog
import Foundation
import Navigation
import SQLiteCatalog
import SQLiteDB
import TestSupport
import Testing

@Suite struct DatabaseSchemaTests {
    @Test func embeddedMigrationsAreNumberedAndUnique() {
        let versions = DatabaseSchema.migrations.map(\.version)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count)
        #expect(DatabaseSchema.migrations.allSatisfy { !$0.sql.isEmpty })
    }

    /// The catalog's, the navigation's and the access tokens' migrations, each embedded into its own module, are one
    /// sequence.
    @Test func composesTheCatalogAndTheNavigationMigrations() {
        #expect(CatalogSchema.migrations.map(\.version) == [1, 3, 4, 7, 8, 10, 13, 14, 15, 16])
        #expect(NavigationSchema.migrations.map(\.version) == [2, 11])
        #expect(
            DatabaseSchema.migrations.map(\.fileName) == [
                "0001_catalog.sql", "0002_navigation.sql", "0003_changes.sql", "0004_checks_without_in_lists.sql",
                "0005_access_tokens.sql", "0006_web_sessions.sql", "0007_change_log_per_entity.sql",
                "0008_links_follow_deletes.sql", "0009_web_session_csrf_hashes.sql", "0010_catalog_edits.sql",
                "0011_nav_scene_changes.sql", "0012_edit_scope.sql", "0013_import_hand_edits.sql", "0014_uploads.sql",
                "0015_upload_queue.sql", "0016_upload_refresh.sql",
            ])
    }

    /// `Fixtures/catalog-0004.sqlite` was written by `catalog import SampleData/library.json`, `catalog nav
    /// select-sidebar authors` and `catalog sessions save reading` when all migrations lived in one directory, then
    /// vacuumed. Its `schema_migrations` rows (versions and checksums) must still be this build's; opening it adds
    /// the later migrations (0005 and 0006, the empty `access_tokens` and `web_sessions`; 0007, the change log at one row
    /// per entity, which this file's log already is; 0008, triggers, with no orphan link to remove; 0009, `web_sessions`
    /// made again with `csrf_hash`; 0010, the empty `entity_merges` and `edit_history`; 0011, the empty
    /// `nav_scene_changes`, which records the changes from then on; 0012, `access_tokens` made again to allow the `edit` scope; 0013, `source_records.edits_seen`, 0 with no hand
    /// edit before it) and changes no row of its own.
    @Test func aDatabaseWrittenAtVersion4OpensWithItsMigrationsAndRowsUnchanged() throws {
        let path = try copyOfFixture("catalog-0004.sqlite")
        let (appliedBefore, rowsBefore) = try contents(of: Database(path: path))
        #expect(appliedBefore.map(\.version) == [1, 2, 3, 4])
        #expect(rowsBefore["books"] == 36 && rowsBefore["nav_scenes"] == 1 && rowsBefore["nav_sessions"] == 1)

        let db = try DatabaseSchema.open(path: path)
        let (applied, rows) = try contents(of: db)
        #expect(Array(applied.prefix(4)) == appliedBefore)
        #expect(applied.dropFirst(4).map(\.version) == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
        let added: Set = [
            "schema_migrations", "access_tokens", "web_sessions", "entity_merges", "edit_history", "nav_scene_changes",
            "uploaded_changes", "edit_conflicts", "upload_queue", "upload_sent", "upload_answers", "upload_refresh",
        ]
        #expect(rows.filter { !added.contains($0.key) } == rowsBefore.filter { $0.key != "schema_migrations" })
        #expect(rows["access_tokens"] == 0 && rows["web_sessions"] == 0)
        #expect(rows["entity_merges"] == 0 && rows["edit_history"] == 0 && rows["nav_scene_changes"] == 0)
        #expect(DatabaseSchema.migrator.latestVersion == 16)
        #expect(try DatabaseSchema.migrator.pendingMigrations(in: db).isEmpty)
        #expect(try db.integrityCheck() == ["ok"])
    }

    /// 0009 keeps only the hash of a web session's CSRF token; the sessions started before it, whose plain random
    /// token no session id gives back, end (their users sign in again) and nothing else changes.
    @Test func sessionsStartedBeforeCSRFTokensWereHashedEnd() throws {
        let db = try Database.inMemory()
        try Migrator(DatabaseSchema.migrations.filter { $0.version < 9 }).migrate(db)
        let stamp = "2026-01-01T00:00:00Z"
        try db.execute("INSERT INTO users (id, name, created_at) VALUES (1, 'ada', ?)", [stamp])
        try db.execute(
            "INSERT INTO access_tokens (id, user_id, hash, scope, created_at) VALUES (1, 1, ?, 'nav', ?)",
            [String(repeating: "ab", count: 32), stamp])
        try db.execute(
            """
            INSERT INTO web_sessions (token_id, hash, csrf_token, created_at, expires_at)
            VALUES (1, ?, 'plain-csrf-value', ?, ?)
            """, [String(repeating: "cd", count: 32), stamp, stamp])

        #expect(try DatabaseSchema.migrator.migrate(db).map(\.version) == [9, 10, 11, 12, 13, 14, 15, 16])
        #expect(try db.rowCount(ofTable: "web_sessions") == 0)
        #expect(try db.rowCount(ofTable: "access_tokens") == 1 && db.rowCount(ofTable: "users") == 1)
        let columns = try db.fetchAll(String.self, "SELECT name FROM pragma_table_info('web_sessions')")
        #expect(columns.contains("csrf_hash") && !columns.contains("csrf_token"))
    }

    @Test func aDatabaseWithALaterVersionIsStillRefused() throws {
        let path = try copyOfFixture("catalog-0004.sqlite")
        let later = DatabaseSchema.migrator.latestVersion + 1
        let (appliedBefore, rowsBefore) = try {
            let db = try Database(path: path)
            try db.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, 'later', '', ?)",
                [later, Date()])
            return try contents(of: db)
        }()

        let error = try #require(throws: MigrationError.self) { try DatabaseSchema.open(path: path) }
        guard case .databaseIsNewer([later], DatabaseSchema.migrator.latestVersion) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        let (applied, rows) = try contents(of: Database(path: path))
        #expect(applied == appliedBefore && rows == rowsBefore)
    }

    /// A copy of `Tests/SQLiteCatalogTests/Fixtures/<name>` in a temporary directory: opening a database writes to it.
    private func copyOfFixture(_ name: String) throws -> String {
        let fixture = TestSupport.packageRoot.appending(path: "Tests/SQLiteCatalogTests/Fixtures").appending(path: name)
        let copy = try TemporaryFiles("schema").path(name)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: copy)
        return copy
    }

    /// The applied migrations of `db` and the row count of each of its tables.
    private func contents(of db: Database) throws -> (applied: [AppliedMigration], rows: [String: Int]) {
        let tables = try db.tableNames().map { ($0, try db.rowCount(ofTable: $0)) }
        return (try DatabaseSchema.migrator.appliedMigrations(in: db), Dictionary(uniqueKeysWithValues: tables))
    }

    @Test func aFreshDatabaseMigratesToTheLatestVersion() throws {
        let db = try Database.inMemory()
        try DatabaseSchema.migrator.migrate(db)
        let applied = try DatabaseSchema.migrator.appliedMigrations(in: db)
        #expect(applied.map(\.version) == DatabaseSchema.migrations.map(\.version))
        #expect(try db.fetchAll(String.self, "PRAGMA foreign_key_check").isEmpty)
        #expect(try db.integrityCheck() == ["ok"])
    }

    /// 0004 rebuilds `change_log` and `source_records`: their rows stay, the change counter carries over even
    /// when it is past the last row (so no sequence is reused), and the triggers of 0001 and 0003 still write
    /// them.
    @Test func rebuildingTheChangeLogKeepsItsRowsItsCounterAndItsTriggers() throws {
        let db = try Database.inMemory()
        try Migrator(DatabaseSchema.migrations.filter { $0.version <= 3 }).migrate(db)
        for name in ["Rock", "Metal", "Jazz"] {
            try db.execute("INSERT INTO genres (name, name_key) VALUES (?, ?)", [name, name.lowercased()])
        }
        try db.execute(
            "INSERT INTO source_records (source, source_key, entity_kind, entity_id) VALUES ('s', 'k', 'genre', 1)")
        // The newest change pruned away: the counter (3) is past the last row (2).
        try db.execute("DELETE FROM change_log WHERE seq = 3")
        let changes = "SELECT seq || ' ' || entity_kind || ' ' || operation FROM change_log ORDER BY seq"
        let before = try db.fetchAll(String.self, changes)
        #expect(before == ["1 genre insert", "2 genre insert"])

        try DatabaseSchema.migrator.migrate(db)
        #expect(try db.fetchAll(String.self, changes) == before)
        #expect(try db.fetchAll(String.self, "SELECT source_key FROM source_records") == ["k"])
        try db.execute("INSERT INTO genres (name, name_key) VALUES ('Blues', 'blues')")
        #expect(try db.fetchAll(String.self, changes) == before + ["4 genre insert"])
        try db.execute("DELETE FROM genres WHERE id = 1")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM source_records") == 0)
        #expect(try db.fetchAll(String.self, changes).last == "5 genre delete")
        let checks = try db.fetchAll(
            String.self, "SELECT sql FROM sqlite_schema WHERE name IN ('change_log', 'source_records')")
        #expect(checks.count == 2 && checks.allSatisfy { !$0.contains(" IN (") })
        #expect(try db.integrityCheck() == ["ok"])
    }
}
