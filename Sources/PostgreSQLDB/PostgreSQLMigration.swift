/// One numbered schema change for PostgreSQL, from a file `Migrations/PostgreSQL/NNNN_name.sql`.
///
/// The same rules as SQLite's migrations (SQLiteDB's `Migration`), kept as a type of its own so that this module
/// does not pull SQLite in: PostgreSQL's migrations are a sequence of their own, checksummed the same way.
public struct PostgreSQLMigration: Sendable, Hashable {
    /// The number from the file name; migrations apply in increasing order.
    public let version: Int
    /// The name from the file name, e.g. `catalog` for `0001_catalog.sql`.
    public let name: String
    /// The SQL, run as one transaction.
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The file name the migration came from, e.g. `0001_catalog.sql`.
    public var fileName: String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_\(name).sql"
    }
}

/// Why a PostgreSQL database cannot be brought to this build's schema.
public enum PostgreSQLMigrationError: Error, Sendable, CustomStringConvertible {
    /// An applied migration's SQL differs from the one this build ships: shipped migrations are append-only.
    case checksumMismatch(version: Int, name: String)
    /// The database has migrations this build does not know: it was created by a newer program.
    case databaseIsNewer(unknownVersions: [Int], latestKnown: Int)
    /// A migration failed and was rolled back; the database stays at `previousVersion`.
    case failed(migration: String, previousVersion: Int, underlying: PostgreSQLError)

    public var description: String {
        switch self {
        case .checksumMismatch(let version, let name):
            return "PostgreSQL migration \(version) (\(name)) was changed after it was applied to this database; "
                + "shipped migrations are append-only: restore the original file and add a new migration instead"
        case .databaseIsNewer(let unknown, let latest):
            let versions = unknown.map(String.init).joined(separator: ", ")
            return "the database is newer than this program (it has PostgreSQL migration \(versions); this "
                + "program knows up to \(latest)); use a newer version to open it"
        case .failed(let migration, let previous, let underlying):
            return "PostgreSQL migration \(migration) failed and was rolled back; the database is unchanged at "
                + "version \(previous): \(underlying)"
        }
    }
}
