import Catalog

/// Why an import stopped: the file cannot be used, an option is wrong, or `--strict` met a bad row.
///
/// Rows that are merely bad are not errors: they are counted in ``ImportSummary/rejected``.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is there but unusable as given: not UTF-8 (with the byte offset), no header, a required
    /// column missing (with the columns it has), a quote never closed, not a catalog JSON file.
    case unusableFile(String)
    /// The file cannot be opened or read.
    case unreadable(String)
    /// An option is wrong: an unknown field in `--map`, an unknown profile, an unknown format.
    case invalidOption(String)
    /// `--strict`: the first rejected row, after which the whole file was rolled back.
    case stoppedAtRejection(ImportRejection)

    /// The failure as sentences a user can act on.
    public var description: String {
        switch self {
        case .unusableFile(let message), .unreadable(let message), .invalidOption(let message):
            return message
        case .stoppedAtRejection(let rejection):
            return "\(rejection)\n--strict: stopped at the first rejected row; nothing of the file was imported."
        }
    }

    init(_ error: ReaderError) {
        switch error {
        case .file:
            self = .unreadable(error.description)
        case .unknownField, .notMultiValued, .malformedOption, .unknownProfile:
            self = .invalidOption(error.description)
        case .invalidUTF8, .unterminatedQuote, .missingHeader, .missingRequiredColumn, .unknownColumn:
            self = .unusableFile(error.description)
        }
    }

    init(_ error: JSONCatalogError) {
        switch error {
        case .unreadable: self = .unreadable(error.description)
        case .malformed, .unsupportedFormat: self = .unusableFile(error.description)
        }
    }
}
