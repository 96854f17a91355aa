/// A driver's error (`DatabaseError`, `PostgreSQLError`) as the code written once for both databases tells its
/// causes apart.
package protocol SQLError: Error {
    /// Whether the statement broke a UNIQUE constraint.
    var isUniqueViolation: Bool { get }

    /// What went wrong in words for the person using an app: a full disk, a lock held too long or a read-only file
    /// where the driver tells them apart, else the driver's own description.
    var plainReason: String { get }
}
