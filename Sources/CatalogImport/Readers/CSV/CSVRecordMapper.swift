import Catalog

/// Turns CSV records into catalog records of one entity.
protocol CSVRecordMapper: Sendable {
    /// Creates a mapper for a file.
    ///
    /// - Parameters:
    ///   - mapping: The resolved columns.
    ///   - options: The options (profile rules).
    init(mapping: ColumnMapping, options: CSVImportOptions)

    /// Maps one record: accepted, possibly with warnings, or rejected with every issue found.
    func map(_ record: CSVRecord) -> ImportRow
}
