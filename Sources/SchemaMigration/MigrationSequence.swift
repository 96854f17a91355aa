/// The migrations a program knows, by increasing version, and the check every database's migrator makes with them
/// before it changes anything: each applied migration must be known and unchanged.
public struct MigrationSequence: Sendable {
    /// The migrations, by increasing version.
    public let migrations: [Migration]

    /// A sequence of `migrations`, in any order.
    ///
    /// - Precondition: no two migrations share a version: a database records its migrations by version, so two
    ///   with one version could never both apply. A sequence composed of several modules' migrations numbers them
    ///   as one.
    public init(_ migrations: [Migration]) {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            precondition(
                previous.version != next.version,
                "migrations \(previous.fileName) and \(next.fileName) share version \(next.version)")
        }
        self.migrations = sorted
    }

    /// The highest version known, 0 when there is none.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The migrations still to apply to a database that recorded `applied` (version to checksum).
    ///
    /// - Throws: ``MigrationError/databaseIsNewer(unknownVersions:latestKnown:)`` when the database has a version
    ///   this sequence does not know, ``MigrationError/checksumMismatch(version:name:)`` when an applied migration
    ///   changed since.
    public func pending(applied: [Int: String]) throws(MigrationError) -> [Migration] {
        let known = Set(migrations.map(\.version))
        let unknown = applied.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw .databaseIsNewer(unknownVersions: unknown, latestKnown: latestVersion)
        }
        for migration in migrations {
            if let recorded = applied[migration.version], recorded != migration.checksum {
                throw .checksumMismatch(version: migration.version, name: migration.name)
            }
        }
        return migrations.filter { applied[$0.version] == nil }
    }

    /// The migrations still to apply to a database whose `schema_migrations` rows are `applied`.
    ///
    /// - Throws: what ``pending(applied:)`` throws.
    public func pending(after applied: [AppliedMigration]) throws(MigrationError) -> [Migration] {
        try pending(applied: Dictionary(uniqueKeysWithValues: applied.map { ($0.version, $0.checksum) }))
    }
}
