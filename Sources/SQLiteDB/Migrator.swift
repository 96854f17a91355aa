import Foundation
@_exported public import SchemaMigration

/// Applies numbered migrations in order, each in its own transaction, recording them in
/// `schema_migrations(version, name, checksum, applied_at)`.
///
/// ```swift
/// let migrator = Migrator(migrations)
/// try migrator.migrate(db)  // creates or upgrades; refuses a changed or a newer database
/// ```
public struct Migrator: Sendable {
    private let sequence: MigrationSequence

    /// A migrator over `migrations`, in any order.
    ///
    /// - Precondition: no two migrations share a version (see `MigrationSequence.init(_:)`).
    public init(_ migrations: [Migration]) {
        sequence = MigrationSequence(migrations)
    }

    /// The migrations this program knows, by increasing version.
    public var migrations: [Migration] { sequence.migrations }

    /// The highest version this program knows, 0 when it knows none.
    public var latestVersion: Int { sequence.latestVersion }

    /// The migrations recorded in `db`, by version; empty for a database never migrated.
    public func appliedMigrations(in db: Database) throws -> [AppliedMigration] {
        let exists =
            try db.fetchOne(
                Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
            == 1
        guard exists else { return [] }
        return try db.fetchAll(
            AppliedMigration.self, "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
    }

    /// Checks that `db` can be used by this program without changing it: every applied migration is known
    /// and unchanged.
    ///
    /// - Returns: the migrations still to apply.
    /// - Throws: `MigrationError.databaseIsNewer(unknownVersions:latestKnown:)` or
    ///   `MigrationError.checksumMismatch(version:name:)`.
    public func pendingMigrations(in db: Database) throws -> [Migration] {
        try sequence.pending(after: try appliedMigrations(in: db))
    }

    /// Applies every pending migration, each in its own IMMEDIATE transaction.
    ///
    /// Safe to run from several processes at once: each migration re-checks, under the write lock, that
    /// nobody applied it meanwhile.
    ///
    /// - Returns: the migrations applied now (empty when the database was up to date).
    /// - Throws: `MigrationError`; a failed migration leaves the database at the previous version.
    @discardableResult
    public func migrate(_ db: Database) throws -> [Migration] {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                checksum TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
        var applied: [Migration] = []
        for migration in try pendingMigrations(in: db) {
            let wasApplied = try db.transaction(.immediate) { () throws -> Bool in
                let recorded = try db.fetchOne(
                    Int.self, "SELECT count(*) FROM schema_migrations WHERE version = ?", [migration.version])
                guard recorded == 0 else { return false }
                try apply(migration, to: db)
                return true
            }
            if wasApplied { applied.append(migration) }
        }
        return applied
    }

    private func apply(_ migration: Migration, to db: Database) throws {
        do {
            try db.execute(migration.sql)
        } catch let error as DatabaseError {
            let previous = try db.fetchOne(Int.self, "SELECT max(version) FROM schema_migrations") ?? 0
            throw MigrationError.failed(migration: migration.fileName, previousVersion: previous, underlying: error)
        }
        try db.execute(
            "INSERT INTO schema_migrations(version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
            [migration.version, migration.name, migration.checksum, Date()])
    }
}
