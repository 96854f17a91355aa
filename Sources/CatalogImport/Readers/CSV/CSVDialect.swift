import Catalog

/// The punctuation of a delimited text file.
struct CSVDialect: Sendable, Hashable {
    /// The byte between fields: `,` for CSV, a tab for TSV (any single ASCII byte).
    var separator: UInt8
    /// The quote byte (`"`), or `nil` to read quotes as ordinary characters (plain TSV without quoting).
    var quote: UInt8?

    /// RFC 4180 CSV: comma-separated, `"`-quoted.
    static let csv = CSVDialect(separator: UInt8(ascii: ","), quote: UInt8(ascii: "\""))
    /// Tab-separated, with the same optional `"` quoting as CSV (what spreadsheets export).
    static let tsv = CSVDialect(separator: UInt8(ascii: "\t"), quote: UInt8(ascii: "\""))

    /// Parses a `--separator` value: `,`, `;`, `|`, `tab` or `\t`.
    ///
    /// - Parameter separator: The text the user gave.
    /// - Returns: A dialect with `"` quoting, or `nil` when the separator is not a single ASCII byte.
    init?(separator: String) {
        switch separator {
        case "tab", "\\t", "\t": self = .tsv
        default:
            guard separator.utf8.count == 1, let byte = separator.utf8.first, byte < 0x80,
                byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D
            else { return nil }
            self.init(separator: byte, quote: UInt8(ascii: "\""))
        }
    }

    /// A dialect from its bytes.
    ///
    /// - Parameters:
    ///   - separator: The field separator byte.
    ///   - quote: The quote byte, or `nil` for none.
    init(separator: UInt8, quote: UInt8?) {
        self.separator = separator
        self.quote = quote
    }
}
