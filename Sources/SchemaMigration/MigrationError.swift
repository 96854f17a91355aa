/// Why a database cannot be brought to this build's schema.
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// An applied migration's SQL differs from the one this build ships: shipped migrations are append-only.
    case checksumMismatch(version: Int, name: String)
    /// The database has migrations this build does not know: it was created by a newer program.
    case databaseIsNewer(unknownVersions: [Int], latestKnown: Int)
    /// A migration failed and was rolled back; the database stays at `previousVersion`. `underlying` is the
    /// database driver's error (SQLiteDB's `DatabaseError`, PostgreSQLDB's `PostgreSQLError`).
    case failed(migration: String, previousVersion: Int, underlying: any Error & Sendable)

    public var description: String {
        switch self {
        case .checksumMismatch(let version, let name):
            return "migration \(version) (\(name)) was changed after it was applied to this database; "
                + "shipped migrations are append-only: restore the original file and add a new migration instead"
        case .databaseIsNewer(let unknown, let latest):
            let versions = unknown.map(String.init).joined(separator: ", ")
            return "the database was created by a newer version of this program (it has migration \(versions); "
                + "this program knows up to \(latest)); use a newer version to open it"
        case .failed(let migration, let previous, let underlying):
            return "migration \(migration) failed and was rolled back; the database is unchanged at version "
                + "\(previous): \(underlying)"
        }
    }
}
