package import SQLInterface

/// One fact a detail shows of an entity: a column whose description has a ``FieldPresentation``, with the values
/// it reads (two for a span of years, the referenced row's name for a reference).
package struct EntityFact: Sendable, Hashable {
    /// The column's key: `year`, `isbn13`.
    package let field: String
    /// The label and how the value reads.
    package let presentation: FieldPresentation
    /// The values read: one, or for ``FieldPresentation/Style/years(until:)`` the first year then the last.
    package let values: [SQLValue]
}
