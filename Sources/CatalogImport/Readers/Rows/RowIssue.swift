import Catalog

/// One problem with one value of one row: where, what, and why.
public struct RowIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The physical line (1-based) of the field, or of the row when no field is to blame; 0 when the input has
    /// no lines to speak of (a record of a JSON document).
    public var line: Int
    /// The column's header name (or field name), `nil` for a whole-row problem.
    public var column: String?
    /// The offending value as it appears in the file.
    public var value: String?
    /// Why it was refused, as a sentence fragment ("is not a valid ISBN-10: checksum fails").
    public var reason: String

    /// Creates an issue.
    public init(line: Int, column: String? = nil, value: String? = nil, reason: String) {
        self.line = line
        self.column = column
        self.value = value
        self.reason = reason
    }

    /// `line 3, column year, value "19x9": is not a year (expected a whole number)`.
    public var description: String {
        var text = line > 0 ? "line \(line)" : ""
        if let column { text += (text.isEmpty ? "" : ", ") + "column \(column)" }
        if let value { text += (text.isEmpty ? "" : ", ") + "value \"\(value)\"" }
        return text.isEmpty ? reason : text + ": " + reason
    }
}
