import Catalog

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
enum ImportRow: Sendable, Hashable {
    /// A valid row.
    case accepted(AcceptedRow)
    /// A row that cannot be imported; the rest of the file is still read.
    case rejected(ImportRejection)
}

/// A streaming source of rows: the CSV reader, the Open Library dump reader, a JSON document's records.
protocol ImportRowReader: AnyObject {
    /// How far the reader has got, for the progress callback.
    var progress: ReadProgress { get }
    /// The next row, or `nil` at the end of the input.
    ///
    /// - Throws: ``ReaderError`` when the rest of the input cannot be read.
    func next() throws(ReaderError) -> ImportRow?
}
