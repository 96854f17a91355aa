/// Applies numbered PostgreSQL migrations in order, each in its own transaction, recording them in
/// `schema_migrations (version, name, checksum, applied_at)` — the rules of SQLiteDB's `Migrator`.
///
/// A changed applied migration is refused, and so is a database with a migration this build does not know
/// ("database is newer than this program"). Several processes may migrate one database at once: each migration's
/// transaction first takes a transaction-scoped advisory lock (`pg_advisory_xact_lock`), then checks again what
/// is applied, so they apply each migration once, one after the other.
///
/// ```swift
/// try PostgreSQLMigrator(migrations).migrate(connection)
/// ```
public struct PostgreSQLMigrator: Sendable {
    /// The migrations this program knows, by increasing version.
    public let migrations: [PostgreSQLMigration]

    /// A migrator over `migrations`, in any order.
    ///
    /// - Precondition: no two migrations share a version.
    public init(_ migrations: [PostgreSQLMigration]) {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            precondition(
                previous.version != next.version,
                "migrations \(previous.fileName) and \(next.fileName) share version \(next.version)")
        }
        self.migrations = sorted
    }

    /// The highest version this program knows, 0 when it knows none.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The key of the advisory lock migrations take: any fixed number, the same in every process of this program
    /// (the bytes of "catalog\u{1}" — far from the small numbers an application would pick).
    static let lockKey: Int64 = 0x6361_7461_6c6f_6701

    /// The versions recorded in the database with their checksums; empty for a database never migrated.
    public func appliedVersions(in connection: PostgreSQLConnection) throws -> [Int: String] {
        let exists = try connection.fetchOne(Bool.self, "SELECT to_regclass('schema_migrations') IS NOT NULL") ?? false
        guard exists else { return [:] }
        let rows = try connection.execute("SELECT version, checksum FROM schema_migrations")
        return try Dictionary(uniqueKeysWithValues: rows.map { (try $0.value(at: 0), try $0.value(at: 1)) })
    }

    /// Checks that the database can be used by this program without changing it: every applied migration is
    /// known and unchanged.
    ///
    /// - Returns: the migrations still to apply.
    /// - Throws: ``PostgreSQLMigrationError/databaseIsNewer(unknownVersions:latestKnown:)`` or
    ///   ``PostgreSQLMigrationError/checksumMismatch(version:name:)``.
    public func pendingMigrations(in connection: PostgreSQLConnection) throws -> [PostgreSQLMigration] {
        let applied = try appliedVersions(in: connection)
        let known = Set(migrations.map(\.version))
        let unknown = applied.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw PostgreSQLMigrationError.databaseIsNewer(unknownVersions: unknown, latestKnown: latestVersion)
        }
        for migration in migrations {
            guard let recorded = applied[migration.version] else { continue }
            guard try checksum(of: migration, on: connection) == recorded else {
                throw PostgreSQLMigrationError.checksumMismatch(version: migration.version, name: migration.name)
            }
        }
        return migrations.filter { applied[$0.version] == nil }
    }

    /// Applies every pending migration, each in its own transaction under the advisory lock.
    ///
    /// - Returns: the migrations applied now (empty when the database was up to date, or another process applied
    ///   them meanwhile).
    /// - Throws: ``PostgreSQLMigrationError``; a failed migration leaves the database at the previous version.
    @discardableResult
    public func migrate(_ connection: PostgreSQLConnection) throws -> [PostgreSQLMigration] {
        var applied: [PostgreSQLMigration] = []
        while let migration = try applyNext(on: connection) {
            applied.append(migration)
        }
        return applied
    }

    /// In one transaction: takes the lock, checks the database, applies the first pending migration.
    private func applyNext(on connection: PostgreSQLConnection) throws -> PostgreSQLMigration? {
        try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [Self.lockKey])
            // Under the lock, so two processes never both create it.
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    checksum TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """)
            guard let next = try pendingMigrations(in: connection).first else { return nil }
            // Read before the migration runs: after a failed statement the transaction accepts no query.
            let previous = try appliedVersions(in: connection).keys.max() ?? 0
            do {
                try connection.execute(next.sql)
            } catch let error as PostgreSQLError {
                throw PostgreSQLMigrationError.failed(
                    migration: next.fileName, previousVersion: previous, underlying: error)
            }
            try connection.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                [next.version, next.name, try checksum(of: next, on: connection)])
            return next
        }
    }

    /// The SHA-256 of the migration's SQL in lowercase hex, computed by the server (`sha256()`, PostgreSQL 11+):
    /// the same digest SQLiteDB's migrator records, without a hash implementation in this module.
    private func checksum(of migration: PostgreSQLMigration, on connection: PostgreSQLConnection) throws -> String {
        try connection.fetchOne(String.self, "SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex')", [migration.sql])
            ?? ""
    }
}
