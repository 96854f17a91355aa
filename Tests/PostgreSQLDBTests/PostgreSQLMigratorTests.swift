import Foundation
import PostgreSQLDB
import TestSupport
import Testing

@Suite struct PostgreSQLMigratorTests {
    let migrations = [
        Migration(version: 1, name: "notes", sql: "CREATE TABLE notes (id BIGINT PRIMARY KEY, text TEXT);"),
        Migration(
            version: 2, name: "tags",
            sql: """
                CREATE TABLE tags (name TEXT PRIMARY KEY);
                INSERT INTO tags VALUES ('first');
                """),
    ]

    @Test func appliesInOrderRecordsAndIsIdempotent() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        let migrator = PostgreSQLMigrator(migrations.reversed())
        #expect(try migrator.migrate(connection).map(\.version) == [1, 2])
        #expect(try migrator.migrate(connection).isEmpty)
        let rows = try connection.execute(
            "SELECT version, name, checksum, applied_at <= now() FROM schema_migrations ORDER BY version")
        #expect(try rows.map { try $0.value(at: 1, as: String.self) } == ["notes", "tags"])
        #expect(try rows.allSatisfy { try $0.value(at: 2, as: String.self).count == 64 && $0.value(at: 3) })
        #expect(try connection.fetchOne(Int.self, "SELECT count(*) FROM tags") == 1)
        #expect(try migrator.pendingMigrations(in: connection).isEmpty)
    }

    @Test func checksumIsTheSHA256OfTheSQL() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        let migration = Migration(version: 1, name: "abc", sql: "SELECT 'abc';")
        try PostgreSQLMigrator([migration]).migrate(connection)
        // sha256("SELECT 'abc';"), as SQLiteDB's migrator records it for the same text.
        let expected = try connection.fetchOne(String.self, "SELECT encode(sha256('SELECT ''abc'';'::bytea), 'hex')")
        #expect(try connection.fetchOne(String.self, "SELECT checksum FROM schema_migrations") == expected)
    }

    @Test func aChangedAppliedMigrationIsRefused() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try PostgreSQLMigrator(migrations).migrate(connection)
        let edited = [
            migrations[0],
            Migration(version: 2, name: "tags", sql: migrations[1].sql + "\n-- edited"),
        ]
        let error = try #require(throws: MigrationError.self) {
            try PostgreSQLMigrator(edited).migrate(connection)
        }
        guard case .checksumMismatch(let version, _) = error else {
            Issue.record("expected a checksum mismatch, got \(error)")
            return
        }
        #expect(version == 2)
        #expect(error.description.contains("append-only"))
    }

    @Test func aNewerDatabaseIsRefused() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        try PostgreSQLMigrator(migrations).migrate(connection)
        let error = try #require(throws: MigrationError.self) {
            try PostgreSQLMigrator([migrations[0]]).migrate(connection)
        }
        #expect(error.description.contains("created by a newer version of this program"))
        guard case .databaseIsNewer(let unknown, let latest) = error else {
            Issue.record("expected databaseIsNewer, got \(error)")
            return
        }
        #expect(unknown == [2] && latest == 1)
    }

    @Test func aFailedMigrationRollsBackAndNamesTheFile() throws {
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        let broken =
            migrations + [
                Migration(
                    version: 3, name: "broken", sql: "CREATE TABLE half (x INT); SELECT * FROM nowhere;")
            ]
        let error = try #require(throws: MigrationError.self) {
            try PostgreSQLMigrator(broken).migrate(connection)
        }
        guard case .failed(let file, let previous, let underlying) = error else {
            Issue.record("expected a failed migration, got \(error)")
            return
        }
        #expect(
            file == "0003_broken.sql" && previous == 2 && (underlying as? PostgreSQLError)?.sqlState == .undefinedTable)
        // The file name says which SQL failed; the message does not carry the whole file.
        #expect((underlying as? PostgreSQLError)?.sql == nil)
        #expect(!"\(error)".contains("CREATE TABLE half"), "\(error)")
        #expect(try connection.fetchOne(Bool.self, "SELECT to_regclass('half') IS NULL") == true)
        #expect(try connection.fetchOne(Int.self, "SELECT max(version) FROM schema_migrations") == 2)
    }

    /// The requirement is checked before a migration applies, in its transaction: a refused database is left as it
    /// was (no schema_migrations table either), and a database already up to date is not asked again.
    @Test func aRequirementIsCheckedBeforeAnyMigrationApplies() throws {
        struct Refused: Error {}
        let connection = try PostgreSQLConnection(uri: try PostgresCluster.shared().createDatabase())
        #expect(throws: Refused.self) {
            try PostgreSQLMigrator(migrations, requirement: { _ in throw Refused() }).migrate(connection)
        }
        #expect(try connection.fetchOne(Bool.self, "SELECT to_regclass('schema_migrations') IS NULL") == true)
        try PostgreSQLMigrator(migrations).migrate(connection)
        #expect(try PostgreSQLMigrator(migrations, requirement: { _ in throw Refused() }).migrate(connection).isEmpty)
    }

    @Test func concurrentMigratorsApplyEachMigrationOnce() throws {
        let uri = try PostgresCluster.shared().createDatabase()
        // A slow first migration, so the migrators meet: without the lock the second would also find it pending.
        let slow =
            [
                Migration(
                    version: 1, name: "slow", sql: "SELECT pg_sleep(0.3); CREATE TABLE notes (id BIGINT PRIMARY KEY);")
            ] + migrations.dropFirst()
        let results = ConcurrentResults()
        let threads = (0..<4).map { _ in
            Thread {
                results.record(
                    Result {
                        try PostgreSQLMigrator(slow).migrate(PostgreSQLConnection(uri: uri)).map(\.version)
                    })
            }
        }
        for thread in threads { thread.start() }
        let applied = try results.wait(for: threads.count).map { try $0.get() }
        #expect(applied.flatMap { $0 }.sorted() == [1, 2])
        let connection = try PostgreSQLConnection(uri: uri)
        #expect(try connection.fetchAll(Int.self, "SELECT version FROM schema_migrations ORDER BY version") == [1, 2])
    }
}

/// Results handed from threads to the test.
private final class ConcurrentResults: @unchecked Sendable {
    // Guarded by `lock`.
    private var results: [Result<[Int], any Error>] = []
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)

    func record(_ result: Result<[Int], any Error>) {
        lock.withLock { results.append(result) }
        finished.signal()
    }

    func wait(for count: Int) -> [Result<[Int], any Error>] {
        for _ in 0..<count { finished.wait() }
        return lock.withLock { results }
    }
}
