import Catalog

/// The character encoding of an import file.
///
/// UTF-8 is the default and is decoded strictly: the first invalid byte stops the import with its
/// byte offset, line and value (``ReaderError/invalidUTF8(path:byteOffset:line:byte:)``). The single-byte encodings
/// never fail; every byte maps to one Unicode scalar and is transcoded to UTF-8 before parsing, so
/// the parsers only ever see valid UTF-8.
public enum InputEncoding: String, Sendable, CaseIterable, Hashable, Codable {
    /// UTF-8, validated strictly; a leading byte order mark (EF BB BF) is skipped.
    case utf8 = "utf-8"
    /// ISO 8859-1: byte value = Unicode scalar value.
    case latin1
    /// Windows-1252: latin1 except 0x80–0x9F, which hold typographic characters (€, ‘ ’, “ ”, …).
    case cp1252

    /// Parses the name given to `--encoding` (case-insensitive; common aliases accepted).
    ///
    /// - Parameter name: `utf-8`/`utf8`, `latin1`/`iso-8859-1`, or `cp1252`/`windows-1252`.
    /// - Returns: The encoding, or `nil` when the name is unknown.
    public init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
        case "cp1252", "windows-1252", "win1252": self = .cp1252
        default: return nil
        }
    }

    /// The Unicode scalar value a byte stands for in a single-byte encoding.
    ///
    /// The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1
    /// control of the same value, as the WHATWG Encoding Standard and Windows itself do, so no byte
    /// is ever rejected.
    @inline(__always)
    func scalar(forByte byte: UInt8) -> UInt32 {
        if self == .cp1252, byte >= 0x80, byte <= 0x9F {
            return Self.cp1252High[Int(byte) - 0x80]
        }
        return UInt32(byte)
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
