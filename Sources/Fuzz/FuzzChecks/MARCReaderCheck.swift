import Catalog
import CatalogImport
public import Foundation

/// The ISO 2709 MARC reader: any bytes read as a MARC file (each record's encoding as its leader says) give books and
/// rejected records, or a refusal of the whole file with a message — never a crash — and the rows do not depend on
/// where the reads cut the input (``requireTheSameRowsWhateverTheCuts(_:)``). The whole input is the file.
public struct MARCReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public static let name = "marc-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        try requireTheSameRowsWhateverTheCuts(ofFile: input, ReaderFuzzing.readMARC(_:chunkSize:))
    }
}
