/// An object's members read by name and type, each error naming the member's path: the typed access of a
/// document read whole.
///
/// ```swift
/// let line = try JSONObject(try JSONReader.document(bytes))
/// let sequence = try line.integer("seq")        // "seq: expected an integer, found a string"
/// let role = try line.object("entity").string("role")  // "entity.role: missing or null"
/// ```
package struct JSONObject: Sendable {
    /// The members in input order.
    package let members: [(name: String, node: JSONNode)]
    /// Where the object is.
    package let path: JSONPath
    /// Where the object starts.
    package let position: JSONPosition

    /// The object `node` is, found at `path`.
    ///
    /// - Throws: ``JSONAccessError`` when `node` is not an object.
    package init(_ node: JSONNode, path: JSONPath = .root) throws(JSONAccessError) {
        guard case .object(let members) = node.value else {
            throw JSONAccessError(path: path, position: node.position, expected: "an object", found: node.kindName)
        }
        self.members = members
        self.path = path
        self.position = node.position
    }

    /// Whether a member `name` is present, `null` included.
    package func has(_ name: String) -> Bool { members.contains { $0.name == name } }

    /// The member `name` (the last of a repeated name); `nil` when absent or `null`.
    package func optional(_ name: String) -> JSONNode? {
        guard let node = members.last(where: { $0.name == name })?.node, !node.isNull else { return nil }
        return node
    }

    /// The member `name`.
    ///
    /// - Throws: ``JSONAccessError`` `missing or null` when it is absent or `null`.
    package func required(_ name: String) throws(JSONAccessError) -> JSONNode {
        guard let node = optional(name) else {
            throw JSONAccessError(path: path.member(name), position: position, expected: nil, found: nil)
        }
        return node
    }

    /// The error of a member that is not what was expected: `seq: expected an integer, found a string`.
    package func mismatch(_ name: String, expected: String, _ node: JSONNode) -> JSONAccessError {
        JSONAccessError(path: path.member(name), position: node.position, expected: expected, found: node.kindName)
    }

    /// The text of string member `name`.
    ///
    /// - Throws: ``JSONAccessError`` when it is missing, `null` or not a string.
    package func string(_ name: String) throws(JSONAccessError) -> String {
        let node = try required(name)
        guard let text = node.string else { throw mismatch(name, expected: "a string", node) }
        return text
    }

    /// The value of integer member `name` (a whole number that fits 64 bits).
    ///
    /// - Throws: ``JSONAccessError`` when it is missing, `null` or not such a number.
    package func integer(_ name: String) throws(JSONAccessError) -> Int64 {
        let node = try required(name)
        guard let integer = node.integer else { throw mismatch(name, expected: "an integer", node) }
        return integer
    }

    /// The value of boolean member `name`.
    ///
    /// - Throws: ``JSONAccessError`` when it is missing, `null` or not a boolean.
    package func bool(_ name: String) throws(JSONAccessError) -> Bool {
        let node = try required(name)
        guard let flag = node.bool else { throw mismatch(name, expected: "a boolean", node) }
        return flag
    }

    /// The elements of array member `name`.
    ///
    /// - Throws: ``JSONAccessError`` when it is missing, `null` or not an array.
    package func array(_ name: String) throws(JSONAccessError) -> [JSONNode] {
        let node = try required(name)
        guard let elements = node.elements else { throw mismatch(name, expected: "an array", node) }
        return elements
    }

    /// Object member `name`, `nil` when it is absent or `null`.
    ///
    /// - Throws: ``JSONAccessError`` when it is something else than an object.
    package func optionalObject(_ name: String) throws(JSONAccessError) -> JSONObject? {
        guard let node = optional(name) else { return nil }
        guard case .object = node.value else { throw mismatch(name, expected: "an object or null", node) }
        return try JSONObject(node, path: path.member(name))
    }

    /// The objects of array member `name`, each with its path (`authors[1]`).
    ///
    /// - Throws: ``JSONAccessError`` when the member is missing, `null` or not an array, or an element is not an
    ///   object.
    package func objects(_ name: String) throws(JSONAccessError) -> [JSONObject] {
        var objects: [JSONObject] = []
        for (index, element) in try array(name).enumerated() {
            objects.append(try JSONObject(element, path: path.member(name).element(index)))
        }
        return objects
    }
}

/// A member of a document read whole is missing, or not of the type its reader expects.
package struct JSONAccessError: Error, Hashable, CustomStringConvertible {
    /// Where the member is: `entity.authors[1]`.
    package var path: JSONPath
    /// Where its value (or, when missing, its object) starts.
    package var position: JSONPosition
    /// What was expected (`an integer`); `nil` when the member is missing or `null`.
    package var expected: String?
    /// What was found (`a string`); `nil` when the member is missing or `null`.
    package var found: String?

    /// An error.
    package init(path: JSONPath, position: JSONPosition, expected: String?, found: String?) {
        self.path = path
        self.position = position
        self.expected = expected
        self.found = found
    }

    /// `entity.authors[1]: expected an object, found an integer`, or `uuid: missing or null`.
    package var description: String {
        guard let expected, let found else { return "\(path): missing or null" }
        return "\(path): expected \(expected), found \(found)"
    }
}
