import TerminalKit
import Testing

@Suite struct KeyDecoderTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home),
        ("\u{1B}[F", .end), ("\u{1B}[Z", .shiftTab), ("\r", .enter), ("\t", .tab), ("\u{7F}", .backspace),
        ("\u{03}", .control("c")), ("j", .character("j")), ("ö", .character("ö")), ("📚", .character("📚")),
        ("\u{1B}[1;5A", .up),
    ])
    func decodesOneKey(input: String, key: Key) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Self.bytes(input)) == [key])
    }

    @Test func decodesSeveralKeysInOneRead() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(Self.bytes("jj\u{1B}[Bq")) == [.character("j"), .character("j"), .down, .character("q")])
    }

    @Test func completesASequenceSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Self.bytes("[")) == [])
        #expect(decoder.decode(Self.bytes("A")) == [.up])
        #expect(decoder.decode([0xE2, 0x80]) == [])
        #expect(decoder.decode([0xA6]) == [.character("…")])
    }

    @Test func loneEscapeIsTheEscapeKeyAfterAFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.decode(Self.bytes("\u{1B}x")) == [.escape, .character("x")])
    }

    @Test func skipsInvalidBytesAndUnknownSequences() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x41]) == [.character("A")])
        #expect(decoder.decode(Self.bytes("\u{1B}[99xq")) == [.character("q")])
    }
}
