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
