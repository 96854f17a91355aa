/// A statement that always returns a row (an `INSERT … RETURNING`) returned none.
package struct SQLMissingRow: Error, Sendable, Hashable, CustomStringConvertible {
    /// The statement.
    package let sql: String

    /// The error of `sql`.
    package init(sql: String) {
        self.sql = sql
    }

    package var description: String { "the statement returned no row: \(sql)" }
}
