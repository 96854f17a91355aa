/// A pull reader of JSON text (RFC 8259) over bytes: it walks the members of an object and the elements of an
/// array one at a time and builds one value at a time in memory, with the position of each, within
/// ``JSONLimits``. It reads a stream chunk by chunk (a file of any size, in bounded memory) or a whole document.
///
/// ```swift
/// // A whole document:
/// let node = try JSONReader.document(Array(body))
/// // A stream, member by member:
/// let reader = JSONReader(source: file, limits: importLimits)
/// try reader.beginObject()
/// while let (name, position) = try reader.nextMember() { … try reader.value() … }
/// try reader.finish()
/// ```
package final class JSONReader {
    /// What the reader accepts and keeps.
    package let limits: JSONLimits

    private let source: any JSONByteSource
    private var chunk: [UInt8] = []
    private var index = 0
    private var atEnd = false
    private var isFirstChunk = true
    /// The byte offset of `chunk[0]` in the input.
    private var chunkOffset: Int64 = 0
    private var line = 1
    private var lineStart: Int64 = 0
    /// What a value being built may still keep, in bytes; below zero the rest of it is read and dropped.
    private var budget = 0
    /// For each open array or object, whether its first member or element is still to come.
    private var containers: [Bool] = []

    /// A reader at the start of `source`.
    package init(source: any JSONByteSource, limits: JSONLimits) {
        self.source = source
        self.limits = limits
    }

    /// A reader of bytes in memory.
    package convenience init(bytes: [UInt8], limits: JSONLimits = .document) {
        self.init(source: WholeBytes(bytes), limits: limits)
    }

    /// The one value `bytes` hold, with nothing but whitespace after it.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value within `limits`.
    package static func document(_ bytes: [UInt8], limits: JSONLimits = .document) throws(JSONSyntaxError)
        -> JSONNode
    {
        let reader = JSONReader(bytes: bytes, limits: limits)
        do {
            guard let node = try reader.value() else {
                throw JSONSyntaxError(
                    reason: "the value is longer than \(limits.valueBytes) bytes", position: reader.position)
            }
            try reader.finish()
            return node
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            // Bytes in memory throw nothing else.
            throw JSONSyntaxError(reason: "\(error)", position: reader.position)
        }
    }

    /// Where the next byte is.
    package var position: JSONPosition {
        let offset = chunkOffset + Int64(index)
        return JSONPosition(line: line, column: Int(offset - lineStart) + 1, byteOffset: offset)
    }

    // MARK: Walking containers

    /// Enters the object that comes next; then ``nextMember()`` reads it member by member.
    ///
    /// - Throws: ``JSONSyntaxError`` when the next value is not an object, or nests too deep; what the source
    ///   throws.
    package func beginObject() throws {
        try open("{", "an object")
    }

    /// Enters the array that comes next; then ``nextElement()`` reads it element by element.
    ///
    /// - Throws: As ``beginObject()``.
    package func beginArray() throws {
        try open("[", "an array")
    }

    /// The next member's name and where its value starts, or `nil` after the object's closing brace. The caller
    /// reads the value (``value()``, ``skipValue()``, …) before asking for the next member.
    ///
    /// - Throws: ``JSONSyntaxError`` when the object is malformed; what the source throws.
    package func nextMember() throws -> (name: String, position: JSONPosition)? {
        guard try nextItem(closing: "}", "an object") else { return nil }
        guard try skipWhitespaceAndPeek() == UInt8(ascii: "\"") else {
            throw syntax("expected a member name in double quotes")
        }
        let name = try string(keeping: limits.nameBytes).text
        guard try skipWhitespaceAndPeek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a member name") }
        advance()
        _ = try skipWhitespaceAndPeek()
        return (name, position)
    }

    /// Where the next element starts, or `nil` after the array's closing bracket. The caller reads the element
    /// before asking for the next one.
    ///
    /// - Throws: As ``nextMember()``.
    package func nextElement() throws -> JSONPosition? {
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
    package func nextKind() throws -> String? {
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
    ///
    /// - Throws: ``JSONSyntaxError`` when something does; what the source throws.
    package func finish() throws {
        if try skipWhitespaceAndPeek() != nil { throw syntax("unexpected text after the end of the JSON value") }
    }

    // MARK: Values

    /// The next value, built in memory; `nil` when it was longer than ``JSONLimits/valueBytes`` (it was read to
    /// its end and dropped).
    ///
    /// - Throws: ``JSONSyntaxError`` when the value is malformed; what the source throws.
    package func value() throws -> JSONNode? {
        budget = limits.valueBytes
        let node = try parseValue()
        return budget < 0 ? nil : node
    }

    /// Reads the next value and drops it, in memory bounded by the depth.
    ///
    /// - Throws: As ``value()``.
    package func skipValue() throws {
        budget = -1
        _ = try parseValue()
    }

    private func parseValue() throws -> JSONNode {
        let start = position
        guard let byte = try skipWhitespaceAndPeek() else { throw syntax("unexpected end of file, expected a value") }
        budget &-= 16
        switch byte {
        case UInt8(ascii: "{"):
            var members: [(name: String, node: JSONNode)] = []
            try beginObject()
            while let (name, _) = try nextMember() {
                budget &-= name.utf8.count
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
            let (text, byteCount) = try string(keeping: max(0, min(budget, limits.stringBytes)))
            // Only what is kept costs memory: a string cut at the string limit is reported, not its value.
            budget &-= min(byteCount, limits.stringBytes)
            let isKept = byteCount <= limits.stringBytes && budget >= 0
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
        guard containers.count < limits.depth else {
            throw syntax("arrays and objects nest deeper than \(limits.depth) levels")
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
        if let integer = plainInteger() { return integer }
        let start = position
        var text: [UInt8] = []
        func take(_ predicate: (UInt8) -> Bool) throws -> Int {
            var taken = 0
            while let byte = try peek(), predicate(byte) {
                guard text.count < limits.numberLength else {
                    throw syntax("a number longer than \(limits.numberLength) characters")
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
        guard integer > 0 else { throw syntax("invalid number: no digit after '-'") }
        guard integer == 1 || text[text.count - integer] != UInt8(ascii: "0") else {
            throw JSONSyntaxError(reason: "invalid number: it must not start with 0", position: start)
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

    /// The common case made cheap: an integer without a leading zero, wholly in the chunk and within the limit, is
    /// made from the chunk's bytes; `nil` (nothing read) otherwise.
    private func plainInteger() -> String? {
        let first = index
        let end = chunk.withUnsafeBufferPointer { buffer -> Int? in
            var end = first
            if buffer[end] == UInt8(ascii: "-") { end += 1 }
            let digits = end
            while end < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[end]) { end += 1 }
            guard end < buffer.count, end > digits, end - first <= limits.numberLength,
                buffer[digits] != UInt8(ascii: "0") || end == digits + 1
            else { return nil }
            switch buffer[end] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: return end
            }
        }
        guard let end else { return nil }
        index = end
        return String(decoding: chunk[first..<end], as: UTF8.self)
    }

    /// A string at the opening quote: its text (the first `limit` bytes of UTF-8 once unescaped) and its full
    /// length in bytes.
    private func string(keeping limit: Int) throws -> (text: String, byteCount: Int) {
        if let plain = try plainString(keeping: limit) { return plain }
        let start = position
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
            let runStart = index
            let runEnd = chunk.withUnsafeBufferPointer { buffer in
                var end = runStart
                while end < buffer.count {
                    let byte = buffer[end]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    end += 1
                }
                return end
            }
            if runEnd > runStart {
                keep(chunk[runStart..<runEnd])
                index = runEnd
                continue
            }
            let byte = chunk[index]
            if byte == UInt8(ascii: "\"") {
                advance()
                let unescaped = try kept.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) -> String in
                    try text(of: bytes, startingAt: start)
                }
                return (unescaped, byteCount)
            }
            if byte < 0x20 { throw syntax("a control character \(Self.describe(byte)) inside a string; escape it") }
            advance()
            keep(try escape().utf8)
        }
    }

    /// The common case made cheap: a string without escapes, wholly in the chunk and kept whole, is made from the
    /// chunk's bytes in one copy; `nil` (nothing read) otherwise.
    private func plainString(keeping limit: Int) throws -> (text: String, byteCount: Int)? {
        let opening = index
        let closing = chunk.withUnsafeBufferPointer { buffer -> Int? in
            var end = opening + 1
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") { return end - opening - 1 <= limit ? end : nil }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                end += 1
            }
            return nil
        }
        guard let closing else { return nil }
        let start = position
        let plain = try chunk.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> String in
            try text(of: UnsafeBufferPointer(rebasing: buffer[(opening + 1)..<closing]), startingAt: start)
        }
        index = closing + 1
        return (plain, closing - opening - 1)
    }

    /// The text of a string's bytes, checked as ``JSONLimits/unicode`` says.
    private func text(of bytes: UnsafeBufferPointer<UInt8>, startingAt start: JSONPosition) throws(JSONSyntaxError)
        -> String
    {
        // ASCII needs no validation (and most of a document is ASCII: keys, uuids, times).
        guard limits.unicode == .strict, bytes.contains(where: { $0 >= 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(reason: "a string that is not valid UTF-8", position: start)
        }
        return text
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
        case UInt8(ascii: "u"): return try unicodeEscape()
        default:
            let escape =
                (0x21..<0x7F).contains(byte)
                ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' and \(Self.describe(byte))"
            throw syntax("invalid escape \(escape) inside a string")
        }
    }

    /// The character of a `\u` escape (after its `u`), a surrogate pair's two escapes read together.
    private func unicodeEscape() throws -> String {
        let first = try hexQuad()
        guard (0xD800...0xDBFF).contains(first) else {
            guard !(0xDC00...0xDFFF).contains(first) else { return try loneSurrogate() }
            return String(Unicode.Scalar(first).map(Character.init) ?? "\u{FFFD}")
        }
        // A high surrogate needs a low one right after it.
        guard try peek() == UInt8(ascii: "\\") else { return try loneSurrogate() }
        advance()
        guard try peek() == UInt8(ascii: "u") else { return try loneSurrogate() + (try escape()) }
        advance()
        let second = try hexQuad()
        guard (0xDC00...0xDFFF).contains(second) else {
            return try loneSurrogate() + String(Unicode.Scalar(second).map(Character.init) ?? "\u{FFFD}")
        }
        let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}")
    }

    /// What half a surrogate pair becomes: U+FFFD, or an error.
    private func loneSurrogate() throws(JSONSyntaxError) -> String {
        guard limits.unicode == .replacing else {
            throw syntax("invalid \\u escape: a lone surrogate (half of a pair)")
        }
        return "\u{FFFD}"
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
            guard let next = try source.nextChunk() else {
                atEnd = true
                chunk = []
                index = 0
                return false
            }
            if isFirstChunk {
                isFirstChunk = false
                chunkOffset = Int64(source.skippedLeadingBytes)
                lineStart = chunkOffset
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

// One cursor over one input: not meant to be shared between tasks.
@available(*, unavailable)
extension JSONReader: Sendable {}
