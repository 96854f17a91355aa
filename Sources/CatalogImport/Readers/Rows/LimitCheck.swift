import Catalog

/// The values of one record that ``FieldLimits`` refuses, gathered as issues naming the field, for readers that
/// check a record's values one by one (Open Library dump lines, MARC records).
///
/// A refused value the record needs (a title, a key, an author) is an issue that rejects the record; a refused
/// value of a list the record does without (one subject among many) is a warning, and the value is left out.
struct LimitCheck {
    /// The line of the record (0 when the input has no lines).
    let line: Int
    /// The refused values so far that reject the record.
    var issues: [RowIssue] = []
    /// The refused list values left out so far.
    var warnings: [RowIssue] = []

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

    /// The values of a list that `FieldLimits` admits, each as ``value(_:_:_:)`` gives it; each refused one is left
    /// out with a warning naming it, and the record is kept.
    mutating func listValues(_ values: [String], _ field: String) -> [String] {
        values.compactMap { text in
            guard let reason = FieldLimits.violation(text, .shortText) else {
                return FieldLimits.folded(text, .shortText)
            }
            warnings.append(
                RowIssue(
                    line: line, column: field, value: FieldLimits.excerpt(text),
                    reason: reason + "; the value is left out and the rest of the record imported"))
            return nil
        }
    }
}
