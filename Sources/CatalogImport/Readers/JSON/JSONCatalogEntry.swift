import Catalog
import Foundation
import JSONKit

/// One element of a native JSON file's `genres`, `authors`, `books` or `bands` array, read from its parsed value:
/// typed fields, and every value ``FieldLimits`` refuses as a ``RowIssue`` naming its JSON path and line.
///
/// A value of the wrong type (`"year": "1937"`) makes the whole file malformed, as a schema violation does; a value
/// too long or holding a control character only rejects its entry.
struct JSONCatalogEntry {
    /// The element, an object.
    let node: JSONNode
    /// Its JSON path: `books[3]`.
    let path: String
    /// The values the limits refuse.
    private(set) var issues: [RowIssue] = []

    /// An entry over an array element.
    ///
    /// - Throws: ``JSONShapeError`` when the element is not an object.
    init(_ node: JSONNode, path: String) throws(JSONShapeError) {
        guard case .object = node.value else { throw JSONShapeError(path: path, node: node, expected: "an object") }
        self.node = node
        self.path = path
    }

    /// The path of a member.
    private func pathOf(_ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    /// The line the entry starts on.
    var line: Int { node.position.line }

    /// A string member; `nil` when absent, null, or refused by the limits (an issue).
    mutating func string(_ name: String, _ kind: FieldLimits.Kind = .shortText) throws(JSONShapeError) -> String? {
        guard let member = node[name] else { return nil }
        return try string(member, path: pathOf(name), kind)
    }

    /// A whole-number member; `nil` when absent or null.
    func int(_ name: String) throws(JSONShapeError) -> Int? {
        guard let member = node[name] else { return nil }
        switch member.value {
        case .null: return nil
        case .number(let text):
            if let value = Int(text) { return value }
            if let value = Double(text), value.rounded() == value, let exact = Int(exactly: value) { return exact }
            throw JSONShapeError(path: pathOf(name), node: member, expected: "a whole number")
        default:
            throw JSONShapeError(path: pathOf(name), node: member, expected: "a whole number")
        }
    }

    /// A UUID member; `nil` when absent or null.
    mutating func uuid(_ name: String) throws(JSONShapeError) -> UUID? {
        guard let text = try string(name) else { return nil }
        guard let uuid = UUID(uuidString: text) else {
            throw JSONShapeError(path: pathOf(name), node: node[name] ?? node, expected: "a UUID")
        }
        return uuid
    }

    /// An array-of-strings member; `nil` when absent or null.
    mutating func strings(_ name: String) throws(JSONShapeError) -> [String]? {
        try array(name) { (entry, element, path) throws(JSONShapeError) in
            try entry.string(element, path: path, nullable: false)
        }.map { $0.compactMap { $0 } }
    }

    /// The `authors` of a book: keys, or `{"author": key, "role": role}`.
    mutating func credits(_ name: String) throws(JSONShapeError) -> [(author: String, role: String?)]? {
        try array(name) { (entry, element, path) throws(JSONShapeError) -> (author: String, role: String?)? in
            if case .string = element.value {
                return try entry.string(element, path: path).map { ($0, nil) }
            }
            guard case .object = element.value else {
                throw JSONShapeError(path: path, node: element, expected: "a string or an object")
            }
            guard let author = element["author"] else {
                throw JSONShapeError(path: "\(path).author", node: element, expected: "a string, found nothing")
            }
            let key = try entry.string(author, path: "\(path).author", nullable: false)
            var role: String?
            if let member = element["role"] { role = try entry.string(member, path: "\(path).role") }
            return key.map { ($0, role) }
        }.map { $0.compactMap { $0 } }
    }

    /// The elements of an array member through `element`; `nil` when absent or null.
    private mutating func array<Element>(
        _ name: String, _ element: (inout Self, JSONNode, String) throws(JSONShapeError) -> Element
    ) throws(JSONShapeError) -> [Element]? {
        guard let member = node[name] else { return nil }
        switch member.value {
        case .null: return nil
        case .array(let elements):
            var result: [Element] = []
            for (index, node) in elements.enumerated() {
                result.append(try element(&self, node, "\(pathOf(name))[\(index)]"))
            }
            return result
        default:
            throw JSONShapeError(path: pathOf(name), node: member, expected: "an array")
        }
    }

    private mutating func string(
        _ member: JSONNode, path: String, _ kind: FieldLimits.Kind = .shortText, nullable: Bool = true
    ) throws(JSONShapeError) -> String? {
        switch member.value {
        case .null where nullable:
            return nil
        case .string(let text):
            if let reason = FieldLimits.violation(text, kind) {
                issues.append(
                    RowIssue(
                        line: member.position.line, column: path, value: FieldLimits.excerpt(text), reason: reason))
                return nil
            }
            return FieldLimits.folded(text, kind)
        case .oversizedString(let byteCount):
            let reason =
                byteCount > kind.maxBytes
                ? FieldLimits.tooLong(byteCount: byteCount, kind: kind) : FieldLimits.fieldTooLong(byteCount: byteCount)
            issues.append(RowIssue(line: member.position.line, column: path, reason: reason))
            return nil
        default:
            throw JSONShapeError(path: path, node: member, expected: "a string")
        }
    }
}

/// A value of a native JSON file has the wrong type: the file is not a catalog file.
struct JSONShapeError: Error {
    /// Where: `books[3].year`.
    var path: String
    /// The value's place in the file.
    var position: JSONPosition
    /// `a whole number`.
    var expected: String

    init(path: String, node: JSONNode, expected: String) {
        self.path = path
        self.position = node.position
        self.expected = expected
    }

    /// `at books[3].year (line 4, column 20, byte offset 93): expected a whole number`.
    var reason: String { "at \(path) (\(position)): expected \(expected)" }
}
