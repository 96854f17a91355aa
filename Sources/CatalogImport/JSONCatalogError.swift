import Catalog

/// Why a file cannot be read as a native catalog JSON file.
public enum JSONCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON, or not shaped like a catalog file.
    case malformed(file: String, reason: String)
    /// The file declares another format or a version this program does not know.
    case unsupportedFormat(file: String, format: String, version: Int)
    /// The file's `member` (`genres` or `authors`) holds more than `limit` entries, the most kept in memory; the
    /// first one past it is at `line`.
    case tooManyEntries(file: String, member: String, limit: Int, line: Int)

    /// The failure as a sentence for a user.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "cannot read \(file): \(reason)"
        case .malformed(let file, let reason):
            return "\(file) is not a catalog JSON file: \(reason)"
        case .unsupportedFormat(let file, let format, let version):
            return "\(file) is in format '\(format)' version \(version); this program reads format 'catalog' "
                + "version \(JSONCatalogReader.formatVersion)"
        case .tooManyEntries(let file, let member, let limit, let line):
            return "\(file):\(line): more than \(limit) \(member); a catalog JSON file may hold at most \(limit) "
                + "genres and \(limit) authors, kept in memory while its books and bands are read. Split it into "
                + "files that each hold the authors and genres their own books and bands name."
        }
    }
}
