import Catalog
import CatalogImport
public import Foundation

/// The MARCXML reader: any bytes read as a MARCXML file give books and rejected records, or a refusal of the whole
/// file with a message (not UTF-8, not well-formed) — never a crash — and the rows do not depend on where the reads
/// cut the input (``requireTheSameRowsWhateverTheCuts(_:)``). The whole input is the file.
public struct MARCXMLReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public static let name = "marcxml-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        try requireTheSameRowsWhateverTheCuts(ofFile: input, ReaderFuzzing.readMARCXML(_:chunkSize:))
    }
}
