/// A row that cannot be imported: every reason found, and the row as it was, so it can be fixed.
struct RejectedRow: Sendable, Hashable {
    /// The physical line where the row starts.
    var line: Int
    /// All problems found in the row (at least one).
    var issues: [RowIssue]
    /// The row's cells as read (CSV), or the line's columns (dump TSV), for an errors file a user can
    /// correct and import again.
    var rawValues: [String]
}
