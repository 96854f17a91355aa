/// JSON text being written, in one of two layouts, with one escaping routine for every string.
///
/// Containers are opened and closed around their values; commas, the `:` after a key and, in the pretty layout,
/// line breaks and indentation are written between them. Members are written in the order given: a caller that
/// wants sorted keys sorts them (by their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` does).
///
/// ```swift
/// var writer = JSONWriter(layout: .compact)
/// writer.beginObject()
/// writer.key("seq")
/// writer.integer(7)
/// writer.endObject()
/// writer.text  // {"seq":7}
/// ```
package struct JSONWriter {
    /// Where line breaks and spaces go.
    package enum Layout: Sendable {
        /// No whitespace at all: `{"a":[1,2]}` (the change feed's lines, stored navigation state).
        case compact
        /// `JSONEncoder`'s `.prettyPrinted`: two spaces a level, `"key" : value`, an empty array or object as its
        /// brackets around an empty line (the HTTP API's bodies, the command's `--json`).
        case pretty
    }

    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    /// The layout.
    package let layout: Layout
    /// How strings' control characters are escaped.
    package let controls: ControlEscapes
    /// For each open container, whether a value was written in it.
    private var hasValues: [Bool] = []
    /// Whether a key was just written (its value follows with no separator).
    private var afterKey = false

    /// An empty text.
    package init(layout: Layout, controls: ControlEscapes = .short, capacity: Int = 512) {
        self.layout = layout
        self.controls = controls
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written, as a string.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Values

    /// `null`.
    package mutating func null() {
        raw("null")
    }

    /// `true` or `false`.
    package mutating func bool(_ flag: Bool) {
        raw(flag ? "true" : "false")
    }

    /// A whole number.
    package mutating func integer(_ value: some BinaryInteger) {
        raw(String(value))
    }

    /// A string, escaped by ``escape(_:into:controls:)``.
    package mutating func string(_ text: String) {
        separate()
        Self.escape(text, into: &bytes, controls: controls)
    }

    /// Text that is already JSON (a number as written, a value written elsewhere), as it is.
    package mutating func raw(_ json: String) {
        separate()
        bytes.append(contentsOf: json.utf8)
    }

    // MARK: Containers

    /// Opens an array: its elements follow, then ``endArray()``.
    package mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    /// Closes the array opened last.
    package mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Opens an object: ``key(_:)`` and a value for each member follow, then ``endObject()``.
    package mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    /// Closes the object opened last.
    package mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// A member's key; its value is written next.
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(contentsOf: layout == .pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")])
        afterKey = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        if layout == .pretty { bytes.append(UInt8(ascii: "\n")) }
        hasValues.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        hasValues.removeLast()
        if layout == .pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent()
        }
        bytes.append(bracket)
    }

    /// What goes before a value: nothing after a key, else a comma after an earlier value of its container and,
    /// in the pretty layout, a line break and the indentation.
    private mutating func separate() {
        guard !afterKey else {
            afterKey = false
            return
        }
        guard let hasValue = hasValues.last else { return }
        if hasValue {
            bytes.append(UInt8(ascii: ","))
            if layout == .pretty { bytes.append(UInt8(ascii: "\n")) }
        }
        hasValues[hasValues.count - 1] = true
        if layout == .pretty { indent() }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * hasValues.count))
    }

    // MARK: Escaping

    /// How control characters are escaped.
    package enum ControlEscapes: Sendable {
        /// `\b`, `\t`, `\n`, `\f` and `\r`; the others as `\u00xx`: `JSONEncoder`'s form, written by every JSON
        /// text of this package but one.
        case short
        /// `\t`, `\n` and `\r`; the others, backspace and form feed included, as `\u00xx`: the form stored
        /// navigation state has been written in since its first format, kept so a state saved again is stored as
        /// the same bytes.
        case shortForWhitespaceOnly
    }

    /// Appends `text` as a JSON string: in quotes, `"` and `\` escaped, control characters as `controls` says
    /// (`\u00xx` in lowercase hex); everything else — slashes, DEL, non-ASCII — as its UTF-8 bytes. With `.short`
    /// these are the bytes `JSONEncoder` writes with `.withoutEscapingSlashes`.
    package static func escape(_ text: String, into bytes: inout [UInt8], controls: ControlEscapes = .short) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08 where controls == .short: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C where controls == .short: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal (see ``escape(_:into:controls:)``).
    package static func quoted(_ text: String, controls: ControlEscapes = .short) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        escape(text, into: &bytes, controls: controls)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONWriter {
    /// A value read by ``JSONReader``: numbers as written, an object's members in input order or sorted by their
    /// keys' UTF-8 bytes (then only the last of a repeated key, the one lookups see), a string only its length was
    /// kept of as `null`.
    package mutating func node(_ node: JSONNode, sortingKeys: Bool = false) {
        switch node.value {
        case .null, .oversizedString: null()
        case .bool(let flag): bool(flag)
        case .number(let text): raw(text)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.node(element, sortingKeys: sortingKeys) }
            endArray()
        case .object(var members):
            if sortingKeys {
                var last: [String: Int] = [:]
                for (index, member) in members.enumerated() { last[member.name] = index }
                members = last.values.sorted().map { members[$0] }
                members.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            }
            beginObject()
            for member in members {
                key(member.name)
                self.node(member.node, sortingKeys: sortingKeys)
            }
            endObject()
        }
    }
}
