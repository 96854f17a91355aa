import Catalog
import Foundation

/// The `--errors FILE` CSV: one line per rejected row, the reason first, then the row's own cells under the
/// input's header, so a user can fix the cells and import the file again with the same options (the
/// `error_…` columns are not fields, so they are ignored). `error_source` is the source the row was imported
/// under: imported again without an explicit source, each row keeps it, so its identity does not change.
///
/// ```
/// error_file,error_line,error_column,error_value,error_reason,error_source,title,authors,year
/// books.csv,3,year,19x9,is not a year (expected a whole number),books,Dune,Frank Herbert,19x9
/// ```
///
/// Several issues of one row are joined with `; ` in each `error_` column. The file is appended to, so the
/// rejections of several imports can be collected in one file; the header is written when it is created.
final class ErrorsFile {
    private let handle: FileHandle

    /// Opens (or creates) the file.
    ///
    /// - Parameters:
    ///   - path: The errors file.
    ///   - header: The input's header (the column names of the rows written).
    /// - Throws: ``ImportError/cannotWriteErrorsFile(path:)`` when it cannot be written.
    init(path: String, header: [String]) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw ImportError.cannotWriteErrorsFile(path: path)
        }
        self.handle = handle
        handle.seekToEndOfFile()
        if !exists {
            let columns =
                ["error_file", "error_line", "error_column", "error_value", "error_reason", Self.sourceColumn] + header
            handle.write(Data(Self.line(columns).utf8))
        }
    }

    deinit {
        try? handle.close()
    }

    /// The column holding the source a row was imported under.
    static let sourceColumn = "error_source"

    /// Appends a rejected row, imported under `source`.
    func write(_ rejection: ImportRejection, source: String) {
        let issues = rejection.issues
        let columns = [
            rejection.file, String(rejection.line), issues.compactMap(\.column).joined(separator: "; "),
            issues.compactMap(\.value).joined(separator: "; "),
            rejection.rawValues.isEmpty
                ? "\(rejection.record): \(rejection.reason)" : issues.map(\.reason).joined(separator: "; "),
            source,
        ]
        handle.write(Data(Self.line(columns + rejection.rawValues).utf8))
    }

    /// One CSV line, fields quoted when they hold a comma, a quote or a line break.
    static func line(_ fields: [String]) -> String {
        fields.map { field in
            guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                return field
            }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\n"
    }
}

// One file handle, written in order.
@available(*, unavailable)
extension ErrorsFile: Sendable {}
