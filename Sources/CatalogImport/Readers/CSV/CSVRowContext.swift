import Catalog

/// One record being mapped: reads fields through the mapping and collects issues with their place.
struct CSVRowContext {
    /// The record.
    let record: CSVRecord
    /// Problems that reject the row.
    private(set) var issues: [RowIssue] = []
    /// Problems that drop a value but keep the row.
    private(set) var warnings: [RowIssue] = []
    /// Whether a cell written as spreadsheet text (`="0439023483"`) holds the text between the quotes.
    private let readsSpreadsheetText: Bool

    /// Starts mapping a record.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - readsSpreadsheetText: Whether `="…"` cells hold the text between the quotes.
    init(record: CSVRecord, readsSpreadsheetText: Bool = false) {
        self.record = record
        self.readsSpreadsheetText = readsSpreadsheetText
    }

    /// The raw cell of a field, `nil` when no column feeds it.
    func raw(_ field: MappedField) -> String? {
        cell(field).map { cell(at: $0.index) }
    }

    /// The column a field is read from in this record: its own, or its fallback where its own cell is missing.
    private func cell(_ field: MappedField) -> (index: Int, column: String)? {
        if let fallback = field.fallbackIndex, field.index.map({ FieldValue.isMissing(cell(at: $0)) }) ?? true {
            return (fallback, field.fallbackColumn ?? field.column)
        }
        return field.index.map { ($0, field.column) }
    }

    private func cell(at index: Int) -> String {
        let text = record[index]
        guard readsSpreadsheetText, text.hasPrefix("=\""), text.hasSuffix("\""), text.utf8.count >= 3 else {
            return text
        }
        return String(text.dropFirst(2).dropLast())
    }

    /// Trimmed text; `nil` when absent or missing, or refused by ``FieldLimits`` for `kind` (a rejecting issue).
    mutating func text(_ field: MappedField, _ kind: FieldLimits.Kind = .shortText) -> String? {
        checked(field, kind).flatMap(FieldValue.text)
    }

    /// Whitespace-collapsed text; `nil` when absent or missing, or refused by ``FieldLimits`` (a rejecting issue).
    mutating func name(_ field: MappedField) -> String? {
        checked(field, .shortText).flatMap(FieldValue.name)
    }

    /// The values of a multi-valued field; a value ``FieldLimits`` refuses, or a malformed list literal
    /// (``ListCell``), rejects the row.
    mutating func list(_ field: MappedField) -> [String] {
        guard let raw = raw(field) else { return [] }
        let values: [String]
        if field.separator == ListCell.separator {
            guard let text = FieldValue.text(raw) else { return [] }
            switch ListCell.items(text) {
            case .success(let items): values = FieldValue.list(items)
            case .failure(let error):
                report(field, reason: error.reason, value: FieldLimits.excerpt(raw))
                return []
            }
        } else {
            values = FieldValue.list(raw, separator: field.separator)
        }
        for value in values {
            if let reason = FieldLimits.violation(value, .shortText) {
                report(field, reason: reason, value: FieldLimits.excerpt(value))
                return []
            }
        }
        return values
    }

    /// The raw cell (short text folded to one line), or `nil` with a rejecting issue when ``FieldLimits`` refuses it.
    private mutating func checked(_ field: MappedField, _ kind: FieldLimits.Kind) -> String? {
        guard let raw = raw(field) else { return nil }
        if let reason = FieldLimits.violation(raw, kind) {
            report(field, reason: reason, value: FieldLimits.excerpt(raw))
            return nil
        }
        return FieldLimits.folded(raw, kind)
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
    ///
    /// - Parameters:
    ///   - field: The ISBN field.
    ///   - policy: What an invalid ISBN does to the row.
    ///   - mayBeOtherIdentifier: Whether the column also holds identifiers that are not ISBNs (an ASIN): a value with
    ///     a letter other than a final `X` is skipped then, without an issue.
    mutating func isbn(_ field: MappedField, policy: InvalidValuePolicy, mayBeOtherIdentifier: Bool = false) -> String?
    {
        guard let text = text(field) else { return nil }
        if mayBeOtherIdentifier,
            text.dropLast().contains(where: \.isLetter)
                || text.last.map({ $0.isLetter && $0 != "X" && $0 != "x" }) == true
        {
            return nil
        }
        switch ISBN.normalize(text) {
        case .success(let isbn13): return isbn13
        case .failure(let error):
            report(field, reason: error.reason, policy: policy)
            return nil
        }
    }

    /// Whether a problem with `field` rejects the row already.
    func isRefused(_ field: MappedField) -> Bool {
        issues.contains { $0.column == field.column || ($0.column != nil && $0.column == field.fallbackColumn) }
    }

    /// Records a problem with a field's value.
    mutating func report(
        _ field: MappedField, reason: String, value: String? = nil, policy: InvalidValuePolicy = .rejectRow
    ) {
        let cell = cell(field)
        let issue = RowIssue(
            line: cell.map { record.fieldLines[$0.index] } ?? record.line, column: cell?.column ?? field.column,
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
