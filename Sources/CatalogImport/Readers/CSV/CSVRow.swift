import Catalog

/// What ``CSVReader/next()`` yields: a record whose field count matches the header, or one that does not.
///
/// A ragged row is a value, not a thrown error, so the rest of the file is still read.
enum CSVRow: Sendable, Equatable {
    /// A record with as many fields as the header.
    case record(CSVRecord)
    /// A record with too few or too many fields; `expected` is the header's count.
    case ragged(CSVRecord, expected: Int)
}
