import Catalog

/// Records already in memory (a native JSON document, records handed to the importer) read as rows, so they
/// go through the same import loop as a streamed file.
final class RecordListReader: ImportRowReader {
    private var records: AnyIterator<CatalogRecord>
    private var rejections: [ImportRejection]
    private let count: Int?
    private var index = 0

    /// Reads `records`, then `rejections` (entries a reader could not turn into records).
    init<Records: Sequence<CatalogRecord>>(_ records: Records, rejections: [ImportRejection] = []) {
        self.records = AnyIterator(records.makeIterator())
        self.rejections = rejections.reversed()
        count = (records as? [CatalogRecord]).map { $0.count + rejections.count }
    }

    var progress: ReadProgress {
        ReadProgress(bytesRead: Int64(index), totalBytes: count.map(Int64.init), line: index)
    }

    func next() throws(ReaderError) -> ImportRow? {
        index += 1
        if let record = records.next() {
            return .accepted(AcceptedRow(line: 0, record: record))
        }
        return rejections.popLast().map { .rejected($0) }
    }
}
