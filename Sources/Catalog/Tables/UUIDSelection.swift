/// Columns of a table read with each reference replaced by the uuid of the row it points at, as a change carries
/// them: the SELECT list and the FROM clause with the joins that takes.
///
/// For `genres g` and its `parent_id`: `g.uuid, g.name, g_parent_id.uuid` from
/// `genres g LEFT JOIN genres g_parent_id ON g_parent_id.id = g.parent_id`.
package struct UUIDSelection: Sendable {
    /// One expression per column, in order.
    package internal(set) var expressions: [String]
    /// The table under its alias, then one join per reference.
    package let from: String

    init(_ columns: [TableColumn], of table: String, alias: String) {
        var joins: [String] = []
        expressions = columns.map { column in
            guard let target = column.references else { return "\(alias).\(column.name)" }
            let joined = "\(alias)_\(column.name)"
            let join = column.isRequired ? "JOIN" : "LEFT JOIN"
            joins.append("\(join) \(target) \(joined) ON \(joined).id = \(alias).\(column.name)")
            return "\(joined).uuid"
        }
        from = (["\(table) \(alias)"] + joins).joined(separator: " ")
    }

    /// The expressions as a SELECT list.
    package var list: String { expressions.joined(separator: ", ") }
}
