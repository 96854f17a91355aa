import Catalog

/// A streaming RFC 4180 reader: the header, then one ``CSVRow`` per record.
///
/// ```swift
/// let reader = try CSVReader(input: TextInput(path: "books.csv"))
/// print(reader.header)
/// while let row = try reader.next() {
///     switch row {
///     case .record(let record): print(record.line, record[0])
///     case .ragged(let record, let expected): print("line \(record.line): \(record.count) of \(expected) fields")
///     }
/// }
/// ```
final class CSVReader {
    /// The header's column names, trimmed of surrounding whitespace.
    let header: [String]
    /// The physical line of the header.
    let headerLine: Int

    private let input: TextInput
    private var parser: CSVParser
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Opens a reader and reads the header (the first non-blank record).
    ///
    /// - Parameters:
    ///   - input: The decoded input.
    ///   - dialect: Separator and quote; CSV by default.
    /// - Throws: ``ReaderError/missingHeader(path:)`` for an empty file, ``ReaderError/oversizedHeaderCell(path:line:column:byteCount:)``
    ///   or ``ReaderError/tooManyHeaderCells(path:line:)`` for a header past the limits, or any error reading it.
    init(input: TextInput, dialect: CSVDialect = .csv) throws(ReaderError) {
        self.input = input
        self.parser = CSVParser(dialect: dialect)
        var header: CSVRecord?
        var chunk: [UInt8] = []
        var position = 0
        var atEnd = false
        header = try Self.nextRecord(input, &parser, &chunk, &position, &atEnd)
        guard let header else { throw .missingHeader(path: input.name) }
        try Self.checkLimits(of: header, path: input.name)
        self.header = header.fields.map { $0.trimmingWhitespace() }
        self.headerLine = header.line
        self.chunk = chunk
        self.position = position
        self.atEnd = atEnd
    }

    /// The file's name for messages.
    var name: String { input.name }

    /// How far the reader has got: bytes consumed and the current line.
    var progress: ReadProgress {
        ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes, line: parser.line)
    }

    /// The next record, or `nil` at the end of the file.
    ///
    /// - Returns: ``CSVRow/record(_:)`` or, when the field count differs from the header's,
    ///   ``CSVRow/ragged(_:expected:)``.
    /// - Throws: ``ReaderError`` when the file cannot be read further (invalid UTF-8, a quote
    ///   left open at the end, an I/O error).
    func next() throws(ReaderError) -> CSVRow? {
        guard let record = try Self.nextRecord(input, &parser, &chunk, &position, &atEnd) else { return nil }
        return record.count == header.count ? .record(record) : .ragged(record, expected: header.count)
    }

    /// Refuses a header the parser cut: a column name is short text, and a header past it (or past the most cells a
    /// row may have) is no header a mapping could name: the file is unusable, not one bad row.
    private static func checkLimits(of header: CSVRecord, path: String) throws(ReaderError) {
        if header.isCutShort { throw .tooManyHeaderCells(path: path, line: header.line) }
        for index in 0..<header.count {
            let byteCount = header.oversizedFields[index] ?? header[index].utf8.count
            guard byteCount > FieldLimits.shortTextBytes else { continue }
            throw .oversizedHeaderCell(
                path: path, line: header.fieldLines[index], column: index + 1, byteCount: byteCount)
        }
    }

    // Static with inout state so that `init` can use it before all stored properties exist.
    private static func nextRecord(
        _ input: TextInput, _ parser: inout CSVParser, _ chunk: inout [UInt8], _ position: inout Int,
        _ atEnd: inout Bool
    ) throws(ReaderError) -> CSVRecord? {
        while !atEnd {
            if position < chunk.count {
                let start = position
                let (next, record) = chunk.withUnsafeBufferPointer { parser.parse($0, from: start) }
                position = next
                if let record { return record }
                continue
            }
            guard let more = try input.nextChunk() else {
                atEnd = true
                do {
                    return try parser.finish()
                } catch {
                    throw .unterminatedQuote(path: input.name, line: error.line)
                }
            }
            chunk = more
            position = 0
        }
        return nil
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension CSVReader: Sendable {}
