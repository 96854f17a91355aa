/// One labelled value in a detail column: "Year 1937", "Country GB".
public struct DetailField: Sendable, Hashable {
    /// The label: "Year".
    public var label: String
    /// The value as text.
    public var value: String

    /// Creates a field.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
