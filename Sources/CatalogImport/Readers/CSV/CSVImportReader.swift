import Catalog

/// Reads a CSV file as import records: the pipeline's entry point for CSV and TSV.
///
/// Fatal problems (unreadable file, invalid UTF-8, missing required column, a quote never closed)
/// are thrown; a bad row is a ``ImportRow/rejected(_:)`` value and reading goes on.
///
/// ```swift
/// var options = CSVImportOptions(profile: .goodbooks)
/// let reader = try CSVImportReader<BookRowMapper>(path: "books.csv", options: options)
/// while let row = try reader.next() {
///     if case .accepted(let book) = row { print(book.record.title) }
///     progress(reader.progress.fractionCompleted)
/// }
/// ```
final class CSVImportReader<Mapper: CSVRecordMapper>: ImportRowReader {
    /// The resolved column mapping.
    let mapping: ColumnMapping
    private let csv: CSVReader
    private let mapper: Mapper

    /// Opens a file, reads its header and resolves the mapping.
    ///
    /// - Parameters:
    ///   - path: The CSV file.
    ///   - options: Entity, profile, mapping, dialect and encoding.
    /// - Throws: ``ReaderError``: unreadable file, empty file, missing required or mapped column,
    ///   invalid UTF-8 in the header.
    convenience init(path: String, options: CSVImportOptions) throws(ReaderError) {
        try self.init(input: TextInput(path: path, encoding: options.encoding), options: options)
    }

    /// Reads from an input (in-memory bytes in tests).
    ///
    /// - Parameters:
    ///   - input: The decoded input.
    ///   - options: Entity, profile, mapping and dialect (the input's encoding is used).
    /// - Throws: As ``init(path:options:)``.
    init(input: TextInput, options: CSVImportOptions) throws(ReaderError) {
        csv = try CSVReader(input: input, dialect: options.dialect)
        mapping = try ColumnMapping(header: csv.header, options: options, path: input.name)
        mapper = Mapper(mapping: mapping, options: options)
    }

    /// How far the reader has got, for a progress line.
    var progress: ReadProgress { csv.progress }

    /// The next row, or `nil` at the end of the file.
    ///
    /// - Returns: An accepted record or a rejected row (a ragged row is rejected here).
    /// - Throws: ``ReaderError`` when the rest of the file cannot be read.
    func next() throws(ReaderError) -> ImportRow? {
        switch try csv.next() {
        case nil:
            return nil
        case .record(let record) where !record.oversizedFields.isEmpty || record.isCutShort:
            return .rejected(oversized(record))
        case .ragged(let record, _) where !record.oversizedFields.isEmpty || record.isCutShort:
            return .rejected(oversized(record))
        case .record(let record):
            let row = mapper.map(record)
            guard case .rejected(var rejection) = row else { return row }
            rejection.file = csv.name
            return .rejected(rejection)
        case .ragged(let record, let expected):
            let issue = RowIssue(
                line: record.line,
                reason: "has \(record.count) field\(record.count == 1 ? "" : "s") but the header has \(expected)")
            return .rejected(
                ImportRejection(file: csv.name, line: record.line, issues: [issue], rawValues: record.fields))
        }
    }

    /// The rejection of a row the parser cut at the limits: one issue per cut field, whatever the mapping reads,
    /// since the row cannot be written back whole to the errors file.
    private func oversized(_ record: CSVRecord) -> ImportRejection {
        var issues = record.oversizedFields.sorted { $0.key < $1.key }.map { index, byteCount in
            RowIssue(
                line: record.fieldLines[index],
                column: csv.header.indices.contains(index) ? csv.header[index] : "field \(index + 1)",
                value: FieldLimits.excerpt(record[index]), reason: FieldLimits.fieldTooLong(byteCount: byteCount))
        }
        if record.isCutShort {
            issues.append(
                RowIssue(line: record.line, reason: "has more than \(FieldLimits.rowFields) fields; split the row"))
        }
        return ImportRejection(file: csv.name, line: record.line, issues: issues, rawValues: record.fields)
    }

    /// The header's column names, for the errors file.
    var header: [String] { csv.header }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension CSVImportReader: Sendable {}
