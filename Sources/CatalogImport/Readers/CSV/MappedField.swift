import Catalog

/// A field resolved against a file's header once, so mapping a row does no name lookups.
struct MappedField: Sendable, Hashable {
    /// The field name (`title`).
    let name: String
    /// The column index feeding it, `nil` when no column does.
    let index: Int?
    /// The column's header name (the field name when there is no column), for messages.
    let column: String
    /// The separator of a multi-valued field (empty: do not split); `nil` for single-valued fields.
    let separator: String?
    /// The column read where ``index``'s cell is missing (a profile's second choice), `nil` when none is.
    var fallbackIndex: Int?
    /// The fallback column's header name, for messages.
    var fallbackColumn: String?
}
