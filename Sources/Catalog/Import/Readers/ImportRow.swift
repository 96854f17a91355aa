/// What an import reader yields for each row: a record, or a rejection with its reasons.
///
/// ```swift
/// while let row = try reader.next() {
///     switch row {
///     case .accepted(let accepted): write(accepted.record); report(accepted.warnings)
///     case .rejected(let rejected): report(rejected.issues); saveForFixing(rejected.rawValues)
///     }
/// }
/// ```
enum ImportRow<Record: Sendable>: Sendable {
    /// A valid row.
    case accepted(AcceptedRow<Record>)
    /// A row that cannot be imported; the rest of the file is still read.
    case rejected(RejectedRow)
}

extension ImportRow: Equatable where Record: Equatable {}
