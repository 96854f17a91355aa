import Catalog
import CatalogImport
public import Foundation

/// The Open Library dump reader: any bytes read as a dump (type, key, revision, date and a JSON object per
/// line) give works, authors and rejected lines, or a refusal of the whole file with a message — never a
/// crash — and the rows do not depend on where the reads cut the input
/// (``requireTheSameRowsWhateverTheCuts(_:)``). The whole input is the file.
public struct OpenLibraryReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public static let name = "openlibrary-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        try requireTheSameRowsWhateverTheCuts(ofFile: input, ReaderFuzzing.readOpenLibrary(_:chunkSize:))
    }
}
