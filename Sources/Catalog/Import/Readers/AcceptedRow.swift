/// A row that became a record, possibly with warnings about values that were dropped.
struct AcceptedRow<Record: Sendable>: Sendable {
    /// The physical line where the row starts.
    var line: Int
    /// The normalized record.
    var record: Record
    /// Values left out without rejecting the row (goodbooks: an ISBN whose checksum fails).
    var warnings: [RowIssue]
}

extension AcceptedRow: Equatable where Record: Equatable {}
