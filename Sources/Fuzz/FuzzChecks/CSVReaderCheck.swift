import Catalog
import CatalogImport
public import Foundation

/// The CSV import reader: any bytes read as a books or bands CSV either give rows (accepted or rejected with a
/// reason) or a refusal of the whole file with a message — never a crash — and the rows do not depend on where
/// the reads cut the input (``requireTheSameRowsWhateverTheCuts(_:)``).
///
/// Byte 0 picks the options: bit 0 bands instead of books, bits 1–2 the encoding (UTF-8, latin1, cp1252),
/// bit 3 tab-separated, bit 4 the goodbooks profile. The rest is the file.
public struct CSVReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "csv-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let flags = Int(input.first ?? 0)
        let file = [UInt8](input.dropFirst())
        try requireTheSameRowsWhateverTheCuts { chunkSize in
            ReaderFuzzing.readCSV(
                file, bands: flags & 1 != 0, encodingIndex: (flags >> 1) & 3, tabSeparated: flags & 8 != 0,
                goodbooks: flags & 16 != 0, chunkSize: chunkSize)
        }
    }
}
