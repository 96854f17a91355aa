import Catalog

/// MARC-8 text, decoded to Unicode. This version keeps ASCII and reports every other byte as not converted; the
/// full decoder (ANSEL diacritics, escape sequences) replaces it.
enum MARC8 {
    /// The text of one field's data.
    static func decode(_ bytes: some Collection<UInt8>) -> MARC8Text {
        var text = MARC8Text(text: "", problems: [])
        for (offset, byte) in bytes.enumerated() {
            if byte < 0x80 {
                text.text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text.problems.append("byte \(offset): 0x\(String(byte, radix: 16, uppercase: true)) not converted")
            }
        }
        return text
    }
}

/// Decoded MARC-8: the text in NFC and what could not be converted.
struct MARC8Text: Equatable, Sendable {
    var text: String
    var problems: [String]
}
