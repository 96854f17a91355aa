import Foundation
import Testing

@testable import Catalog

/// The shortcut of ``TextNormalization/clean(_:)`` (text that is clean already is returned as it is) against the
/// full cleaning it skips. Text is compared as UTF-8 bytes: `==` on strings is canonical equivalence, blind to NFC.
@Suite struct TextNormalizationTests {
    /// The full cleaning: NFC, then whitespace collapsed.
    private func fullyCleaned(_ text: String) -> String {
        TextNormalization.collapseWhitespace(text.precomposedStringWithCanonicalMapping)
    }

    @Test func everyScalarTakenAsStableIsNFCAndCombinesWithNothing() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), TextNormalization.nfcStable(scalar) else { continue }
            let text = String(Character(scalar))
            #expect(
                Array(text.precomposedStringWithCanonicalMapping.utf8) == Array(text.utf8),
                "U+\(String(value, radix: 16))")
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(value, radix: 16))")
            // Behind a letter it composes with, it stays a scalar of its own.
            #expect(("e" + text).precomposedStringWithCanonicalMapping.unicodeScalars.count == 2)
        }
    }

    @Test(arguments: [
        "Über Tokyo — 東京の夜", "Åsa Ørsted", "José García 12", "ひらがな カタカナ", "plain ascii", "", "x",
    ])
    func cleanTextIsReturnedAsItIs(text: String) {
        #expect(TextNormalization.isClean(text))
        #expect(Array(fullyCleaned(text).utf8) == Array(text.utf8))
    }

    @Test(arguments: [
        " leading", "trailing ", "two  spaces", "tab\there", "no\u{A0}break", "ideographic\u{3000}space",
        "e\u{301}", "voiced \u{304B}\u{3099}", "space \u{301}mark", "line\nbreak", "\u{212B}", "\u{2000}",
    ])
    func textNeedingCleaningIsNotTakenAsClean(text: String) {
        #expect(!TextNormalization.isClean(text))
    }

    /// Seeded random text from scalars the check accepts and scalars it refuses: the shortcut never disagrees
    /// with the full cleaning.
    @Test func cleaningWithTheShortcutEqualsTheFullCleaning() {
        let seed: UInt64 = 0x5EED_C1EA
        var state = seed
        let pieces: [String] = [
            "a", "Z", "7", ".", " ", "  ", "\t", "\n", "é", "e\u{301}", "Å", "A\u{30A}", "ø", "ß", "\u{A0}", "\u{3000}",
            "—", "‘", "の", "か\u{3099}", "東", "京", "\u{301}", "Ω", "\u{2126}", "ﬁ", "\u{200D}", "가", "\u{1100}\u{1161}",
        ]
        for _ in 0..<5_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            #expect(
                Array(TextNormalization.clean(text).utf8) == Array(fullyCleaned(text).utf8),
                "seed \(seed): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if TextNormalization.isClean(text) {
                #expect(
                    Array(fullyCleaned(text).utf8) == Array(text.utf8),
                    "seed \(seed): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
