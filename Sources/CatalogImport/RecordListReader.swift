import Catalog

/// Records handed to the importer, read as rows, so they go through the same import loop as a streamed file.
final class RecordListReader: ImportRowReader {
    private var records: AnyIterator<CatalogRecord>
    private let count: Int?
    private var index = 0

    /// Reads `records`.
    init<Records: Sequence<CatalogRecord>>(_ records: Records) {
        self.records = AnyIterator(records.makeIterator())
        count = (records as? [CatalogRecord]).map(\.count)
    }

    var progress: ReadProgress {
        ReadProgress(bytesRead: Int64(index), totalBytes: count.map(Int64.init), line: index)
    }

    func next() throws(ReaderError) -> ImportRow? {
        index += 1
        return records.next().map { .accepted(AcceptedRow(line: 0, record: $0)) }
    }
}
