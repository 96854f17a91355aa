import Foundation
import TestSupport
import Testing

@testable import CatalogImport

@Suite struct MARC8Tests {
    private static let escape: UInt8 = 0x1B

    private func decode(_ bytes: [UInt8]) -> MARC8Text { MARC8.decode(bytes) }

    @Test func asciiIsItself() {
        #expect(decode(Array("The Hobbit, or There and Back Again".utf8)).text == "The Hobbit, or There and Back Again")
    }

    @Test func aDiacriticBeforeItsLetterIsPrecomposedAfterIt() {
        // "Café" in MARC-8: the acute (0xE2) comes before the e.
        let text = decode(Array("Caf".utf8) + [0xE2] + Array("e".utf8)).text
        #expect(text == "Caf\u{E9}")
        #expect(text.unicodeScalars.count == 4)
    }

    @Test func stackedDiacriticsKeepTheirOrder() {
        // ậ: circumflex (0xE3) and dot below (0xF2) both precede the a; NFC composes them into one scalar.
        #expect(decode([0xE3, 0xF2, 0x61]).text == "\u{1EAD}")
        // A mark with no precomposed form stays combining, after its letter.
        #expect(decode([0xF5, 0x78]).text == "x\u{0333}")
    }

    @Test func extendedLatinLetters() {
        // Łódź: Ł (0xA1), acute + o, d, acute + z.
        #expect(decode([0xA1, 0xE2, 0x6F, 0x64, 0xE2, 0x7A]).text == "Łódź")
        #expect(decode([0xA5, 0x74, 0x68, 0x65, 0x6C, 0x72, 0x65, 0x64]).text == "Æthelred")
    }

    @Test func escapeSequencesSwitchScripts() {
        let e = Self.escape
        // Basic Cyrillic into G0 ("Толстой"), then back to Basic Latin.
        let cyrillic = decode(
            [e, 0x28, 0x4E] + [0x74, 0x4F, 0x4C, 0x53, 0x54, 0x4F, 0x4A] + [e, 0x28, 0x42] + [0x21])
        #expect(cyrillic.text == "Толстой!")
        #expect(cyrillic.problems.isEmpty)
        // Basic Greek ("ΑΒ"), with the single-character technique returning to ASCII.
        #expect(decode([e, 0x28, 0x53, 0x41, 0x42, e, 0x73, 0x41]).text == "ΑΒA")
        // Subscripts and superscripts: H₂O, x².
        #expect(decode([0x48, e, 0x62, 0x32, e, 0x73, 0x4F]).text == "H₂O")
        #expect(decode([0x78, e, 0x70, 0x32, e, 0x73]).text == "x²")
        // East Asian (EACC), three bytes a character: 人.
        #expect(decode([e, 0x24, 0x31, 0x21, 0x30, 0x64, e, 0x28, 0x42]).text == "人")
    }

    @Test func everyFieldStartsInTheDefaultSets() {
        let e = Self.escape
        #expect(decode([e, 0x28, 0x4E, 0x41]).text == "а")
        #expect(decode([0x41]).text == "A")
    }

    @Test func theNonSortMarkersAreDropped() {
        #expect(decode([0x88] + Array("The ".utf8) + [0x89] + Array("Hobbit".utf8)).text == "The Hobbit")
    }

    @Test func theDoubleDiacriticSpansBothLetters() {
        // t͡s: the ligature's left half (0xEB) before t, its right half (0xEC) before s.
        #expect(decode([0xEB, 0x74, 0xEC, 0x73]).text == "t\u{0361}s")
    }

    @Test(arguments: [
        ([0xA0] as [UInt8], "byte 0: 0xA0 is not a character of Extended Latin (ANSEL)"),
        ([0x61, 0x1B, 0x28, 0x5A, 0x62], "byte 1: unknown escape sequence ESC ( Z"),
        ([0x61, 0x1B, 0x28], "byte 1: the escape sequence ESC ( is cut short"),
        ([0x1B, 0x24, 0x31, 0x21, 0x30], "byte 3: an East Asian character is cut short"),
        ([0x61, 0x07], "byte 1: 0x07 is a control character MARC-8 text does not hold"),
    ])
    func whatCannotBeConvertedIsAProblemNotMojibake(bytes: [UInt8], problem: String) {
        let decoded = decode(bytes)
        #expect(decoded.problems == [problem])
        #expect(decoded.text.contains("\u{FFFD}"))
    }

    @Test func aCharacterWithoutAUnicodeEquivalentIsAProblem() throws {
        // EACC 0x212A24 is mapped by the code tables to the Private Use Area only.
        let decoded = decode([Self.escape, 0x24, 0x31, 0x21, 0x2A, 0x24])
        #expect(decoded.text == "\u{FFFD}")
        #expect(decoded.problems == ["byte 3: East Asian (EACC) 0x212A24 has no Unicode equivalent"])
    }

    /// Every character of every set, decoded here and by pymarc (a MARC-8 converter no one here wrote).
    @Test func everyCharacterMatchesPymarc() throws {
        let python = try TestSupport.python(with: "pymarc")
        let samples = Self.everyCharacter()
        let directory = try TestSupport.temporaryDirectory("marc8")
        let input = directory.appending(path: "samples.txt")
        try samples.map { $0.map { String(format: "%02X", $0) }.joined() }.joined(separator: "\n")
            .write(to: input, atomically: true, encoding: .utf8)
        let script = """
            import json, sys, unicodedata
            from pymarc.marc8 import MARC8ToUnicode
            converter = MARC8ToUnicode(quiet=True)
            out = []
            for line in open(sys.argv[1]):
                text = converter.translate(bytes.fromhex(line.strip()))
                out.append(unicodedata.normalize("NFC", text))
            json.dump(out, sys.stdout)
            """
        let result = try TestSupport.run(python, ["-c", script, input.path])
        try #require(result.status == 0, "pymarc failed: \(result.standardError)")
        let theirs = try JSONDecoder().decode([String].self, from: Data(result.standardOutput.utf8))
        try #require(theirs.count == samples.count)
        var compared = 0
        var differences: [String] = []
        for (bytes, expected) in zip(samples, theirs) {
            let ours = MARC8.decode(bytes)
            // Characters we refuse (Private Use Area only) are not compared: pymarc passes them through.
            guard ours.problems.isEmpty else { continue }
            compared += 1
            if ours.text != expected && !Self.isKnownDifference(bytes, pymarc: expected) {
                let hex = bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
                differences.append("\(hex): ours \(Self.scalars(ours.text)), pymarc \(Self.scalars(expected))")
            }
        }
        #expect(compared > 15_000)
        #expect(differences.isEmpty, "\(differences.count) differ, e.g. \(differences.prefix(10))")
    }

    /// One byte string per code of every set: designated into G0 (the extended sets into G1, where records use
    /// them), a combining mark followed by a base letter of its own set.
    private static func everyCharacter() -> [[UInt8]] {
        let designations: [(escape: [UInt8], set: MARC8.CharacterSet, base: [UInt8])] = [
            ([], .extendedLatin, [0x61]),
            ([escape, 0x67], .greekSymbols, []),
            ([escape, 0x62], .subscripts, []),
            ([escape, 0x70], .superscripts, []),
            ([escape, 0x28, 0x32], .basicHebrew, [0x60]),
            ([escape, 0x28, 0x4E], .basicCyrillic, []),
            ([escape, 0x29, 0x51], .extendedCyrillic, []),
            ([escape, 0x28, 0x33], .basicArabic, [0x47]),
            ([escape, 0x29, 0x34], .extendedArabic, [0xC7]),
            ([escape, 0x28, 0x53], .basicGreek, [0x41]),
            ([escape, 0x24, 0x31], .eastAsian, []),
        ]
        var samples: [[UInt8]] = []
        for (escape, set, base) in designations {
            for (code, mapping) in set.mappings.sorted(by: { $0.key < $1.key }) {
                let bytes: [UInt8] =
                    set.width == 3
                    ? [UInt8(code >> 16), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)]
                    : [UInt8(code) | (escape.isEmpty || escape[1] == 0x29 ? 0x80 : 0)]
                samples.append(escape + bytes + (mapping.isCombining ? base : []))
            }
        }
        return samples
    }

    /// Where pymarc's tables are older than the Library of Congress's, which this decoder follows: the double
    /// diacritics' halves (0xEB/0xEC, 0xFA/0xFB) became U+0361 and U+0360 in 2004 (pymarc keeps U+FE20–U+FE23),
    /// and East Asian characters pymarc maps to U+3013 (its "no mapping") or the Private Use Area have a Unicode
    /// character in the current tables.
    private static func isKnownDifference(_ bytes: [UInt8], pymarc: String) -> Bool {
        if bytes.count == 2, [0xEB, 0xEC, 0xFA, 0xFB].contains(bytes[0]) { return true }
        guard bytes.starts(with: [escape, 0x24, 0x31]), let scalar = pymarc.unicodeScalars.first else { return false }
        return scalar.value == 0x3013 || (0xE000...0xF8FF).contains(scalar.value)
    }

    private static func scalars(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
