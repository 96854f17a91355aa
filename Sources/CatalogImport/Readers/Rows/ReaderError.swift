public import Catalog

/// Why an import file cannot be read at all (as opposed to one bad row, which is an ``ImportRejection``), or why
/// its column mapping cannot be used.
///
/// Each case carries where and what; ``description`` says it in plain words.
public enum ReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened, or reading it failed part-way.
    case file(FileReadError)
    /// The file is not valid UTF-8; `byteOffset` is the 0-based offset of the first bad byte.
    case invalidUTF8(path: String, byteOffset: Int64, line: Int, byte: UInt8)
    /// A quoted CSV field was still open at the end of the file.
    case unterminatedQuote(path: String, line: Int)
    /// The file has no header row.
    case missingHeader(path: String)
    /// A cell of the header (`column` from 1) is longer than a column name may be: `byteCount` bytes of UTF-8.
    case oversizedHeaderCell(path: String, line: Int, column: Int, byteCount: Int)
    /// The header has more cells than a row may have.
    case tooManyHeaderCells(path: String, line: Int)
    /// A required field has no column: none was named after it and none was mapped to it.
    case missingRequiredColumn(path: String, field: String, columns: [String])
    /// A column mapping names a column the header does not have.
    case unknownColumn(path: String, field: String, column: String, columns: [String])
    /// A column mapping or a separator names a field the entity does not have.
    case unknownField(field: String, entity: ImportEntity, fields: [String])
    /// A separator was given for a field that holds one value.
    case notMultiValued(field: String, fields: [String])
    /// A column mapping or a separator is not of the form `FIELD=VALUE`.
    case malformedPair(PairKind, argument: String)
    /// No built-in profile has this name.
    case unknownProfile(name: String, profiles: [String])
    /// A native JSON catalog file cannot be read further.
    case catalogJSON(JSONCatalogError)
    /// A MARCXML file is not well-formed XML, or not UTF-8 XML, at this line (from 1) and byte offset (from 0).
    case malformedXML(path: String, line: Int, byteOffset: Int64, reason: String)
    /// An encoding was given for a format whose files cannot be in it (MARC-8 for a CSV file, latin1 for MARC).
    case encodingDoesNotApply(encoding: String, format: ImportFormat)
    /// A Calibre library's database cannot be read: it is not one, or reading it failed.
    case calibreLibrary(path: String, reason: String)

    /// What a `FIELD=VALUE` pair sets.
    public enum PairKind: Sendable, Hashable {
        /// `FIELD=COLUMN`: which column a field is read from.
        case columnMapping
        /// `FIELD=SEPARATOR`: what separates the values of a multi-valued field.
        case separator
    }

    /// The kind of failure: the file cannot be read, is unusable as given, or an option is wrong.
    public var category: ImportError.Category {
        switch self {
        case .file, .catalogJSON(.unreadable): .unreadable
        case .catalogJSON: .unusableFile
        case .unknownField, .notMultiValued, .malformedPair, .unknownProfile, .encodingDoesNotApply: .invalidOption
        case .invalidUTF8, .unterminatedQuote, .missingHeader, .oversizedHeaderCell, .tooManyHeaderCells,
            .missingRequiredColumn, .unknownColumn, .malformedXML, .calibreLibrary:
            .unusableFile
        }
    }

    public var description: String {
        switch self {
        case .file(let error):
            return error.description
        case .invalidUTF8(let path, let offset, let line, let byte):
            let hex = "0x" + String(byte, radix: 16, uppercase: true)
            return "\(path): not valid UTF-8: byte \(hex) at byte offset \(offset) (line \(line))."
        case .unterminatedQuote(let path, let line):
            return "\(path): the quoted field opened on line \(line) is never closed; "
                + "check that line for a missing or unescaped quote (write \"\" for a quote inside a quoted field)."
        case .missingHeader(let path):
            return "\(path): the file is empty; a CSV file needs a header row naming its columns."
        case .oversizedHeaderCell(let path, let line, let column, let byteCount):
            return "\(path):\(line): header cell \(column) is \(byteCount) bytes of UTF-8, over the limit of "
                + "\(FieldLimits.size(FieldLimits.shortTextBytes)) for a column name; "
                + "check that the first line is the header and that no quote in it is left open."
        case .tooManyHeaderCells(let path, let line):
            return "\(path):\(line): the header has more than \(FieldLimits.rowFields) cells, the most a row may have; "
                + "check that the first line is the header and that no quote in it is left open."
        case .missingRequiredColumn(let path, let field, let columns):
            return "\(path): no column for the required field '\(field)'. Columns in the file: "
                + Self.list(columns) + "."
        case .unknownColumn(let path, let field, let column, let columns):
            return "\(path): the field \(field) is mapped to column '\(column)', which the file does not have. "
                + "Columns in the file: " + Self.list(columns) + "."
        case .unknownField(let field, let entity, let fields):
            return "'\(field)' is not a field of \(entity.rawValue); fields: \(fields.joined(separator: ", "))."
        case .notMultiValued(let field, let fields):
            return "'\(field)' holds one value; multi-valued fields: \(fields.joined(separator: ", "))."
        case .malformedPair(let kind, let argument):
            return "\(argument): expected \(kind == .columnMapping ? "FIELD=COLUMN" : "FIELD=SEPARATOR")."
        case .catalogJSON(let error):
            return error.description
        case .calibreLibrary(let path, let reason):
            return "\(path): cannot read it as a Calibre library: \(reason)."
        case .unknownProfile(let name, let profiles):
            return "no profile named '\(name)'; profiles: \(profiles.joined(separator: ", "))."
        case .malformedXML(let path, let line, let offset, let reason):
            return "\(path):\(line): not well-formed XML at byte offset \(offset): \(reason)."
        case .encodingDoesNotApply(let encoding, let format):
            let fits =
                switch format {
                case .marc: "ISO 2709 MARC files are utf-8 or marc8"
                case .marcxml: "MARCXML files are UTF-8 XML"
                default: "marc8 is for ISO 2709 MARC files only"
                }
            return "the encoding \(encoding) does not apply to \(format.rawValue) files; \(fits)."
        }
    }

    /// The columns of a header, quoted, for messages.
    package static func list(_ columns: [String]) -> String {
        columns.isEmpty ? "(none)" : columns.map { "'\($0)'" }.joined(separator: ", ")
    }
}
