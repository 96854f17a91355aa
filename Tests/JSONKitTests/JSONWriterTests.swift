import JSONKit
import Testing

/// The writer's bytes: both layouts, and the one escaping routine with its two forms of control characters.
@Suite struct JSONWriterTests {
    @Test func compactLayoutHasNoWhitespace() {
        var writer = JSONWriter(layout: .compact)
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.integer(1)
        writer.bool(true)
        writer.null()
        writer.beginObject()
        writer.endObject()
        writer.endArray()
        writer.key("b")
        writer.raw("1.5")
        writer.endObject()
        #expect(writer.text == #"{"a":[1,true,null,{}],"b":1.5}"#)
    }

    /// `JSONEncoder`'s `.prettyPrinted` bytes, empty containers as their brackets around an empty line.
    @Test func prettyLayoutIsJSONEncoders() {
        var writer = JSONWriter(layout: .pretty)
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.integer(-1)
        writer.string("x")
        writer.endArray()
        writer.key("e")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
        #expect(writer.text == "{\n  \"a\" : [\n    -1,\n    \"x\"\n  ],\n  \"e\" : [\n\n  ]\n}")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("a/b", #""a/b""#),
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("\u{8}\u{9}\u{A}\u{C}\u{D}", #""\b\t\n\f\r""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\#u{7F}""#),
        ("é 😀 \u{2028}", "\"é 😀 \u{2028}\""),
    ])
    func stringsAreEscapedAsJSONEncoderDoes(text: String, json: String) {
        #expect(JSONWriter.quoted(text) == json)
    }

    @Test func storedStateControlsSpellBackspaceAndFormFeedInHex() {
        #expect(
            JSONWriter.quoted("\u{8}\u{9}\u{A}\u{C}\u{D}\u{1}", controls: .shortForWhitespaceOnly)
                == #""\u0008\t\n\u000c\r\u0001""#)
    }

    /// What the writer writes, the reader reads back.
    @Test func writtenTextReadsBack() throws {
        let text = "a\"\\/\u{0}\u{8}\u{1F}é😀"
        for controls in [JSONWriter.ControlEscapes.short, .shortForWhitespaceOnly] {
            let node = try JSONReader.document(Array(JSONWriter.quoted(text, controls: controls).utf8))
            #expect(node.string == text)
        }
    }
}
