import Catalog

/// How long an imported value may be and which characters it may hold: the one home of both rules, applied by
/// every reader (CSV/TSV, Open Library dumps, native JSON).
///
/// Lengths are bytes of UTF-8, which is also what a reader holds in memory: a reader stops keeping a field past
/// ``fieldBytes`` (it counts on to the field's end and reports the row), a row past ``rowBytes``, a dump line past
/// ``lineBytes``, so a hostile file costs bounded memory whatever its size.
enum FieldLimits {
    /// What a value is, which decides its limit and the characters it may hold.
    enum Kind: Sendable {
        /// Names, titles, keys, genres, roles, languages, codes: one line of text.
        case shortText
        /// A summary or description: paragraphs.
        case longText

        /// The most bytes of UTF-8 a value of this kind may hold.
        var maxBytes: Int {
            switch self {
            case .shortText: FieldLimits.shortTextBytes
            case .longText: FieldLimits.longTextBytes
            }
        }
    }

    /// Names, titles and every other short text: 4 KiB of UTF-8.
    static let shortTextBytes = 4 * 1024
    /// Summaries: 64 KiB of UTF-8.
    static let longTextBytes = 64 * 1024
    /// The most a reader keeps of one field while reading it: the longest limit of any field.
    static let fieldBytes = longTextBytes
    /// The most a reader keeps of one row (a CSV record, a JSON record): 1 MiB, or this many fields.
    static let rowBytes = 1024 * 1024
    /// The most fields a CSV row may have.
    static let rowFields = 65_536
    /// The most a reader keeps of one line of an Open Library dump: 4 MiB.
    static let lineBytes = 4 * 1024 * 1024

    /// Why `text` may not be imported as a value of `kind`, or `nil` when it may.
    ///
    /// Control characters (U+0000–U+001F, U+007F–U+009F) are refused inside the text, except the whitespace ones
    /// (tab, line feed, vertical tab, form feed, carriage return): long text keeps them, short text has them
    /// ``folded(_:_:)`` to spaces (a spreadsheet cell holding a title on two lines is one title).
    static func violation(_ text: String, _ kind: Kind) -> String? {
        var text = text
        return text.withUTF8 { violation(bytes: $0, kind) }
    }

    /// ``violation(_:_:)`` over UTF-8 bytes.
    static func violation(bytes: UnsafeBufferPointer<UInt8>, _ kind: Kind) -> String? {
        if bytes.count > kind.maxBytes { return tooLong(byteCount: bytes.count, kind: kind) }
        let isWhitespace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        let first = bytes.firstIndex { !isWhitespace($0) } ?? bytes.count
        let last = bytes.lastIndex { !isWhitespace($0) } ?? -1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var scalar: UInt32?
            if byte < 0x20 || byte == 0x7F {
                scalar = UInt32(byte)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                scalar = UInt32(bytes[index + 1])
            }
            if let scalar, !allowed(scalar, at: index, first: first, last: last, kind) {
                return control(scalar, at: index)
            }
            index += 1
        }
        return nil
    }

    /// The reason for a value of `byteCount` bytes over the limit of `kind`.
    static func tooLong(byteCount: Int, kind: Kind) -> String {
        "is \(byteCount) bytes of UTF-8, over the limit of \(size(kind.maxBytes)) for "
            + (kind == .shortText ? "a name, title or other short text" : "a summary") + "; shorten it"
    }

    /// The reason for a field a reader stopped keeping: longer than any field may be, or past the end of a row
    /// that is longer than any row may be.
    static func fieldTooLong(byteCount: Int) -> String {
        guard byteCount > fieldBytes else {
            return "is cut: its row is over the limit of \(size(rowBytes)) for a row; shorten the row"
        }
        return "is \(byteCount) bytes of UTF-8, over the limit of \(size(fieldBytes)) for a field; shorten it"
    }

    /// `4096 bytes (4 KiB)`.
    static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024
            ? "\(bytes) bytes (\(bytes / (1024 * 1024)) MiB)" : "\(bytes) bytes (\(bytes / 1024) KiB)"
    }

    /// A value's beginning for a message: a refused value may be megabytes long.
    static func excerpt(_ text: String) -> String {
        text.utf8.count <= 80 ? text : String(text.prefix(60)) + "…"
    }

    /// `text` as a value of `kind` is stored: in short text, each tab and line break becomes a space (names and
    /// titles then collapse runs of spaces); long text as it is. Only for text ``violation(_:_:)`` admits.
    static func folded(_ text: String, _ kind: Kind) -> String {
        guard kind == .shortText, text.utf8.contains(where: isFoldedWhitespace) else { return text }
        return String(decoding: text.utf8.map { isFoldedWhitespace($0) ? 0x20 : $0 }, as: UTF8.self)
    }

    /// Tab, line feed, vertical tab, form feed and carriage return.
    private static func isFoldedWhitespace(_ byte: UInt8) -> Bool { (0x09...0x0D).contains(byte) }

    private static func allowed(_ scalar: UInt32, at index: Int, first: Int, last: Int, _ kind: Kind) -> Bool {
        // Outside `first...last` lie only whitespace bytes, which trimming drops.
        if index < first || index > last { return true }
        return (0x09...0x0D).contains(scalar) && (kind == .shortText || scalar != 0x0B && scalar != 0x0C)
    }

    private static func control(_ scalar: UInt32, at byteOffset: Int) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "holds the control character \(code) at byte \(byteOffset); text may not hold control characters "
            + "other than tabs and line breaks (which become spaces in names and titles)"
    }
}
