import Foundation

/// How names and titles are cleaned before they are stored: Unicode NFC, whitespace runs collapsed to one
/// space, no leading or trailing space.
package enum TextNormalization {
    /// `text` in NFC with its whitespace collapsed and trimmed.
    package static func clean(_ text: String) -> String {
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
