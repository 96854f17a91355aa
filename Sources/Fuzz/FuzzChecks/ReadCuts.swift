import Catalog
import CatalogImport
import Foundation

/// ``requireTheSameRowsWhateverTheCuts(_:)`` for a reader whose whole input is the file.
///
/// - Parameters:
///   - input: the file.
///   - read: reads a file with reads of the given size.
func requireTheSameRowsWhateverTheCuts(
    ofFile input: Data, _ read: (_ file: [UInt8], _ chunkSize: Int) -> ReaderFuzzing.Outcome
) throws(FuzzFinding) {
    let file = [UInt8](input)
    try requireTheSameRowsWhateverTheCuts { read(file, $0) }
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
