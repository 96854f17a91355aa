import Foundation
@_exported public import SchemaMigration

/// Applies numbered PostgreSQL migrations in order, each in its own transaction, recording them in
/// `schema_migrations (version, name, checksum, applied_at)` — the rules of SQLiteDB's `Migrator`, checked by the
/// same `MigrationSequence`.
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
    private let sequence: MigrationSequence
    private let requirement: (@Sendable (PostgreSQLConnection) throws -> Void)?

    /// A migrator over `migrations`, in any order.
    ///
    /// - Parameters:
    ///   - migrations: the migrations; no two share a version (see `MigrationSequence.init(_:)`).
    ///   - requirement: a check of the database that runs before each migration applies (never when the database is
    ///     up to date), inside the migration's transaction: what a database must be for the migrations to hold (an
    ///     encoding, a locale), refused with an error that says so rather than by whichever statement fails first.
    public init(
        _ migrations: [Migration], requirement: (@Sendable (PostgreSQLConnection) throws -> Void)? = nil
    ) {
        sequence = MigrationSequence(migrations)
        self.requirement = requirement
    }

    /// The migrations this program knows, by increasing version.
    public var migrations: [Migration] { sequence.migrations }

    /// The highest version this program knows, 0 when it knows none.
    public var latestVersion: Int { sequence.latestVersion }

    /// The key of the advisory lock migrations take: any fixed number, the same in every process of this program
    /// (the bytes of "catalog\u{1}" — far from the small numbers an application would pick).
    static let lockKey: Int64 = 0x6361_7461_6c6f_6701

    /// The migrations recorded in the database, by version; empty for a database never migrated.
    public func appliedMigrations(in connection: PostgreSQLConnection) throws -> [AppliedMigration] {
        let exists = try connection.fetchOne(Bool.self, "SELECT to_regclass('schema_migrations') IS NOT NULL") ?? false
        guard exists else { return [] }
        let rows = try connection.execute(
            "SELECT version, name, checksum, extract(epoch FROM applied_at)::float8 FROM schema_migrations ORDER BY version"
        )
        return try rows.map { row in
            AppliedMigration(
                version: try row.value(at: 0), name: try row.value(at: 1), checksum: try row.value(at: 2),
                appliedAt: Date(timeIntervalSince1970: try row.value(at: 3)))
        }
    }

    /// Checks that the database can be used by this program without changing it: every applied migration is
    /// known and unchanged.
    ///
    /// - Returns: the migrations still to apply.
    /// - Throws: `MigrationError.databaseIsNewer(unknownVersions:latestKnown:)` or
    ///   `MigrationError.checksumMismatch(version:name:)`.
    public func pendingMigrations(in connection: PostgreSQLConnection) throws -> [Migration] {
        try sequence.pending(after: try appliedMigrations(in: connection))
    }

    /// Applies every pending migration, each in its own transaction under the advisory lock.
    ///
    /// - Returns: the migrations applied now (empty when the database was up to date, or another process applied
    ///   them meanwhile).
    /// - Throws: `MigrationError`; a failed migration leaves the database at the previous version.
    @discardableResult
    public func migrate(_ connection: PostgreSQLConnection) throws -> [Migration] {
        var applied: [Migration] = []
        while let migration = try applyNext(on: connection) {
            applied.append(migration)
        }
        return applied
    }

    /// In one transaction: takes the lock, checks the database, applies the first pending migration.
    private func applyNext(on connection: PostgreSQLConnection) throws -> Migration? {
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
            try requirement?(connection)
            // Read before the migration runs: after a failed statement the transaction accepts no query.
            let previous = try appliedMigrations(in: connection).last?.version ?? 0
            do {
                try connection.execute(next.sql)
            } catch let error as PostgreSQLError {
                // The file name says which SQL failed; the whole file in the message would bury the reason.
                let failure = PostgreSQLError(
                    kind: error.kind, sqlState: error.sqlState, message: error.message, detail: error.detail,
                    hint: error.hint, context: error.context, sql: nil, target: error.target)
                throw MigrationError.failed(
                    migration: next.fileName, previousVersion: previous, underlying: failure)
            }
            try connection.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                [next.version, next.name, next.checksum])
            return next
        }
    }
}
