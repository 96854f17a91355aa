import Catalog
public import Foundation

/// The CSV import reader: any bytes read as a books or bands CSV either give rows (accepted or rejected with a
/// reason) or a refusal of the whole file with a message — never a crash — and the rows do not depend on where
/// the reads cut the input (a quote, a CRLF or a multi-byte character split across chunks). A refused file is
/// refused however it is cut, but the reason given is the first problem met, which can depend on the cuts (a
/// missing column in the header before an invalid byte further on).
///
/// Byte 0 picks the options: bit 0 bands instead of books, bits 1–2 the encoding (UTF-8, latin1, cp1252),
/// bit 3 tab-separated, bit 4 the goodbooks profile. The rest is the file.
public struct CSVReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public static let name = "csv-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let flags = Int(input.first ?? 0)
        let file = [UInt8](input.dropFirst())
        let read = { (chunkSize: Int) in
            ReaderFuzzing.readCSV(
                file, bands: flags & 1 != 0, encodingIndex: (flags >> 1) & 3, tabSeparated: flags & 8 != 0,
                goodbooks: flags & 16 != 0, chunkSize: chunkSize)
        }
        let whole = read(64 * 1024)
        if case .refused(let message) = whole {
            try require(!message.isEmpty, "a refused file must say why")
        }
        for chunkSize in [1, 3, 64] {
            let cut = read(chunkSize)
            switch (cut, whole) {
            case (.refused, .refused): continue
            default:
                try require(cut == whole, "reading in \(chunkSize)-byte chunks gave \(cut), whole reads gave \(whole)")
            }
        }
    }
}
