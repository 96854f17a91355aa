import Catalog

/// A streaming tokenizer for the XML that MARCXML files use: start and end tags with attributes, text with the five
/// predefined entities and character references, CDATA sections, comments, processing instructions and a DOCTYPE
/// without an internal subset. Memory is one chunk plus one token: a tag, comment or other markup may be at most
/// ``maxMarkupBytes``; a longer text run is handed on in pieces (never cutting a reference).
///
/// Well-formedness is checked as far as a reader of records needs: every end tag closes the element open last, the
/// file does not end inside an element or a tag, names and attribute values are well formed, references are known,
/// and no character is one XML 1.0 forbids (a control character other than tab, line feed and carriage return,
/// written as itself or as a reference). A file that breaks them is refused with the line and byte offset
/// (``ReaderError/malformedXML(path:line:byteOffset:reason:)``).
final class XMLTokenizer {
    /// What the tokenizer yields.
    enum Token: Equatable {
        /// A start tag (an empty-element tag is a start tag followed by its end tag).
        case start(name: String, attributes: [String: String], byteOffset: Int64)
        /// An end tag.
        case end(name: String)
        /// Character data, references decoded (possibly one piece of a longer run).
        case text([UInt8])
    }

    /// The most bytes of one tag, comment, processing instruction or DOCTYPE.
    static let maxMarkupBytes = 64 * 1024
    /// The deepest nesting of elements.
    static let maxDepth = 256

    private let input: TextInput
    private var buffer: [UInt8] = []
    private var position = 0
    /// The file offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0
    private var atEnd = false
    private var open: [(name: String, byteOffset: Int64, line: Int)] = []
    /// Line feeds are counted up to this index of the buffer, for the line numbers of messages (counted once each,
    /// as the tags the counting follows come in file order).
    private var countedIndex = 0
    /// The line of `buffer[countedIndex]`, from 1.
    private var countedLine = 1
    private var pendingEnd: String?

    /// The file's name for messages.
    var name: String { input.name }
    /// How far the tokenizer has got.
    var progress: ReadProgress {
        ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes, line: 0)
    }

    /// Tokenizes a decoded input (UTF-8, validated by it).
    init(input: TextInput) {
        self.input = input
    }

    /// The next token, or `nil` at the end of a well-formed input.
    ///
    /// - Throws: ``ReaderError/malformedXML(path:line:byteOffset:reason:)``, or the input's errors.
    func next() throws(ReaderError) -> Token? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        while true {
            // A read may give nothing but part of a character: read on until there is a byte or the end.
            while position == buffer.count {
                guard try fill() else {
                    if let element = open.last {
                        throw malformed(
                            element.byteOffset, line: element.line,
                            "the file ends inside the element <\(element.name)> opened here")
                    }
                    return nil
                }
            }
            if buffer[position] != UInt8(ascii: "<") { return .text(try text()) }
            if let token = try markup() { return token }
        }
    }

    // MARK: Text

    private func text() throws(ReaderError) -> [UInt8] {
        var end = position
        while true {
            while end < buffer.count, buffer[end] != UInt8(ascii: "<") { end += 1 }
            if end < buffer.count || atEnd { break }
            if end - position >= Self.maxMarkupBytes {
                // Hand on a piece, cut before a reference that may not be complete yet.
                if let ampersand = buffer[position..<end].lastIndex(of: UInt8(ascii: "&")),
                    !buffer[ampersand..<end].contains(UInt8(ascii: ";")), ampersand > position
                {
                    end = ampersand
                }
                break
            }
            let scanned = end - position
            guard try fill() else { break }
            end = position + scanned
        }
        let start = position
        position = end
        return try decodeReferences(buffer[start..<end], at: offset(start))
    }

    /// `bytes` with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#N;` `&#xH;` replaced by what they stand for.
    private func decodeReferences(_ bytes: ArraySlice<UInt8>, at byteOffset: Int64) throws(ReaderError) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return Array(bytes) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            let place = byteOffset + Int64(index - bytes.startIndex)
            guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw malformed(place, "an '&' that does not start a reference (write &amp; for an ampersand)")
            }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            guard let scalar = Self.reference(name) else {
                if name.hasPrefix("#") {
                    throw malformed(place, "the reference &\(name); is not of a character XML allows")
                }
                throw malformed(place, "the reference &\(name); is not one XML knows without a DTD")
            }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            index = semicolon + 1
        }
        return output
    }

    private static func reference(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), isCharacter(scalar) else { return nil }
            return scalar
        }
    }

    // MARK: Markup

    /// The token of the markup at `position`, or `nil` for markup that yields none (a comment, a declaration).
    private func markup() throws(ReaderError) -> Token? {
        // Reading on moves the markup to the buffer's start: `position` stays its first byte, so indices are taken
        // after each read.
        if try hasPrefix("<!--") {
            position = try end(of: "-->", skipping: 4, what: "comment") + 3
            return nil
        }
        if try hasPrefix("<![CDATA[") {
            let close = try end(of: "]]>", skipping: 9, what: "CDATA section")
            defer { position = close + 3 }
            return .text(Array(buffer[(position + 9)..<close]))
        }
        if try hasPrefix("<?") {
            let close = try end(of: "?>", skipping: 2, what: "processing instruction")
            try checkDeclaration(buffer[(position + 2)..<close], at: offset(position))
            position = close + 2
            return nil
        }
        if try hasPrefix("<!") {
            let close = try end(of: ">", skipping: 2, what: "declaration")
            if buffer[position..<close].contains(UInt8(ascii: "[")) {
                throw malformed(
                    offset(position), "a DOCTYPE with an internal subset, which a MARCXML file has no use for")
            }
            position = close + 1
            return nil
        }
        let close = try endOfTag()
        defer { position = close + 1 }
        return try tag(buffer[(position + 1)..<close], at: offset(position))
    }

    /// Refuses an XML declaration naming an encoding other than UTF-8.
    private func checkDeclaration(_ body: ArraySlice<UInt8>, at byteOffset: Int64) throws(ReaderError) {
        guard body.starts(with: Array("xml ".utf8)),
            let attributes = try? attributes(body.dropFirst(4), at: byteOffset),
            let encoding = attributes["encoding"]
        else { return }
        guard ["utf-8", "utf8"].contains(encoding.lowercased()) else {
            throw malformed(byteOffset, "the XML declaration says \(encoding); a MARCXML file must be UTF-8")
        }
    }

    private func tag(_ body: ArraySlice<UInt8>, at byteOffset: Int64) throws(ReaderError) -> Token {
        if body.first == UInt8(ascii: "/") {
            let name = String(decoding: body.dropFirst(), as: UTF8.self).trimmingWhitespace()
            guard let element = open.popLast() else {
                throw malformed(byteOffset, "the end tag </\(name)> closes no open element")
            }
            guard element.name == name else {
                throw malformed(
                    byteOffset,
                    "the end tag </\(name)> does not close <\(element.name)> (byte offset \(element.byteOffset))")
            }
            return .end(name: name)
        }
        let isEmpty = body.last == UInt8(ascii: "/")
        let content = isEmpty ? body.dropLast() : body
        let nameEnd = content.firstIndex(where: Self.isSpace) ?? content.endIndex
        let name = String(decoding: content[..<nameEnd], as: UTF8.self)
        guard Self.isName(name) else { throw malformed(byteOffset, "'<\(name)' does not start a tag with a name") }
        let attributes = try attributes(content[nameEnd...], at: byteOffset)
        if isEmpty {
            pendingEnd = name
        } else {
            guard open.count < Self.maxDepth else {
                throw malformed(byteOffset, "elements are nested deeper than \(Self.maxDepth) levels")
            }
            open.append((name, byteOffset, line(atOffset: byteOffset)))
        }
        return .start(name: name, attributes: attributes, byteOffset: byteOffset)
    }

    /// `name="value"` pairs, values' references decoded.
    private func attributes(_ bytes: ArraySlice<UInt8>, at byteOffset: Int64) throws(ReaderError) -> [String: String] {
        var attributes: [String: String] = [:]
        var index = bytes.startIndex
        while true {
            while index < bytes.endIndex, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return attributes }
            guard let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")) else {
                throw malformed(byteOffset, "an attribute without a value in the tag")
            }
            let name = String(decoding: bytes[index..<equals], as: UTF8.self).trimmingWhitespace()
            var quote = equals + 1
            while quote < bytes.endIndex, Self.isSpace(bytes[quote]) { quote += 1 }
            guard Self.isName(name), quote < bytes.endIndex,
                bytes[quote] == UInt8(ascii: "\"") || bytes[quote] == UInt8(ascii: "'"),
                let close = bytes[(quote + 1)...].firstIndex(of: bytes[quote])
            else {
                throw malformed(byteOffset, "a malformed attribute in the tag (expected name=\"value\")")
            }
            let value = try decodeReferences(bytes[(quote + 1)..<close], at: byteOffset)
            guard attributes.updateValue(String(decoding: value, as: UTF8.self), forKey: name) == nil else {
                throw malformed(byteOffset, "the attribute \(name) is given twice in the tag")
            }
            index = close + 1
        }
    }

    // MARK: Buffer

    /// Reads the next chunk into the buffer, dropping what was consumed; `false` at the end of the input.
    private func fill() throws(ReaderError) -> Bool {
        guard !atEnd else { return false }
        guard let chunk = try input.nextChunk() else {
            atEnd = true
            return false
        }
        if position > 0 {
            countLines(upTo: position)
            bufferOffset += Int64(position)
            buffer.removeFirst(position)
            countedIndex -= position
            position = 0
        }
        let start = buffer.count
        buffer.append(contentsOf: chunk)
        if let control = buffer[start...].firstIndex(where: Self.isForbiddenControl) {
            let hex = String(buffer[control], radix: 16, uppercase: true)
            throw malformed(
                offset(control),
                "the control character U+\(hex.count < 2 ? "000" : "00")\(hex), which XML 1.0 does not allow anywhere "
                    + "(only tab, line feed and carriage return of the control characters)")
        }
        return true
    }

    /// Counts the line feeds of the buffer up to `index`, which is at or past the last index counted to.
    private func countLines(upTo index: Int) {
        while countedIndex < index {
            if buffer[countedIndex] == 0x0A { countedLine += 1 }
            countedIndex += 1
        }
    }

    /// The line of the byte at file offset `byteOffset`, which is in the buffer at or past the last one counted.
    private func line(atOffset byteOffset: Int64) -> Int {
        let index = Int(byteOffset - offset(0))
        guard index >= countedIndex, index <= buffer.count else { return countedLine }
        countLines(upTo: index)
        return countedLine
    }

    /// Whether the bytes at `position` start with `prefix`, reading on as needed.
    private func hasPrefix(_ prefix: String) throws(ReaderError) -> Bool {
        let bytes = Array(prefix.utf8)
        while buffer.count - position < bytes.count, try fill() {}
        return buffer[position...].starts(with: bytes)
    }

    /// The index of `terminator` after the markup's first `skipping` bytes, reading on as needed.
    private func end(of terminator: String, skipping: Int, what: String) throws(ReaderError) -> Int {
        let bytes = Array(terminator.utf8)
        var scanned = skipping
        while true {
            var index = position + scanned
            while index + bytes.count <= buffer.count {
                if buffer[index] == bytes[0], buffer[index..<(index + bytes.count)].elementsEqual(bytes) {
                    return index
                }
                index += 1
            }
            scanned = index - position
            try requireRoom(what: what)
            guard try fill() else { throw malformed(offset(position), "the file ends inside a \(what)") }
        }
    }

    /// The index of the `>` that ends the tag at `position` (outside quoted attribute values).
    private func endOfTag() throws(ReaderError) -> Int {
        var scanned = 1
        var quote: UInt8?
        while true {
            var index = position + scanned
            while index < buffer.count {
                let byte = buffer[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index
                } else if byte == UInt8(ascii: "<") {
                    throw malformed(offset(position), "a '<' inside a tag (write &lt; for a less-than sign in text)")
                }
                index += 1
            }
            scanned = index - position
            try requireRoom(what: "tag")
            guard try fill() else { throw malformed(offset(position), "the file ends inside a tag") }
        }
    }

    private func requireRoom(what: String) throws(ReaderError) {
        if buffer.count - position > Self.maxMarkupBytes {
            throw malformed(offset(position), "a \(what) longer than \(FieldLimits.size(Self.maxMarkupBytes))")
        }
    }

    private func offset(_ index: Int) -> Int64 {
        bufferOffset + Int64(index) + (input.hadByteOrderMark ? 3 : 0)
    }

    private func malformed(_ byteOffset: Int64, line: Int? = nil, _ reason: String) -> ReaderError {
        .malformedXML(
            path: input.name, line: line ?? self.line(atOffset: byteOffset), byteOffset: byteOffset, reason: reason)
    }

    /// A control character XML 1.0 allows nowhere: below U+0020 but tab, line feed and carriage return. (The C1
    /// controls U+0080–U+009F are allowed, though discouraged.)
    private static func isForbiddenControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// Whether XML 1.0 allows `scalar` in a document (its `Char` production).
    private static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A name as this tokenizer accepts it: not empty, no space, quote, `<`, `>`, `=`, `/` or `&`.
    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { isSpace($0) || "\"'<>=/&".utf8.contains($0) }
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension XMLTokenizer: Sendable {}
