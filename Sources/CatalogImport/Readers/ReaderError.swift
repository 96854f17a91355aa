import Catalog

/// Why an import file cannot be read at all (as opposed to one bad row, which is an ``ImportRejection``).
///
/// Each case's ``description`` says what happened, where, and what to do. A pipeline maps these to
/// exit status 65 ("file unusable"), except ``file(_:)`` which is an I/O failure.
enum ReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened, or reading it failed part-way.
    case file(FileReadError)
    /// The file is not valid UTF-8; `byteOffset` is the 0-based offset of the first bad byte.
    case invalidUTF8(path: String, byteOffset: Int64, line: Int, byte: UInt8)
    /// A quoted CSV field was still open at the end of the file.
    case unterminatedQuote(path: String, line: Int)
    /// The file has no header row.
    case missingHeader(path: String)
    /// A required field has no column: none was named after it and none was mapped to it.
    case missingRequiredColumn(path: String, field: String, columns: [String])
    /// `--map FIELD=COLUMN` names a column the header does not have.
    case unknownColumn(path: String, field: String, column: String, columns: [String])
    /// `--map`/`--split` names a field the entity does not have.
    case unknownField(field: String, entity: ImportEntity, fields: [String])
    /// `--split` names a field that holds one value.
    case notMultiValued(field: String, fields: [String])
    /// A `--map`/`--split` argument is not of the form `FIELD=VALUE`.
    case malformedOption(option: String, argument: String)
    /// `--profile NAME` names no built-in profile.
    case unknownProfile(name: String, profiles: [String])

    var description: String {
        switch self {
        case .file(let error):
            return error.description
        case .invalidUTF8(let path, let offset, let line, let byte):
            let hex = "0x" + String(byte, radix: 16, uppercase: true)
            return "\(path): not valid UTF-8: byte \(hex) at byte offset \(offset) (line \(line)). "
                + "If the file uses another encoding, pass it with --encoding latin1 or --encoding cp1252."
        case .unterminatedQuote(let path, let line):
            return "\(path): the quoted field opened on line \(line) is never closed; "
                + "check that line for a missing or unescaped quote (write \"\" for a quote inside a quoted field)."
        case .missingHeader(let path):
            return "\(path): the file is empty; a CSV file needs a header row naming its columns."
        case .missingRequiredColumn(let path, let field, let columns):
            return "\(path): no column for the required field '\(field)'. Columns in the file: "
                + Self.list(columns) + ". Name a column '\(field)' or pass --map \(field)=COLUMN."
        case .unknownColumn(let path, let field, let column, let columns):
            return "\(path): --map \(field)=\(column): the file has no column '\(column)'. Columns in the file: "
                + Self.list(columns) + "."
        case .unknownField(let field, let entity, let fields):
            return "'\(field)' is not a field of \(entity.rawValue); fields: \(fields.joined(separator: ", "))."
        case .notMultiValued(let field, let fields):
            return
                "--split \(field): '\(field)' holds one value; multi-valued fields: \(fields.joined(separator: ", "))."
        case .malformedOption(let option, let argument):
            return "\(option) \(argument): expected FIELD=VALUE."
        case .unknownProfile(let name, let profiles):
            return "no profile named '\(name)'; profiles: \(profiles.joined(separator: ", "))."
        }
    }

    private static func list(_ columns: [String]) -> String {
        columns.isEmpty ? "(none)" : columns.map { "'\($0)'" }.joined(separator: ", ")
    }
}
