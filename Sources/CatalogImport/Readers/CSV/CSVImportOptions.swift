import Catalog

/// How to read a CSV file into records: the command line's CSV options, parsed.
///
/// ```swift
/// var options = CSVImportOptions(entity: .books)
/// try options.addMapping("title=Book Title")   // --map title="Book Title"
/// try options.addSplit("genres=;")              // --split genres=;
/// ```
struct CSVImportOptions: Sendable, Hashable {
    /// What the rows are; a profile's entity wins.
    var entity: ImportEntity
    /// A built-in profile, or `nil` for the generic mapping (headers named after fields).
    var profile: CSVProfile?
    /// Field → column header, from `--map` (over the profile's and the headers' own mapping).
    var columns: [String: String] = [:]
    /// Field → separator, from `--split`; an empty separator means "one value, do not split", ``ListCell/separator``
    /// (`list`) a JSON or Python list literal.
    var separators: [String: String] = [:]
    /// Separator and quote.
    var dialect: CSVDialect = .csv
    /// The file's encoding.
    var encoding: InputEncoding = .utf8

    /// Creates options.
    ///
    /// - Parameters:
    ///   - entity: Books or bands; ignored when `profile` is given.
    ///   - profile: A built-in profile.
    init(entity: ImportEntity = .books, profile: CSVProfile? = nil) {
        self.entity = profile?.entity ?? entity
        self.profile = profile
    }

    /// Adds a `FIELD=COLUMN` mapping.
    ///
    /// - Throws: ``ReaderError/malformedPair(_:argument:)`` without `=`,
    ///   ``ReaderError/unknownField(field:entity:fields:)`` for a field the entity lacks.
    mutating func addMapping(_ argument: String) throws(ReaderError) {
        let (field, column) = try Self.pair(.columnMapping, argument)
        guard entity.fields.contains(field) else {
            throw .unknownField(field: field, entity: entity, fields: entity.fields)
        }
        columns[field] = column
    }

    /// Adds a `FIELD=SEPARATOR` pair (an empty separator turns splitting off; `list` reads list literals).
    ///
    /// - Throws: ``ReaderError/malformedPair(_:argument:)`` without `=`,
    ///   ``ReaderError/unknownField(field:entity:fields:)`` or
    ///   ``ReaderError/notMultiValued(field:fields:)``.
    mutating func addSplit(_ argument: String) throws(ReaderError) {
        let (field, separator) = try Self.pair(.separator, argument)
        guard entity.multiValuedFields.contains(field) else {
            guard entity.fields.contains(field) else {
                throw .unknownField(field: field, entity: entity, fields: entity.fields)
            }
            throw .notMultiValued(field: field, fields: entity.fields.filter(entity.multiValuedFields.contains))
        }
        separators[field] = separator
    }

    private static func pair(_ kind: ReaderError.PairKind, _ argument: String) throws(ReaderError) -> (String, String) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw .malformedPair(kind, argument: argument)
        }
        let field = String(argument[..<equals]).trimmingWhitespace().lowercased()
        guard !field.isEmpty else { throw .malformedPair(kind, argument: argument) }
        return (field, String(argument[argument.index(after: equals)...]))
    }
}
