import Foundation

/// Text decoded from MARC-8, the character encoding of MARC 21 records whose leader position 9 is blank.
struct MARC8Text: Equatable, Sendable {
    /// The text, in Unicode normalization form C (a letter and its diacritics precomposed where Unicode can).
    var text: String
    /// What could not be converted, each as "byte N: …" with N counted from the start of the decoded bytes.
    var problems: [String] = []
}

/// MARC-8 to Unicode, following the Library of Congress's code tables (``MARC8Tables``).
///
/// MARC-8 is ISO 2022-like: bytes 0x21–0x7E are characters of the working set G0 (Basic Latin at first), bytes
/// 0xA1–0xFE characters of G1 (Extended Latin, ANSEL, at first), and escape sequences designate other sets into G0 or
/// G1: Greek symbols, subscripts and superscripts (`ESC g`, `ESC b`, `ESC p`, back with `ESC s`), and Hebrew,
/// Cyrillic, Arabic, Greek and East Asian (EACC, three bytes a character) by `ESC ( F`, `ESC ) F`, `ESC $ F`…
/// A diacritic comes *before* the letter it sits on (Unicode puts combining marks after), and several may stack.
/// Every field starts over in the default sets, so a record is decoded one field at a time.
///
/// Nothing is guessed: a byte that is not a character of its set, an unknown escape sequence, or a character the
/// tables map only to the Private Use Area becomes U+FFFD and a problem, so a record says what it lost instead of
/// showing mojibake. The non-sort markers (0x88, 0x89) are dropped.
enum MARC8 {
    /// Decodes one field's (or subfield's) bytes.
    static func decode(_ bytes: some Collection<UInt8>) -> MARC8Text {
        // Most fields are plain ASCII, which is the same in both encodings.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return MARC8Text(text: String(decoding: bytes, as: UTF8.self))
        }
        var decoder = Decoder()
        for (offset, byte) in bytes.enumerated() {
            decoder.take(byte, at: offset)
        }
        return decoder.finish()
    }

    /// A character set's codes (7-bit, one to three bytes) and what each becomes.
    struct CharacterSet: Sendable {
        /// What a code becomes.
        struct Mapping: Sendable {
            /// The Unicode scalar, or `nil` for a code the conversion drops.
            var scalar: Unicode.Scalar?
            /// Whether it is a diacritic that precedes its base letter.
            var isCombining: Bool
        }

        let name: String
        /// Bytes per character: 1, or 3 for EACC.
        let width: Int
        let mappings: [UInt32: Mapping]

        /// Parses a ``MARC8Tables`` string; each code is kept in its 7-bit form so G0 and G1 share it.
        init(_ name: String, width: Int = 1, table: String) {
            self.name = name
            self.width = width
            var mappings: [UInt32: Mapping] = [:]
            for item in table.split(whereSeparator: \.isWhitespace) {
                let parts = item.split(separator: "=", omittingEmptySubsequences: false)
                guard parts.count == 2, let code = UInt32(parts[0], radix: 16) else { continue }
                let value = parts[1].hasSuffix("+") ? parts[1].dropLast() : parts[1]
                let scalar = UInt32(value, radix: 16).flatMap(Unicode.Scalar.init)
                mappings[code & 0x7F7F7F] = Mapping(scalar: scalar, isCombining: parts[1].hasSuffix("+"))
            }
            self.mappings = mappings
        }

        static let basicLatin = CharacterSet("Basic Latin", table: MARC8Tables.basicLatin)
        static let extendedLatin = CharacterSet("Extended Latin (ANSEL)", table: MARC8Tables.extendedLatin)
        static let greekSymbols = CharacterSet("Greek symbols", table: MARC8Tables.greekSymbols)
        static let subscripts = CharacterSet("Subscripts", table: MARC8Tables.subscripts)
        static let superscripts = CharacterSet("Superscripts", table: MARC8Tables.superscripts)
        static let basicHebrew = CharacterSet("Basic Hebrew", table: MARC8Tables.basicHebrew)
        static let basicCyrillic = CharacterSet("Basic Cyrillic", table: MARC8Tables.basicCyrillic)
        static let extendedCyrillic = CharacterSet("Extended Cyrillic", table: MARC8Tables.extendedCyrillic)
        static let basicArabic = CharacterSet("Basic Arabic", table: MARC8Tables.basicArabic)
        static let extendedArabic = CharacterSet("Extended Arabic", table: MARC8Tables.extendedArabic)
        static let basicGreek = CharacterSet("Basic Greek", table: MARC8Tables.basicGreek)
        static let eastAsian = CharacterSet("East Asian (EACC)", width: 3, table: MARC8Tables.eastAsian)

        /// The set an escape sequence's final character(s) designate (technique 2 of the MARC 21 specification).
        static func designated(by final: [UInt8]) -> CharacterSet? {
            switch final {
            case [0x42]: .basicLatin
            case [0x21, 0x45]: .extendedLatin
            case [0x32]: .basicHebrew
            case [0x4E]: .basicCyrillic
            case [0x51]: .extendedCyrillic
            case [0x33]: .basicArabic
            case [0x34]: .extendedArabic
            case [0x53]: .basicGreek
            case [0x31]: .eastAsian
            default: nil
            }
        }
    }

    /// The decoding state of one field: the working sets, a pending escape sequence or multibyte character, and
    /// the diacritics waiting for their letter.
    private struct Decoder {
        private var g0 = CharacterSet.basicLatin
        private var g1 = CharacterSet.extendedLatin
        private var escape: [UInt8]?
        private var escapeOffset = 0
        private var pending: [UInt8] = []
        private var pendingOffset = 0
        private var waitingMarks: [Unicode.Scalar] = []
        private var scalars = String.UnicodeScalarView()
        private var sawMarks = false
        private var problems: [String] = []

        mutating func take(_ byte: UInt8, at offset: Int) {
            if escape != nil {
                continueEscape(byte)
                return
            }
            switch byte {
            case 0x1B:
                flushPending()
                escape = []
                escapeOffset = offset
            case 0x88, 0x89:  // non-sort begin and end: markers for a sort key this import does not take from them
                break
            case 0x8D: append("\u{200D}")
            case 0x8E: append("\u{200C}")
            case 0x20:
                flushPending()
                append(" ")
            case 0x21...0x7E: character(byte, in: g0, at: offset)
            case 0xA0...0xFF: character(byte, in: g1, at: offset)
            default:
                flushPending()
                refuse("byte \(offset): 0x\(hex(byte)) is a control character MARC-8 text does not hold")
            }
        }

        mutating func finish() -> MARC8Text {
            flushPending()
            if let escape {
                refuse("byte \(escapeOffset): the escape sequence \(describe(escape)) is cut short")
            }
            // Diacritics with no letter after them are kept as they are.
            scalars.append(contentsOf: waitingMarks)
            let text = String(scalars)
            return MARC8Text(text: sawMarks ? text.precomposedStringWithCanonicalMapping : text, problems: problems)
        }

        private mutating func character(_ byte: UInt8, in set: CharacterSet, at offset: Int) {
            if pending.isEmpty { pendingOffset = offset }
            pending.append(byte & 0x7F)
            guard pending.count == set.width else { return }
            let code = pending.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            pending.removeAll(keepingCapacity: true)
            guard let mapping = set.mappings[code] else {
                let bytes = set.width == 1 ? "0x\(hex(byte))" : "0x" + hexCode(code, width: set.width)
                refuse("byte \(pendingOffset): \(bytes) is not a character of \(set.name)")
                return
            }
            guard let scalar = mapping.scalar else { return }
            if (0xE000...0xF8FF).contains(scalar.value) {
                refuse(
                    "byte \(pendingOffset): \(set.name) 0x\(hexCode(code, width: set.width)) has no Unicode equivalent")
            } else if mapping.isCombining {
                waitingMarks.append(scalar)
                sawMarks = true
            } else {
                append(scalar)
            }
        }

        /// Appends a base character, then the diacritics that preceded it.
        private mutating func append(_ scalar: Unicode.Scalar) {
            scalars.append(scalar)
            scalars.append(contentsOf: waitingMarks)
            waitingMarks.removeAll(keepingCapacity: true)
        }

        private mutating func refuse(_ problem: String) {
            append("\u{FFFD}")
            problems.append(problem)
        }

        /// A multibyte character cut short by an escape, a space or the end of the field.
        private mutating func flushPending() {
            guard !pending.isEmpty else { return }
            pending.removeAll()
            refuse("byte \(pendingOffset): an East Asian character is cut short")
        }

        /// Collects an escape sequence (`ESC` already taken) and applies it once complete.
        private mutating func continueEscape(_ byte: UInt8) {
            var sequence = escape ?? []
            sequence.append(byte)
            escape = sequence
            switch sequence.first {
            case 0x67: designateG0(.greekSymbols)  // technique 1: one final character, G0 only
            case 0x62: designateG0(.subscripts)
            case 0x70: designateG0(.superscripts)
            case 0x73: designateG0(.basicLatin)
            case 0x24, 0x28, 0x29, 0x2C, 0x2D:  // technique 2: ESC [$] [( , ) -] final
                var rest = sequence.dropFirst(sequence.first == 0x24 ? 1 : 0)
                var toG1 = false
                if let intermediate = rest.first, [0x28, 0x29, 0x2C, 0x2D].contains(intermediate) {
                    toG1 = intermediate == 0x29 || intermediate == 0x2D
                    rest = rest.dropFirst()
                }
                // Wait for the final character; Extended Latin's is two ("!E").
                guard let final = rest.first, final != 0x21 || rest.count == 2 else { return }
                guard let set = CharacterSet.designated(by: Array(rest)) else { return unknownEscape() }
                escape = nil
                if toG1 { g1 = set } else { g0 = set }
            default:
                unknownEscape()
            }
        }

        private mutating func designateG0(_ set: CharacterSet) {
            g0 = set
            escape = nil
        }

        private mutating func unknownEscape() {
            let sequence = escape ?? []
            escape = nil
            refuse("byte \(escapeOffset): unknown escape sequence \(describe(sequence))")
        }

        private func describe(_ sequence: [UInt8]) -> String {
            (["ESC"] + sequence.map { (0x21...0x7E).contains($0) ? String(UnicodeScalar($0)) : "0x\(hex($0))" })
                .joined(separator: " ")
        }

        private func hex(_ byte: UInt8) -> String {
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }

        private func hexCode(_ code: UInt32, width: Int) -> String {
            let digits = String(code, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width * 2 - digits.count)) + digits
        }
    }
}
