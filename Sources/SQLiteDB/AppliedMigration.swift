public import Foundation

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
