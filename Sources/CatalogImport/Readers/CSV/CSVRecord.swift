import Catalog

/// One CSV record: its fields as UTF-8 bytes, decoded to `String` only when asked for.
///
/// Lazy decoding matters on wide files: goodbooks-10k has 23 columns and an import reads 7.
struct CSVRecord: Sendable, Hashable {
    /// The physical line (1-based) where the record starts.
    let line: Int
    /// All field bytes, concatenated.
    private let bytes: [UInt8]
    /// The end offset in `bytes` of each field.
    private let fieldEnds: [Int]
    /// The physical line where each field starts (differs from `line` after a quoted newline).
    let fieldLines: [Int]
    /// The fields the parser cut at ``FieldLimits/fieldBytes`` (or at the end of a row's ``FieldLimits/rowBytes``),
    /// by index, with their full length in bytes: only their beginning is kept.
    let oversizedFields: [Int: Int]
    /// Whether the row had more than ``FieldLimits/rowFields`` fields, of which the rest were dropped.
    let isCutShort: Bool

    /// Creates a record (the parser's job; tests may build one by hand with ``init(line:fields:)``).
    init(
        line: Int, bytes: [UInt8], fieldEnds: [Int], fieldLines: [Int], oversizedFields: [Int: Int] = [:],
        isCutShort: Bool = false
    ) {
        self.line = line
        self.bytes = bytes
        self.fieldEnds = fieldEnds
        self.fieldLines = fieldLines
        self.oversizedFields = oversizedFields
        self.isCutShort = isCutShort
    }

    /// Builds a record from strings, all on one line.
    ///
    /// - Parameters:
    ///   - line: The line number.
    ///   - fields: The field values.
    init(line: Int, fields: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for field in fields {
            bytes += field.utf8
            ends.append(bytes.count)
        }
        self.init(line: line, bytes: bytes, fieldEnds: ends, fieldLines: Array(repeating: line, count: fields.count))
    }

    /// The number of fields.
    var count: Int { fieldEnds.count }

    /// The field at a 0-based index, decoded (the bytes are valid UTF-8 already).
    subscript(index: Int) -> String {
        let start = index == 0 ? 0 : fieldEnds[index - 1]
        return String(decoding: bytes[start..<fieldEnds[index]], as: UTF8.self)
    }

    /// All fields, decoded.
    var fields: [String] { (0..<count).map { self[$0] } }
}
