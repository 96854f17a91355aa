import Catalog

/// What a MARC reader yields for each record of a file: the record, or why it is broken, with its place.
enum MARCRecordRead: Sendable, Hashable {
    /// A record read whole.
    case record(MARCRecord, MARCPlace)
    /// A record that cannot be read; the reader goes on with the next one.
    case broken(MARCPlace, reason: String)
}

/// Where a record is in its file: its number and the byte offset of its first byte.
struct MARCPlace: Sendable, Hashable, CustomStringConvertible {
    /// The record's number in the file, from 1.
    var ordinal: Int
    /// The 0-based offset of the record's first byte (the leader's, or the `<record` tag's).
    var byteOffset: Int64

    /// `record 3 (byte offset 1234)`.
    var description: String { "record \(ordinal) (byte offset \(byteOffset))" }
}

/// A streaming source of MARC records: the ISO 2709 and MARCXML readers.
protocol MARCRecordReader: AnyObject {
    /// The file's name for messages.
    var name: String { get }
    /// How far the reader has got.
    var progress: ReadProgress { get }
    /// The next record or broken record, or `nil` at the end of the file.
    ///
    /// - Throws: ``ReaderError`` when the file cannot be read further.
    func next() throws(ReaderError) -> MARCRecordRead?
}
