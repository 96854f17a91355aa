import Catalog
import Foundation

/// The text of MARC fields: decoding a subfield's bytes as UTF-8 or MARC-8, and which bytes are indicators and
/// subfield codes.
enum MARCText {
    /// The text of `bytes` (a control field's data or one subfield's), in NFC.
    ///
    /// UTF-8 must be valid: the first bad byte breaks the record (its text would be guesswork). MARC-8 always gives
    /// text; what cannot be converted is left out and said in `warnings`, prefixed with `place`.
    ///
    /// - Parameters:
    ///   - bytes: The data.
    ///   - encoding: How it is encoded.
    ///   - place: `field 245 $a`, for messages.
    ///   - offset: The file offset of the first byte, for messages.
    ///   - warnings: Where MARC-8 conversion problems go.
    static func decode(
        _ bytes: ArraySlice<UInt8>, _ encoding: MARCEncoding, place: String, offset: Int64, warnings: inout [String]
    ) -> Result<String, ISO2709RecordParser.Broken> {
        if bytes.allSatisfy({ $0 < 0x80 }) { return .success(String(decoding: bytes, as: UTF8.self)) }
        switch encoding {
        case .utf8:
            if let badByte = firstInvalidUTF8Byte(bytes) {
                let byte = bytes[bytes.startIndex + badByte]
                return .failure(
                    ISO2709RecordParser.Broken(
                        reason: "\(place) is not valid UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) at "
                            + "byte offset \(offset + Int64(badByte)) (the record says its text is UTF-8; a MARC-8 "
                            + "file can be read as such)"))
            }
            return .success(String(decoding: bytes, as: UTF8.self).precomposedStringWithCanonicalMapping)
        case .marc8:
            let decoded = MARC8.decode(bytes)
            warnings += decoded.problems.map { "\(place) (byte offset \(offset)): \($0)" }
            return .success(decoded.text)
        }
    }

    /// The index (from 0) of the first byte that is not part of valid UTF-8, or `nil`.
    static func firstInvalidUTF8Byte(_ bytes: some Collection<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): index += scalar.count
            case .emptyInput: return nil
            case .error: return index
            }
        }
    }

    /// Whether a byte may be an indicator: a digit, a lowercase letter or a blank.
    static func isIndicator(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether a byte may be a subfield code: a lowercase letter or a digit.
    static func isSubfieldCode(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
