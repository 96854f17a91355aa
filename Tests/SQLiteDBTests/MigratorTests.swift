import SQLiteDB
import Testing

@Suite struct MigratorTests {
    let first = Migration(version: 1, name: "books", sql: "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT);")
    let second = Migration(version: 2, name: "authors", sql: "CREATE TABLE authors (id INTEGER PRIMARY KEY);")
    let third = Migration(
        version: 3, name: "book_year",
        sql: "ALTER TABLE books ADD COLUMN year INTEGER; INSERT INTO books (title) VALUES ('x');")

    @Test func appliesMigrationsInOrderAndRecordsThem() throws {
        let db = try Database.inMemory()
        let applied = try Migrator([third, first, second]).migrate(db)
        #expect(applied.map(\.version) == [1, 2, 3])
        let records = try Migrator([]).appliedMigrations(in: db)
        #expect(records.map(\.version) == [1, 2, 3])
        #expect(records.map(\.name) == ["books", "authors", "book_year"])
        #expect(records.map(\.checksum) == [first.checksum, second.checksum, third.checksum])
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM books") == 1)
    }

    /// A database records migrations by version: two with one version (say, from two modules composed into one
    /// migrator) are a programming error caught when the migrator is made, not a migration silently skipped.
    @Test func refusesTwoMigrationsWithOneVersion() async {
        await #expect(processExitsWith: .failure) {
            _ = Migrator([
                Migration(version: 2, name: "navigation", sql: "CREATE TABLE users (id INTEGER PRIMARY KEY);"),
                Migration(version: 2, name: "app", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY);"),
            ])
        }
    }

    @Test func migratingTwiceChangesNothing() throws {
        let db = try Database.inMemory()
        let migrator = Migrator([first, second])
        try migrator.migrate(db)
        let before = db.totalChanges
        #expect(try migrator.migrate(db).isEmpty)
        #expect(db.totalChanges == before)
    }

    @Test func appliesOnlyNewMigrationsToAnOlderDatabase() throws {
        let db = try Database.inMemory()
        try Migrator([first]).migrate(db)
        #expect(try Migrator([first, second, third]).migrate(db).map(\.version) == [2, 3])
    }

    @Test func refusesAnAppliedMigrationWhoseTextChanged() throws {
        let db = try Database.inMemory()
        try Migrator([first]).migrate(db)
        let edited = Migration(version: 1, name: "books", sql: first.sql + " -- edited")
        let error = try #require(throws: MigrationError.self) { try Migrator([edited, second]).migrate(db) }
        guard case .checksumMismatch(1, "books") = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(try db.tableNames().contains("authors") == false)
    }

    @Test func refusesADatabaseFromANewerProgram() throws {
        let db = try Database.inMemory()
        try Migrator([first, second]).migrate(db)
        let error = try #require(throws: MigrationError.self) { try Migrator([first]).migrate(db) }
        guard case .databaseIsNewer([2], 1) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description
                == "the database was created by a newer version of this program (it has migration 2; this program "
                + "knows up to 1); use a newer version to open it")
    }

    @Test func failedMigrationRollsBackAndKeepsThePreviousVersion() throws {
        let db = try Database.inMemory()
        try Migrator([first]).migrate(db)
        let broken = Migration(
            version: 2, name: "broken", sql: "CREATE TABLE half (x); INSERT INTO missing_table VALUES (1);")
        let error = try #require(throws: MigrationError.self) { try Migrator([first, broken]).migrate(db) }
        guard case .failed("0002_broken.sql", 1, let underlying) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect((underlying as? DatabaseError)?.message.contains("no such table: missing_table") == true)
        #expect(try db.tableNames() == ["books", "schema_migrations"])
        #expect(try Migrator([]).appliedMigrations(in: db).map(\.version) == [1])
    }

    @Test func migrationsSeeForeignKeysEnforced() throws {
        let db = try Database.inMemory()
        let withForeignKey = Migration(
            version: 1, name: "fk",
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
                INSERT INTO child VALUES (42);
                """)
        #expect(throws: MigrationError.self) { try Migrator([withForeignKey]).migrate(db) }
    }
}
