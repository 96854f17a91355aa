import Catalog
import Foundation
import JSONKit

/// Reads an Open Library dump (works, authors, or both): 5 tab-separated columns per line (type, key,
/// revision, last modified, JSON), streaming.
///
/// A work becomes a ``BookRecord``: `title` (and `subtitle`, appended after a colon), `subjects` as genres, `description`
/// (a string or `{"value": …}`) as summary, the year of `first_publish_date`, the work key
/// (`/works/OL…W`) as source key. Each author entry becomes a credit whose ``AuthorRecord/key`` is the
/// author key (`/authors/OL…A`); entries may be `{"author": {"key": …}}`, `{"author": "…"}`, a
/// bare key string, or `{"key": …}`, with an optional `role` as a string or an object. The entry's
/// `type` (`/type/author_role`, as a string or `{"key": …}`) is not a role and is ignored.
///
/// Author names: a works dump has only keys, so each credit is named after its key's last component
/// (`OL123A`) with ``AuthorRecord/isPlaceholderName`` set. An authors dump (`/type/author` lines) yields
/// author records with the same key and the real name; imported under the same source, their identity
/// `(source, /authors/OL123A)` finds the placeholder author and replaces its name. Either order
/// works as long as a placeholder never overwrites a real name.
///
/// Lines of other types (editions, redirects, deletions) are skipped and counted.
final class OpenLibraryDumpReader: ImportRowReader {
    /// The columns of a dump line, as the errors file names them.
    static let columns = ["type", "key", "revision", "last_modified", "json"]

    /// Lines of other record types skipped so far.
    private(set) var skippedCount = 0
    private let lines: LineReader

    /// Opens a dump file.
    ///
    /// - Parameters:
    ///   - path: The `.tsv` / `.txt` dump (uncompressed).
    ///   - encoding: UTF-8 (the dumps' encoding) unless told otherwise.
    /// - Throws: ``ReaderError/cannotOpen(path:reason:)``.
    convenience init(path: String, encoding: InputEncoding = .utf8) throws(ReaderError) {
        self.init(input: try TextInput(path: path, encoding: encoding))
    }

    /// Reads a dump from an input.
    init(input: TextInput) {
        lines = LineReader(input: input)
    }

    /// How far the reader has got.
    var progress: ReadProgress { lines.progress }

    /// The next work or author, or a rejected line, or `nil` at the end of the file.
    ///
    /// - Throws: ``ReaderError`` when the file cannot be read further.
    func next() throws(ReaderError) -> ImportRow? {
        while let bytes = try lines.next() {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let columns = bytes.split(separator: 0x09, maxSplits: 4, omittingEmptySubsequences: false)
            if lines.lastLineByteCount > bytes.count {
                return reject(
                    lines.line,
                    columns.map { ArraySlice(FieldLimits.excerpt(String(decoding: $0, as: UTF8.self)).utf8) },
                    column: nil,
                    reason: "is \(lines.lastLineByteCount) bytes of UTF-8, over the limit of "
                        + "\(FieldLimits.size(lines.maxLineBytes)) for a dump line; the line is skipped")
            }
            if let row = parse(columns, line: lines.line) { return row }
            skippedCount += 1
        }
        return nil
    }

    private typealias Row = ImportRow
    private typealias Columns = [ArraySlice<UInt8>]

    /// One line's record or rejection; `nil` for a record type this reader does not import.
    private func parse(_ columns: Columns, line: Int) -> Row? {
        guard columns.count == 5 else {
            let plural = columns.count == 1 ? "" : "s"
            return reject(
                line, columns, column: nil,
                reason: "has \(columns.count) tab-separated column\(plural); an Open Library dump line has 5 "
                    + "(type, key, revision, last modified, JSON)")
        }
        let type = String(decoding: columns[0], as: UTF8.self)
        guard type == "/type/work" || type == "/type/author" else { return nil }
        let object: JSONNode
        do {
            object = try JSONReader.document(Array(columns[4]))
            guard case .object = object.value else {
                return reject(line, columns, column: "json", reason: "is not a JSON object")
            }
        } catch {
            let text = String(decoding: columns[4].prefix(200), as: UTF8.self)
            return reject(line, columns, column: "json", value: text, reason: "is not valid JSON")
        }
        let key = String(decoding: columns[1], as: UTF8.self).trimmingWhitespace()
        if type == "/type/work" {
            return work(object, key: key, line: line, columns)
        }
        return author(object, key: key, line: line, columns)
    }

    private func work(_ json: JSONNode, key: String, line: Int, _ columns: Columns) -> Row {
        var check = LimitCheck(line: line)
        let subtitle = check.name(json["subtitle"]?.string, "subtitle")
        // The title stored is the title and subtitle joined: the limit is the joined one's.
        let title = check.name(json["title"]?.string, "title").flatMap { title in
            check.value(subtitle.map { "\(title): \($0)" } ?? title, "title")
        }
        let summary = check.value(OpenLibraryJSON.text(json["description"]), "description", .longText)
        // A subject is one of many: a refused one is left out with a warning, and the work kept.
        let subjects = check.listValues(OpenLibraryJSON.strings(json["subjects"]), "subjects")
        var warnings = check.warnings
        let credits = OpenLibraryJSON.credits(json["authors"]) {
            warnings.append(
                RowIssue(line: line, column: "authors", value: $0, reason: "has no author key; entry ignored"))
        }
        for credit in credits { _ = check.value(credit.author.key, "authors") }
        let bookKey = check.value(key.isEmpty ? json["key"]?.string : key, "key")
        guard check.issues.isEmpty else { return reject(line, columns, check.issues) }
        guard let title else {
            return reject(line, columns, column: "title", reason: "is missing; every work needs a title")
        }
        let book = BookRecord(
            key: bookKey, title: title,
            year: OpenLibraryJSON.year(json["first_publish_date"]), summary: summary, contributors: credits,
            genres: subjects.map { GenreRecord(name: $0) })
        return .accepted(AcceptedRow(line: line, record: .book(book), warnings: warnings))
    }

    private func author(_ json: JSONNode, key: String, line: Int, _ columns: Columns) -> Row {
        var check = LimitCheck(line: line)
        let name =
            check.name(json["name"]?.string, "name") ?? check.name(json["personal_name"]?.string, "personal_name")
        let authorKey = check.value(OpenLibraryJSON.authorKey(key) ?? key, "key")
        guard check.issues.isEmpty else { return reject(line, columns, check.issues) }
        guard let name else {
            return reject(line, columns, column: "name", reason: "is missing; an author record needs a name")
        }
        let author = AuthorRecord(key: authorKey, name: name)
        return .accepted(AcceptedRow(line: line, record: .author(author), warnings: []))
    }

    private func reject(_ line: Int, _ columns: Columns, column: String?, value: String? = nil, reason: String) -> Row {
        reject(line, columns, [RowIssue(line: line, column: column, value: value, reason: reason)])
    }

    private func reject(_ line: Int, _ columns: Columns, _ issues: [RowIssue]) -> Row {
        let raw = columns.map { String(decoding: $0, as: UTF8.self) }
        return .rejected(ImportRejection(file: lines.name, line: line, issues: issues, rawValues: raw))
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension OpenLibraryDumpReader: Sendable {}
