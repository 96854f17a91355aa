public import Foundation

/// Why an import stopped: the file cannot be used, an option is wrong, or a strict import met a bad row.
///
/// Rows that are merely bad are not errors: they are counted in ``ImportSummary/rejected``.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A CSV/TSV or Open Library file cannot be read as given, or its column mapping is wrong.
    case file(ReaderError)
    /// A native JSON catalog file cannot be read.
    case catalogFile(JSONCatalogError)
    /// The format was not given and the file's name does not tell it.
    case unknownFormat(path: String)
    /// The source name is empty: keys must belong to a named source.
    case emptySourceName
    /// The errors file cannot be created or written.
    case cannotWriteErrorsFile(path: String)
    /// The errors file is the file being imported: its rejected rows would be appended to what is being read.
    case errorsFileIsTheInput(path: String)
    /// A strict import met its first rejected row, after which the whole file was rolled back.
    case stoppedAtRejection(ImportRejection)

    /// What kind of failure it is, for a caller that reacts to kinds (an exit status, an HTTP status).
    public enum Category: Sendable, Hashable {
        /// The file is there but unusable as given: not UTF-8, no header, a required column missing, a quote never
        /// closed, not a catalog JSON file.
        case unusableFile
        /// A file cannot be opened, read or written.
        case unreadable
        /// An option is wrong: an unknown field, profile or format, a malformed mapping, an empty source name.
        case invalidOption
        /// A strict import stopped at a rejected row.
        case stopped
    }

    /// The kind of failure.
    public var category: Category {
        switch self {
        case .file(let error): error.category
        case .catalogFile(.unreadable), .cannotWriteErrorsFile: .unreadable
        case .catalogFile: .unusableFile
        case .unknownFormat, .emptySourceName, .errorsFileIsTheInput: .invalidOption
        case .stoppedAtRejection: .stopped
        }
    }

    /// The failure in plain words.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .catalogFile(let error): error.description
        case .unknownFormat(let path): "\(path): cannot tell the format from the file name."
        case .emptySourceName: "a source name must not be empty."
        case .cannotWriteErrorsFile(let path): "\(path): cannot write the errors file."
        case .errorsFileIsTheInput(let path):
            "\(path): the errors file is the file being imported; its rejected rows would be read back as input."
        case .stoppedAtRejection(let rejection):
            "\(rejection)\nstopped at the first rejected row (strict import); nothing of the file was imported."
        }
    }
}

// An app shows these in an alert: the description is the message.
extension ImportError: LocalizedError {
    public var errorDescription: String? { description }
}
