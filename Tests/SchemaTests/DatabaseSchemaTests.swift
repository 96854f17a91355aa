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
}
