import Catalog
import CatalogImport
public import Foundation

/// The check of a reader whose whole input is the file: any bytes give rows and rejected records, or a refusal of
/// the whole file with a message — never a crash — and the rows do not depend on where the reads cut the input
/// (``requireTheSameRowsWhateverTheCuts(_:)``).
public struct WholeFileReaderCheck: FuzzCheck, Sendable {
    /// The corpus directory and executable suffix.
    public let name: String
    /// Reads a file with reads of the given size.
    private let read: @Sendable (_ file: [UInt8], _ chunkSize: Int) -> ReaderFuzzing.Outcome

    /// The ISO 2709 MARC reader: any bytes read as a MARC file (each record's encoding as its leader says) give
    /// books and rejected records, or a refusal of the whole file with a message — never a crash — and the rows do
    /// not depend on where the reads cut the input.
    public static let marc = Self(name: "marc-reader", read: ReaderFuzzing.readMARC(_:chunkSize:))

    /// The MARCXML reader: any bytes read as a MARCXML file give books and rejected records, or a refusal of the
    /// whole file with a message (not UTF-8, not well-formed) — never a crash — and the rows do not depend on where
    /// the reads cut the input.
    public static let marcXML = Self(name: "marcxml-reader", read: ReaderFuzzing.readMARCXML(_:chunkSize:))

    /// The Open Library dump reader: any bytes read as a dump (type, key, revision, date and a JSON object per
    /// line) give works, authors and rejected lines, or a refusal of the whole file with a message — never a
    /// crash — and the rows do not depend on where the reads cut the input.
    public static let openLibrary = Self(
        name: "openlibrary-reader", read: ReaderFuzzing.readOpenLibrary(_:chunkSize:))

    /// Runs one input as a whole file; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let file = [UInt8](input)
        try requireTheSameRowsWhateverTheCuts { read(file, $0) }
    }
}

/// What the streaming readers' checks share: a file is read whole and in 1-, 3- and 64-byte chunks, so a quote,
/// a line end or a multi-byte character falls across a read; the rows must not depend on the cuts. A refused
/// file must say why, and is refused however it is cut, though the reason given is the first problem met, which
/// can depend on the cuts (a missing column in the header before an invalid byte further on). No row is accepted with
/// a value the import limits refuse (too long, or a control character in a name).
///
/// - Parameter read: reads the file with reads of the given size.
func requireTheSameRowsWhateverTheCuts(_ read: (_ chunkSize: Int) -> ReaderFuzzing.Outcome) throws(FuzzFinding) {
    let whole = read(64 * 1024)
    if case .refused(let message) = whole {
        try require(!message.isEmpty, "a refused file must say why")
    }
    if case .acceptedOverTheLimits(let violation) = whole {
        throw FuzzFinding("a row was accepted with a value over the limits: \(violation)")
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
