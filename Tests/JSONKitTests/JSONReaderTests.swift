import Testing

@testable import JSONKit

/// The reader: positions, limits, errors, and the same values however a stream's chunks cut the text.
@Suite struct JSONReaderTests {
    /// Bytes handed on in chunks of a given size, after a skipped prefix.
    final class Chunks: JSONByteSource {
        private var rest: ArraySlice<UInt8>
        private let size: Int
        let skippedLeadingBytes: Int

        init(_ text: String, size: Int, skipped: Int = 0) {
            rest = ArraySlice(text.utf8)
            self.size = size
            skippedLeadingBytes = skipped
        }

        func nextChunk() -> [UInt8]? {
            guard !rest.isEmpty else { return nil }
            defer { rest = rest.dropFirst(size) }
            return Array(rest.prefix(size))
        }
    }

    static func document(_ text: String, _ limits: JSONLimits = .document) throws -> JSONNode {
        try JSONReader.document(Array(text.utf8), limits: limits)
    }

    /// The reason and place of the error reading `text` whole.
    static func failure(_ text: String, _ limits: JSONLimits = .document) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.document(Array(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepWhereTheyStart() throws {
        let node = try Self.document("{\n  \"a\": [1, \"x\"],\n\t\"b\": null}")
        #expect(node.position == JSONPosition(line: 1, column: 1, byteOffset: 0))
        let array = try #require(node["a"]?.elements)
        #expect(array[0].position == JSONPosition(line: 2, column: 9, byteOffset: 10))
        #expect(array[1].position == JSONPosition(line: 2, column: 12, byteOffset: 13))
        #expect(node["b"]?.position == JSONPosition(line: 3, column: 7, byteOffset: 25))
        #expect(node["b"]?.isNull == true)
    }

    @Test(arguments: [
        ("", "line 1, column 1, byte offset 0: unexpected end of file, expected a value"),
        ("{\"a\" 1}", "line 1, column 6, byte offset 5: expected ':' after a member name"),
        ("{a: 1}", "line 1, column 2, byte offset 1: expected a member name in double quotes"),
        ("[1,\n x]", "line 2, column 2, byte offset 5: unexpected character 'x', expected a value"),
        ("[1 2]", "line 1, column 4, byte offset 3: unexpected character '2' in an array, expected ',' or ']'"),
        ("{\"a\": 1", "line 1, column 8, byte offset 7: unexpected end of file inside an object"),
        ("01", "line 1, column 1, byte offset 0: invalid number: it must not start with 0"),
        ("-x", "line 1, column 2, byte offset 1: invalid number: no digit after '-'"),
        ("1.", "line 1, column 3, byte offset 2: invalid number: no digit after the decimal point"),
        ("1e+", "line 1, column 4, byte offset 3: invalid number: no digit in the exponent"),
        ("tru", "line 1, column 4, byte offset 3: invalid literal, expected 'true'"),
        ("\"a\\qb\"", "line 1, column 5, byte offset 4: invalid escape '\\q' inside a string"),
        ("\"\\u12g4\"", "line 1, column 6, byte offset 5: invalid \\u escape: expected 4 hexadecimal digits"),
        ("\"a\tb\"", "line 1, column 3, byte offset 2: a control character 0x9 inside a string; escape it"),
        ("\"open", "line 1, column 6, byte offset 5: unexpected end of file inside a string"),
        ("{} {}", "line 1, column 4, byte offset 3: unexpected text after the end of the JSON value"),
        ("\"\\ud83d\"", "line 1, column 8, byte offset 7: invalid \\u escape: a lone surrogate (half of a pair)"),
        ("\"\\ude00\"", "line 1, column 8, byte offset 7: invalid \\u escape: a lone surrogate (half of a pair)"),
    ])
    func malformedTextSaysWhatAndWhere(text: String, message: String) {
        #expect(Self.failure(text)?.description == message)
    }

    @Test func invalidUTF8IsRefusedWhenStrictAndReplacedOtherwise() throws {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.document(bytes) }
        let lenient = try JSONReader.document(bytes, limits: JSONLimits(unicode: .replacing))
        #expect(lenient.elements?.first?.string == "a\u{FFFD}(")
        let surrogate = try Self.document(#"["\ud83d", "\ud83d\ude00"]"#, JSONLimits(unicode: .replacing))
        #expect(surrogate.elements?.map(\.string) == ["\u{FFFD}", "😀"])
    }

    @Test func nestingIsBoundedByTheDepthLimit() throws {
        let limits = JSONLimits(depth: 3)
        _ = try Self.document("[[[1]]]", limits)
        #expect(Self.failure("[[[[1]]]]", limits)?.reason == "arrays and objects nest deeper than 3 levels")
        // Deep enough to overflow the stack of a reader without a limit.
        #expect(Self.failure(String(repeating: "[", count: 100_000))?.reason.contains("deeper than 64") == true)
    }

    @Test func numbersAreBoundedAndKeptAsWritten() throws {
        let limits = JSONLimits(numberLength: 5)
        #expect(try Self.document("-1.5e3", JSONLimits(numberLength: 6)).kindName == "a number that is not an integer")
        #expect(Self.failure("123456", limits)?.reason == "a number longer than 5 characters")
        guard case .number(let text) = try Self.document("-0.50E+2").value else {
            Issue.record("not a number")
            return
        }
        #expect(text == "-0.50E+2")
        #expect(try Self.document("9223372036854775807").integer == .max)
        #expect(try Self.document("9223372036854775808").integer == nil)
    }

    @Test func longStringsAndValuesAreCountedNotKept() throws {
        let strings = JSONLimits(stringBytes: 4)
        let node = try Self.document(#"["abcd", "abcde", "\u00e9\u00e9"]"#, strings)
        guard case .array(let elements) = node.value, case .oversizedString(let count) = elements[1].value else {
            Issue.record("expected an oversized string: \(node)")
            return
        }
        #expect(count == 5)
        #expect(elements[0].string == "abcd")
        #expect(elements[2].string == "éé")
        let reader = JSONReader(
            bytes: Array(#"[{"a": "xxxxxxxxxxxxxxxxxxxxxxxx"}, 1]"#.utf8), limits: .init(valueBytes: 40))
        try reader.beginArray()
        _ = try reader.nextElement()
        #expect(try reader.value() == nil)
        _ = try reader.nextElement()
        #expect(try reader.value()?.integer == 1)
        #expect(try reader.nextElement() == nil)
        try reader.finish()
        #expect(throws: JSONSyntaxError.self) {
            try JSONReader.document(Array("[1]".utf8), limits: .init(valueBytes: 8))
        }
    }

    @Test func memberNamesAreKeptUpToTheirLimit() throws {
        let node = try Self.document(#"{"abcdef": 1}"#, JSONLimits(nameBytes: 3))
        #expect(node["abc"]?.integer == 1)
    }

    /// The same values and positions in 1-, 2-, 3- and 7-byte chunks as whole, and a skipped byte order mark
    /// counted in the offsets.
    @Test(arguments: [1, 2, 3, 7])
    func chunkBoundariesChangeNothing(size: Int) throws {
        let text = "{\"name\": \"caf\u{E9} \\u00e9\\ud83d\\ude00\",\n \"list\": [true, false, null, -12.5e-3, {}]}"
        let whole = try Self.document(text)
        let reader = JSONReader(source: Chunks(text, size: size, skipped: 3), limits: .document)
        let streamed = try #require(try reader.value())
        try reader.finish()
        #expect(streamed.string == whole.string)
        #expect(streamed["name"]?.string == "café é😀")
        let list = try #require(streamed["list"]?.elements)
        #expect(
            list.map(\.kindName) == ["a boolean", "a boolean", "null", "a number that is not an integer", "an object"])
        #expect(list[4].position == JSONPosition(line: 2, column: 40, byteOffset: 79))
        #expect(streamed["name"]?.position.byteOffset == 12)
    }

    @Test func aStreamIsWalkedMemberByMember() throws {
        let reader = JSONReader(
            source: Chunks(#"{"skip": [1, {"x": 2}], "keep": "k", "n": null}"#, size: 5), limits: .document)
        #expect(try reader.nextKind() == "an object")
        try reader.beginObject()
        var seen: [String] = []
        while let (name, position) = try reader.nextMember() {
            seen.append("\(name)@\(position.column)")
            if name == "keep" { #expect(try reader.value()?.string == "k") } else { try reader.skipValue() }
        }
        try reader.finish()
        #expect(seen == ["skip@10", "keep@33", "n@43"])
        #expect(throws: JSONSyntaxError.self) { try JSONReader(bytes: Array("[1]".utf8)).beginObject() }
    }
}
