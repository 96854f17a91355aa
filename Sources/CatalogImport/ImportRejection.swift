import Catalog

/// A row or record an import did not take: where it is, every problem found in it, and the row as it was
/// read, so that it can be fixed and imported again.
public struct ImportRejection: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file the row comes from (empty for records handed to the importer directly).
    public var file: String
    /// The physical line where the row starts; 0 when the input has no lines (records of a JSON document).
    public var line: Int
    /// How a report names the record: `line 12`, or `book 'hobbit' (The Hobbit)`.
    public var record: String
    /// Every problem found (at least one).
    public var issues: [RowIssue]
    /// The row's cells as read (CSV), or the line's columns (dump TSV); empty for JSON records.
    public var rawValues: [String]

    /// Creates a rejection of a row of a file.
    public init(file: String, line: Int, issues: [RowIssue], rawValues: [String], record: String? = nil) {
        self.file = file
        self.line = line
        self.record = record ?? "line \(line)"
        self.issues = issues
        self.rawValues = rawValues
    }

    /// Creates a rejection of a record that has no place in a file.
    public init(record: String, reason: String, file: String = "") {
        self.init(file: file, line: 0, issues: [RowIssue(line: 0, reason: reason)], rawValues: [], record: record)
    }

    /// Why the row was refused: its issues, joined.
    public var reason: String {
        issues.map(\.description).joined(separator: "; ")
    }

    /// `books.csv:3: column year, value "19x9": is not a year …`, or `book 'b': reason` for a record.
    public var description: String {
        let place = file.isEmpty ? record : line > 0 ? "\(file):\(line)" : "\(file): \(record)"
        let details = issues.map { issue in
            var issue = issue
            if issue.line == line { issue.line = 0 }
            return issue.description
        }
        return place + ": " + details.joined(separator: "; ")
    }
}
