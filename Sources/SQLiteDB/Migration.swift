public import Foundation

/// One numbered schema change, from a file named `NNNN_name.sql`.
public struct Migration: Sendable, Hashable {
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

    /// The SHA-256 of the SQL in hex; an applied migration whose text changed no longer matches.
    public var checksum: String { SHA256.hexDigest(of: sql) }

    /// The file name the migration came from, e.g. `0001_catalog.sql`.
    public var fileName: String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_\(name).sql"
    }
}

/// A row of `schema_migrations`: a migration applied to a database.
public struct AppliedMigration: Sendable, Hashable, RowDecodable {
    public let version: Int
    public let name: String
    public let checksum: String
    public let appliedAt: Date

    public init(row: Row) throws {
        version = try row.value(at: 0)
        name = try row.value(at: 1)
        checksum = try row.value(at: 2)
        appliedAt = try row.value(at: 3)
    }
}

/// Why a database cannot be brought to this build's schema.
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// An applied migration's SQL differs from the one this build ships: shipped migrations are append-only.
    case checksumMismatch(version: Int, name: String)
    /// The database has migrations this build does not know: it was created by a newer program.
    case databaseIsNewer(unknownVersions: [Int], latestKnown: Int)
    /// A migration failed and was rolled back; the database stays at `previousVersion`.
    case failed(migration: String, previousVersion: Int, underlying: DatabaseError)

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
