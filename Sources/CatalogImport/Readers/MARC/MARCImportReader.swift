import Catalog

/// Reads the books of a MARC file (ISO 2709 or MARCXML) as import rows: each record mapped by
/// ``MARCBookMapping``, each broken or unusable record rejected with its number, byte offset and reason.
///
/// A record's key is its 001; its source is its 003 (the organization whose control number 001 is) unless the
/// import names a source. Records whose leader marks them deleted (position 5 `d`) are skipped and counted.
final class MARCImportReader: ImportRowReader {
    /// Records skipped because their leader marks them deleted.
    private(set) var skippedCount = 0
    private let records: any MARCRecordReader

    /// Reads the books of `records`.
    init(_ records: any MARCRecordReader) {
        self.records = records
    }

    var progress: ReadProgress { records.progress }

    func next() throws(ReaderError) -> ImportRow? {
        while let read = try records.next() {
            switch read {
            case .broken(let place, let reason):
                return reject(place, [RowIssue(line: 0, reason: reason)])
            case .record(let record, let place):
                if record.leader.utf8.dropFirst(5).first == UInt8(ascii: "d") {
                    skippedCount += 1
                    continue
                }
                return row(record, place)
            }
        }
        return nil
    }

    private func row(_ record: MARCRecord, _ place: MARCPlace) -> ImportRow {
        switch MARCBookMapping.book(record, place: place) {
        case .refused(let issues):
            return reject(place, issues)
        case .book(let book, let warnings):
            var check = LimitCheck(line: 0)
            let source = check.name(record.controlValue("003"), "003")
            guard check.issues.isEmpty else { return reject(place, check.issues) }
            return .accepted(AcceptedRow(line: 0, record: .book(book), warnings: warnings, sourceName: source))
        }
    }

    private func reject(_ place: MARCPlace, _ issues: [RowIssue]) -> ImportRow {
        .rejected(ImportRejection(file: records.name, line: 0, issues: issues, rawValues: [], record: "\(place)"))
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension MARCImportReader: Sendable {}
