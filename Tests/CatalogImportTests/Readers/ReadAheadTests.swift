import Catalog
import Foundation
import Testing

@testable import CatalogImport

/// A reader read ahead on its own thread gives what it gives read in step: every row in order, with the progress
/// as of that row, then its end or its error; and it stops reading once the import lets go of it.
@Suite struct ReadAheadTests {
    /// Numbered books, then the end or an error, counting the rows it was asked for.
    private final class NumberedReader: ImportRowReader, @unchecked Sendable {
        let rows: Int
        let failure: ReaderError?
        private let lock = NSLock()
        private var index = 0

        init(rows: Int, failure: ReaderError? = nil) {
            self.rows = rows
            self.failure = failure
        }

        var read: Int { lock.withLock { index } }

        var progress: ReadProgress { ReadProgress(bytesRead: Int64(read) * 10, totalBytes: nil, line: read) }

        func next() throws(ReaderError) -> ImportRow? {
            let row = lock.withLock {
                defer { index += 1 }
                return index
            }
            guard row < rows else {
                if let failure { throw failure }
                return nil
            }
            let book = BookRecord(key: "k\(row)", title: "Book \(row)")
            return .accepted(AcceptedRow(line: row + 1, record: .book(book)))
        }
    }

    private func lines(_ reader: ReadAhead) throws(ReaderError) -> [Int] {
        var lines: [Int] = []
        while let row = try reader.next() {
            guard case .accepted(let accepted) = row else { break }
            #expect(reader.progress.line == accepted.line, "progress as of the row taken")
            lines.append(accepted.line)
        }
        return lines
    }

    @Test(arguments: [0, 1, ReadAhead.chunkRows, ReadAhead.chunkRows * 3 + 17])
    func everyRowComesInOrderThenTheEnd(rows: Int) throws {
        let reader = ReadAhead(NumberedReader(rows: rows))
        #expect(try lines(reader) == Array(0..<rows).map { $0 + 1 })
        #expect(try reader.next() == nil, "the end stays the end")
    }

    @Test func theReadersErrorComesAfterTheRowsBeforeIt() throws {
        let failure = ReaderError.file(.readFailed(path: "books.csv", reason: "an I/O error"))
        let reader = ReadAhead(NumberedReader(rows: 1_000, failure: failure))
        var taken = 0
        do {
            while try reader.next() != nil { taken += 1 }
            Issue.record("the error was not thrown")
        } catch {
            #expect(error == failure)
        }
        #expect(taken == 1_000)
    }

    @Test func lettingGoStopsTheReadingThread() throws {
        var numbered: NumberedReader? = NumberedReader(rows: 1_000_000)
        weak let released = numbered
        var reader: ReadAhead? = ReadAhead(numbered!)
        numbered = nil
        #expect(try reader?.next() != nil)
        reader = nil
        // The thread ends at its next chunk and lets go of the reader it held.
        let deadline = ContinuousClock.now + .seconds(10)
        while released != nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil, "the reading thread still holds the reader")
    }
}
