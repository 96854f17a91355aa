public import Foundation

/// A row of `schema_migrations`: a migration applied to a database.
public struct AppliedMigration: Sendable, Hashable, Codable {
    public let version: Int
    public let name: String
    public let checksum: String
    public let appliedAt: Date

    public init(version: Int, name: String, checksum: String, appliedAt: Date) {
        self.version = version
        self.name = name
        self.checksum = checksum
        self.appliedAt = appliedAt
    }
}
