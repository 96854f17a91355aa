/// One labelled value in a detail column: "Year 1937", "Country GB".
public struct DetailField: Sendable, Hashable {
    /// The key of the column the value comes from (`year`, `isbn13`), or `nil` for a value no column holds (a
    /// section's counts, a deleted entity's note).
    public var field: String?
    /// The label: "Year".
    public var label: String
    /// The value as text.
    public var value: String

    /// Creates a field.
    public init(field: String? = nil, label: String, value: String) {
        self.field = field
        self.label = label
        self.value = value
    }
}
