import SQLiteDB
import Schema
import Testing

@Suite struct DatabaseSchemaTests {
    @Test func embeddedMigrationsAreNumberedAndUnique() {
        let versions = DatabaseSchema.migrations.map(\.version)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count)
        #expect(DatabaseSchema.migrations.allSatisfy { !$0.sql.isEmpty })
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
