/// A JSON value held in memory, with where each part of it starts.
package struct JSONNode: Sendable {
    /// The value.
    package indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as written (its grammar checked).
        case number(String)
        case string(String)
        /// A string longer than ``JSONLimits/stringBytes`` (or past a value's ``JSONLimits/valueBytes``): only its
        /// length was kept.
        case oversizedString(byteCount: Int)
        case array([JSONNode])
        /// Members in input order; a repeated name keeps each occurrence, and lookups take the last.
        case object([(name: String, node: JSONNode)])
    }

    /// The value.
    package var value: Value
    /// Where the value starts.
    package var position: JSONPosition

    /// A node.
    package init(value: Value, position: JSONPosition) {
        self.value = value
        self.position = position
    }

    /// The member named `name` of an object (the last of a repeated name), or `nil`.
    package subscript(name: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.name == name }?.node
    }

    /// The text of a string, else `nil`.
    package var string: String? {
        guard case .string(let text) = value else { return nil }
        return text
    }

    /// The value of a number written as a whole number that fits 64 bits, else `nil`.
    package var integer: Int64? {
        guard case .number(let text) = value else { return nil }
        return Int64(text)
    }

    /// The value of a boolean, else `nil`.
    package var bool: Bool? {
        guard case .bool(let flag) = value else { return nil }
        return flag
    }

    /// The elements of an array, else `nil`.
    package var elements: [JSONNode]? {
        guard case .array(let elements) = value else { return nil }
        return elements
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// What the value is, as an error names it: `null`, `a boolean`, `an integer`, `a number that is not an
    /// integer`, `a string`, `an array`, `an object`.
    package var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: integer == nil ? "a number that is not an integer" : "an integer"
        case .string, .oversizedString: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
