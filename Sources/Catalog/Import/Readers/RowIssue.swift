/// One problem with one value of one row: where, what, and why.
struct RowIssue: Sendable, Hashable, CustomStringConvertible {
    /// The physical line (1-based) of the field, or of the row when no field is to blame.
    var line: Int
    /// The column's header name (or field name), `nil` for a whole-row problem.
    var column: String?
    /// The offending value as it appears in the file.
    var value: String?
    /// Why it was refused, as a sentence fragment ("is not a valid ISBN-10: checksum fails").
    var reason: String

    /// Creates an issue.
    init(line: Int, column: String? = nil, value: String? = nil, reason: String) {
        self.line = line
        self.column = column
        self.value = value
        self.reason = reason
    }

    var description: String {
        var text = "line \(line)"
        if let column { text += ", column \(column)" }
        if let value { text += ", value \"\(value)\"" }
        return text + ": " + reason
    }
}
