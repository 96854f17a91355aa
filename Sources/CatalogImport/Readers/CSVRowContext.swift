import Catalog

/// One record being mapped: reads fields through the mapping and collects issues with their place.
struct CSVRowContext {
    /// The record.
    let record: CSVRecord
    /// Problems that reject the row.
    private(set) var issues: [RowIssue] = []
    /// Problems that drop a value but keep the row.
    private(set) var warnings: [RowIssue] = []

    /// Starts mapping a record.
    init(record: CSVRecord) {
        self.record = record
    }

    /// The raw cell of a field, `nil` when no column feeds it.
    func raw(_ field: MappedField) -> String? {
        field.index.map { record[$0] }
    }

    /// Trimmed text; `nil` when absent or missing, or refused by ``FieldLimits`` for `kind` (a rejecting issue).
    mutating func text(_ field: MappedField, _ kind: FieldLimits.Kind = .shortText) -> String? {
        checked(field, kind).flatMap(FieldValue.text)
    }

    /// Whitespace-collapsed text; `nil` when absent or missing, or refused by ``FieldLimits`` (a rejecting issue).
    mutating func name(_ field: MappedField) -> String? {
        checked(field, .shortText).flatMap(FieldValue.name)
    }

    /// The values of a multi-valued field; a value ``FieldLimits`` refuses rejects the row.
    mutating func list(_ field: MappedField) -> [String] {
        guard let raw = raw(field) else { return [] }
        let values = FieldValue.list(raw, separator: field.separator)
        for value in values {
            if let reason = FieldLimits.violation(value, .shortText) {
                report(field, reason: reason, value: FieldLimits.excerpt(value))
                return []
            }
        }
        return values
    }

    /// The raw cell, or `nil` with a rejecting issue when ``FieldLimits`` refuses it.
    private mutating func checked(_ field: MappedField, _ kind: FieldLimits.Kind) -> String? {
        guard let raw = raw(field) else { return nil }
        if let reason = FieldLimits.violation(raw, kind) {
            report(field, reason: reason, value: FieldLimits.excerpt(raw))
            return nil
        }
        return raw
    }

    /// A whole number in range, recording a rejecting issue when it is not one.
    mutating func wholeNumber(_ field: MappedField, in range: ClosedRange<Int>, what: String) -> Int? {
        guard let text = text(field) else { return nil }
        switch FieldValue.wholeNumber(text, in: range, what: what) {
        case .success(let value): return value
        case .failure(let error):
            report(field, reason: error.reason, policy: .rejectRow)
            return nil
        }
    }

    /// An ISBN-13 from an ISBN-10 or ISBN-13 cell; an invalid one is handled as `policy` says.
    mutating func isbn(_ field: MappedField, policy: InvalidValuePolicy) -> String? {
        guard let text = text(field) else { return nil }
        switch ISBN.normalize(text) {
        case .success(let isbn13): return isbn13
        case .failure(let error):
            report(field, reason: error.reason, policy: policy)
            return nil
        }
    }

    /// Whether a problem with `field` rejects the row already.
    func isRefused(_ field: MappedField) -> Bool {
        issues.contains { $0.column == field.column }
    }

    /// Records a problem with a field's value.
    mutating func report(
        _ field: MappedField, reason: String, value: String? = nil, policy: InvalidValuePolicy = .rejectRow
    ) {
        let issue = RowIssue(
            line: field.index.map { record.fieldLines[$0] } ?? record.line, column: field.column,
            value: value ?? raw(field), reason: reason)
        switch policy {
        case .rejectRow: issues.append(issue)
        case .dropWithWarning: warnings.append(issue)
        }
    }

    /// The row's outcome: accepted with `value` when no rejecting issue was recorded.
    func result(_ value: CatalogRecord?) -> ImportRow {
        guard issues.isEmpty, let value else {
            return .rejected(ImportRejection(file: "", line: record.line, issues: issues, rawValues: record.fields))
        }
        return .accepted(AcceptedRow(line: record.line, record: value, warnings: warnings, source: record))
    }
}
