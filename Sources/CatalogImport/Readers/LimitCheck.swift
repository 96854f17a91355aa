import Catalog

/// The values of one record that ``FieldLimits`` refuses, gathered as issues naming the field, for readers that
/// check a record's values one by one (Open Library dump lines, MARC records).
struct LimitCheck {
    /// The line of the record (0 when the input has no lines).
    let line: Int
    /// The refused values so far.
    var issues: [RowIssue] = []

    /// A name's collapsed text, or `nil` when missing or refused.
    mutating func name(_ raw: String?, _ field: String) -> String? {
        value(raw, field).flatMap(FieldValue.name)
    }

    /// `text` (short text folded to one line), or `nil` when missing or refused.
    mutating func value(_ text: String?, _ field: String, _ kind: FieldLimits.Kind = .shortText) -> String? {
        guard let text else { return nil }
        guard let reason = FieldLimits.violation(text, kind) else { return FieldLimits.folded(text, kind) }
        issues.append(RowIssue(line: line, column: field, value: FieldLimits.excerpt(text), reason: reason))
        return nil
    }
}
