import Catalog

/// A row that became a record, possibly with warnings about values that were dropped.
struct AcceptedRow: Sendable, Hashable {
    /// The physical line where the row starts.
    var line: Int
    /// The normalized record.
    var record: CatalogRecord
    /// Values left out without rejecting the row (goodbooks: an ISBN whose checksum fails).
    var warnings: [RowIssue] = []
    /// The CSV record the row was read from, for the errors file should the database refuse the record.
    var source: CSVRecord?
    /// The source the record itself names (a MARC record's 003), used unless the import names one.
    var sourceName: String?
}
