package import SQLInterface

/// The SELECT that reads the facts of one entity of a table (the columns its description presents), written once
/// for both databases, and the reading of its row.
package struct FactSelection: Sendable {
    /// The presented columns, in the description's order.
    package let columns: [TableColumn]
    /// The facts' values of the row whose uuid is the parameter; `nil` when the table presents no column.
    package let sql: String?
    /// How many values each column's fact reads, in order.
    private let widths: [Int]

    /// The selection of the presented columns among `fields` of table `name` under `alias`.
    init(_ fields: [TableColumn], of name: String, alias: String) {
        columns = Self.ordered(fields.filter { $0.presentation != nil })
        let expressions = columns.map { column -> [String] in
            let value = "\(alias).\(column.name)"
            switch column.presentation?.style {
            case .years(let until)?: return [value, "\(alias).\(until)"]
            case .name(let shown)?:
                guard let table = column.references else { return [value] }
                return ["(SELECT r.\(shown) FROM \(table) r WHERE r.id = \(value))"]
            default: return [value]
            }
        }
        widths = expressions.map(\.count)
        let list = expressions.joined().joined(separator: ", ")
        sql = columns.isEmpty ? nil : "SELECT \(list) FROM \(name) \(alias) WHERE \(alias).uuid = ?"
    }

    /// `columns` in the description's order, but each that names a column to follow moved after it.
    private static func ordered(_ columns: [TableColumn]) -> [TableColumn] {
        var ordered = columns.filter { $0.presentation?.after == nil }
        for column in columns {
            guard let after = column.presentation?.after else { continue }
            let position = ordered.firstIndex { $0.name == after }.map { $0 + 1 } ?? ordered.endIndex
            ordered.insert(column, at: position)
        }
        return ordered
    }

    /// The facts of a row of ``sql``, in order.
    package func facts(in row: some SQLColumns) -> [EntityFact] {
        var index = 0
        return zip(columns, widths).compactMap { column, width in
            defer { index += width }
            guard let presentation = column.presentation else { return nil }
            return EntityFact(
                field: column.key, presentation: presentation, values: (index..<index + width).map(row.value(at:)))
        }
    }
}
