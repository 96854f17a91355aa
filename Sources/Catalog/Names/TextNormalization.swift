import Foundation

/// How names and titles are cleaned before they are stored: Unicode NFC, whitespace runs collapsed to one
/// space, no leading or trailing space.
package enum TextNormalization {
    /// `text` in NFC with its whitespace collapsed and trimmed.
    package static func clean(_ text: String) -> String {
        if isClean(text) { return text }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return collapseASCIIWhitespace(text, lowercase: false)
        }
        return collapseWhitespace(text.precomposedStringWithCanonicalMapping)
    }

    /// The cleaned text, or `nil` when nothing is left.
    package static func cleanOrNil(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Whether ``clean(_:)`` would return `text` unchanged, decided in one pass over its scalars without
    /// allocating: it is in NFC, and its only whitespace is single spaces between other characters.
    ///
    /// The check is conservative (a `false` only means the full cleaning runs). NFC is proven by every scalar
    /// lying in ``nfcStable(_:)``; the whitespace by every scalar being no whitespace but U+0020, each U+0020
    /// standing between non-space scalars. None of those scalars extends the character before it, so each space
    /// is a character of its own, which is all that cleaning (splitting on whitespace characters) would keep.
    package static func isClean(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == " " {
                guard let previous, previous != " " else { return false }
            } else {
                if scalar.isASCII {
                    if (0x09...0x0D).contains(scalar.value) { return false }
                } else if !nfcStable(scalar) || scalar.properties.isWhitespace {
                    return false
                }
            }
            previous = scalar
        }
        return previous != " "
    }

    /// Scalars that are in NFC alone and that no canonical composition takes as its second scalar, so any
    /// sequence of them is in NFC: everything below the combining diacritics (U+0300), general punctuation's
    /// dashes and quotation marks (U+2010–U+201F), Hiragana and Katakana without their voicing marks, and the
    /// CJK unified ideographs. None of them extends a character (no combining marks). Checked scalar by scalar
    /// against Foundation's NFC in the tests.
    static func nfcStable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300, 0x2010...0x201F, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF: true
        default: false
        }
    }

    static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The ASCII fast path: a byte loop instead of Unicode segmentation (names are mostly ASCII, and an
    /// import folds millions of them).
    static func collapseASCIIWhitespace(_ text: String, lowercase: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x09...0x0D, 0x20:
                pendingSpace = !bytes.isEmpty
            default:
                if pendingSpace {
                    bytes.append(0x20)
                    pendingSpace = false
                }
                bytes.append(lowercase && (0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
