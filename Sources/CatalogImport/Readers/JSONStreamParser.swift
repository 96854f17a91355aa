import Catalog

/// Where a JSON value starts: line and column (1-based, the column counted in bytes) and the byte offset from the
/// file's start (0-based, a byte order mark included).
struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var byteOffset: Int64

    /// `line 3, column 12, byte offset 80`.
    var description: String { "line \(line), column \(column), byte offset \(byteOffset)" }
}

/// A JSON value of one record, held in memory, with where each part of it starts.
struct JSONNode {
    /// The value.
    indirect enum Value {
        case null
        case bool(Bool)
        /// The number as written (its grammar checked).
        case number(String)
        case string(String)
        /// A string longer than ``FieldLimits/fieldBytes`` (or past a record's ``FieldLimits/rowBytes``): only its
        /// length was kept.
        case oversizedString(byteCount: Int)
        case array([JSONNode])
        /// Members in file order; a repeated name keeps each occurrence, and lookups take the last.
        case object([(name: String, node: JSONNode)])
    }

    var value: Value
    var position: JSONPosition

    /// The member named `name` of an object, or `nil`.
    subscript(name: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.name == name }?.node
    }
}

/// The JSON text is not well-formed (or nests deeper than the parser allows) at `position`.
struct JSONSyntaxError: Error, Hashable {
    var reason: String
    var position: JSONPosition
}

/// A pull parser over a ``TextInput``: it walks the members of an object and the elements of an array one at a
/// time, and builds one value at a time in memory, so a file of any size is read in bounded memory.
///
/// Bounds: strings are kept up to ``FieldLimits/fieldBytes`` (the rest is counted, not kept), one value built with
/// ``value()`` up to ``FieldLimits/rowBytes`` (then the rest of it is parsed and dropped, and ``value()`` says so),
/// numbers up to 64 characters and nesting up to ``maxDepth`` levels.
final class JSONStreamParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 64
    private static let maxNumberLength = 64

    private let input: TextInput
    private var chunk: [UInt8] = []
    private var index = 0
    private var atEnd = false
    /// The byte offset of `chunk[0]` in the file.
    private var chunkOffset: Int64 = 0
    private var line = 1
    private var lineStart: Int64 = 0
    /// What a value being built may still keep, in bytes; below zero the rest of it is parsed and dropped.
    private var budget = 0

    /// A parser at the start of `input`.
    init(input: TextInput) {
        self.input = input
    }

    /// How far the parser has got.
    var progress: ReadProgress {
        ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes, line: line)
    }

    /// Where the next byte is.
    var position: JSONPosition {
        let offset = chunkOffset + Int64(index)
        return JSONPosition(line: line, column: Int(offset - lineStart) + 1, byteOffset: offset)
    }

    // MARK: Walking containers

    /// For each open array or object, whether its first member or element is still to come.
    private var containers: [Bool] = []

    /// Enters the object that comes next; then ``nextMember()`` reads it member by member.
    ///
    /// - Throws: ``JSONSyntaxError`` when the next value is not an object, or nests too deep; ``ReaderError`` from
    ///   the input.
    func beginObject() throws {
        try open("{", "an object")
    }

    /// Enters the array that comes next; then ``nextElement()`` reads it element by element.
    ///
    /// - Throws: As ``beginObject()``.
    func beginArray() throws {
        try open("[", "an array")
    }

    /// The next member's name and where its value starts, or `nil` after the object's closing brace. The caller
    /// reads the value (``value()``, ``skipValue()``, …) before asking for the next member.
    ///
    /// - Throws: ``JSONSyntaxError`` when the object is malformed; ``ReaderError`` from the input.
    func nextMember() throws -> (name: String, position: JSONPosition)? {
        guard try nextItem(closing: "}", "an object") else { return nil }
        guard try skipWhitespaceAndPeek() == UInt8(ascii: "\"") else {
            throw syntax("expected a member name in double quotes")
        }
        let name = try string(keeping: FieldLimits.shortTextBytes).text
        guard try skipWhitespaceAndPeek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a member name") }
        advance()
        _ = try skipWhitespaceAndPeek()
        return (name, position)
    }

    /// Where the next element starts, or `nil` after the array's closing bracket. The caller reads the element
    /// before asking for the next one.
    ///
    /// - Throws: As ``nextMember()``.
    func nextElement() throws -> JSONPosition? {
        guard try nextItem(closing: "]", "an array") else { return nil }
        _ = try skipWhitespaceAndPeek()
        return position
    }

    /// Moves past the comma before an item, or past the closing bracket (`false`).
    private func nextItem(closing bracket: Unicode.Scalar, _ kind: String) throws -> Bool {
        guard let isFirst = containers.last else { throw syntax("not inside \(kind)") }
        if isFirst {
            containers[containers.count - 1] = false
            guard try skipWhitespaceAndPeek() != UInt8(ascii: bracket) else {
                advance()
                containers.removeLast()
                return false
            }
            return true
        }
        switch try skipWhitespaceAndPeek() {
        case UInt8(ascii: ","):
            advance()
            return true
        case UInt8(ascii: bracket):
            advance()
            containers.removeLast()
            return false
        case nil:
            throw syntax("unexpected end of file inside \(kind)")
        case let byte?:
            throw syntax("unexpected character \(Self.describe(byte)) in \(kind), expected ',' or '\(bracket)'")
        }
    }

    /// The kind of the next value, as a message names it (`an object`, `a string` …), or `nil` at the end.
    func nextKind() throws -> String? {
        switch try skipWhitespaceAndPeek() {
        case nil: nil
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// Checks that nothing but whitespace follows.
    func finish() throws {
        if try skipWhitespaceAndPeek() != nil { throw syntax("unexpected text after the end of the JSON value") }
    }

    // MARK: Values

    /// The next value, built in memory; `nil` when it was longer than ``FieldLimits/rowBytes`` (it was parsed to
    /// its end and dropped).
    func value() throws -> JSONNode? {
        budget = FieldLimits.rowBytes
        let node = try parseValue()
        return budget < 0 ? nil : node
    }

    /// Parses the next value and drops it, in memory bounded by the depth.
    func skipValue() throws {
        budget = -1
        _ = try parseValue()
    }

    private func parseValue() throws -> JSONNode {
        let start = position
        guard let byte = try skipWhitespaceAndPeek() else { throw syntax("unexpected end of file, expected a value") }
        budget -= 16
        switch byte {
        case UInt8(ascii: "{"):
            var members: [(name: String, node: JSONNode)] = []
            try beginObject()
            while let (name, _) = try nextMember() {
                budget -= name.utf8.count
                let node = try parseValue()
                if budget >= 0 { members.append((name, node)) }
            }
            return JSONNode(value: .object(members), position: start)
        case UInt8(ascii: "["):
            var elements: [JSONNode] = []
            try beginArray()
            while try nextElement() != nil {
                let node = try parseValue()
                if budget >= 0 { elements.append(node) }
            }
            return JSONNode(value: .array(elements), position: start)
        case UInt8(ascii: "\""):
            let (text, byteCount) = try string(keeping: max(0, min(budget, FieldLimits.fieldBytes)))
            // Only what is kept costs memory: a string cut at the field limit is reported, not its record.
            budget -= min(byteCount, FieldLimits.fieldBytes)
            let isKept = byteCount <= FieldLimits.fieldBytes && budget >= 0
            return JSONNode(value: isKept ? .string(text) : .oversizedString(byteCount: byteCount), position: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), position: start)
        default:
            throw syntax("unexpected character \(Self.describe(byte)), expected a value")
        }
    }

    // MARK: Tokens

    private func open(_ bracket: Unicode.Scalar, _ kind: String) throws {
        guard let byte = try skipWhitespaceAndPeek() else { throw syntax("unexpected end of file, expected \(kind)") }
        guard byte == UInt8(ascii: bracket) else {
            throw syntax("expected \(kind), found \(try nextKind() ?? "the end of the file")")
        }
        guard containers.count < Self.maxDepth else {
            throw syntax("arrays and objects nest deeper than \(Self.maxDepth) levels")
        }
        advance()
        containers.append(true)
    }

    private func literal(_ word: String) throws {
        for expected in word.utf8 {
            guard try peek() == expected else { throw syntax("invalid literal, expected '\(word)'") }
            advance()
        }
    }

    private func number() throws -> String {
        var text: [UInt8] = []
        func take(_ predicate: (UInt8) -> Bool) throws -> Int {
            var taken = 0
            while let byte = try peek(), predicate(byte) {
                guard text.count < Self.maxNumberLength else {
                    throw syntax("a number longer than \(Self.maxNumberLength) characters")
                }
                text.append(byte)
                advance()
                taken += 1
            }
            return taken
        }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        _ = try take { $0 == UInt8(ascii: "-") && text.isEmpty }
        let integer = try take(isDigit)
        guard integer > 0, !(integer > 1 && text[text.count - integer] == UInt8(ascii: "0")) else {
            throw syntax("invalid number")
        }
        if try peek() == UInt8(ascii: ".") {
            _ = try take { $0 == UInt8(ascii: ".") && text.last.map(isDigit) == true }
            guard try take(isDigit) > 0 else { throw syntax("invalid number: no digit after the decimal point") }
        }
        if let byte = try peek(), byte | 0x20 == UInt8(ascii: "e") {
            text.append(byte)
            advance()
            _ = try take { ($0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")) && text.last.map { $0 | 0x20 } == 0x65 }
            guard try take(isDigit) > 0 else { throw syntax("invalid number: no digit in the exponent") }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A string at the opening quote: its text (the first `limit` bytes of UTF-8 once unescaped) and its full
    /// length in bytes.
    private func string(keeping limit: Int) throws -> (text: String, byteCount: Int) {
        advance()
        var kept: [UInt8] = []
        var byteCount = 0
        func keep(_ bytes: some Collection<UInt8>) {
            byteCount += bytes.count
            let room = limit - kept.count
            if room >= bytes.count {
                kept.append(contentsOf: bytes)
            } else if room > 0 {
                kept.append(contentsOf: bytes.prefix(room))
            }
        }
        while true {
            if index == chunk.count, try !fill() { throw syntax("unexpected end of file inside a string") }
            // Copy the run of plain characters in one go.
            let start = index
            let runEnd = chunk.withUnsafeBufferPointer { buffer in
                var end = start
                while end < buffer.count {
                    let byte = buffer[end]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    end += 1
                }
                return end
            }
            if runEnd > start {
                keep(chunk[start..<runEnd])
                index = runEnd
                continue
            }
            let byte = chunk[index]
            if byte == UInt8(ascii: "\"") {
                advance()
                return (String(decoding: kept, as: UTF8.self), byteCount)
            }
            if byte < 0x20 { throw syntax("a control character \(Self.describe(byte)) inside a string; escape it") }
            advance()
            keep(try escape().utf8)
        }
    }

    /// The character of an escape, after its backslash.
    private func escape() throws -> String {
        guard let byte = try peek() else { throw syntax("unexpected end of file inside a string") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            guard (0xD800...0xDBFF).contains(first) else {
                return (0xDC00...0xDFFF).contains(first)
                    ? "\u{FFFD}" : String(Unicode.Scalar(first).map(Character.init) ?? "\u{FFFD}")
            }
            // A high surrogate needs a low one right after it.
            guard try peek() == UInt8(ascii: "\\") else { return "\u{FFFD}" }
            advance()
            guard try peek() == UInt8(ascii: "u") else { return "\u{FFFD}" + (try escape()) }
            advance()
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                return "\u{FFFD}" + String(Unicode.Scalar(second).map(Character.init) ?? "\u{FFFD}")
            }
            let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}")
        default:
            throw syntax("invalid escape '\\\(Self.describe(byte))' inside a string")
        }
    }

    private func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Self.hexValue(byte) else {
                throw syntax("invalid \\u escape: expected 4 hexadecimal digits")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Bytes

    private func skipWhitespaceAndPeek() throws -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: advance()
            case 0x0A:
                advance()
                line += 1
                lineStart = chunkOffset + Int64(index)
            default: return byte
            }
        }
        return nil
    }

    private func peek() throws -> UInt8? {
        if index == chunk.count, try !fill() { return nil }
        return chunk[index]
    }

    private func advance() {
        index += 1
    }

    /// Reads the next chunk; `false` at the end of the input.
    private func fill() throws -> Bool {
        while !atEnd {
            chunkOffset += Int64(chunk.count)
            guard let next = try input.nextChunk() else {
                atEnd = true
                chunk = []
                index = 0
                return false
            }
            if chunkOffset == 0 && input.hadByteOrderMark {
                chunkOffset = 3
                lineStart = 3
            }
            chunk = next
            index = 0
            if !chunk.isEmpty { return true }
        }
        return false
    }

    private func syntax(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, position: position)
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension JSONStreamParser: Sendable {}
