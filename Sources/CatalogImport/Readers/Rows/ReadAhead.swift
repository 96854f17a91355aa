import Foundation

/// Reads the rows of another reader on a thread of its own, a few chunks ahead of the import that takes them: parsing
/// and normalizing the next rows, and preparing their books (``PreparedBook``), runs beside SQLite writing the last
/// ones, on a second core where there is one.
///
/// The rows, their rejections and a reader's error arrive in the file's order, as the reader gives them; what runs
/// ahead is bounded (``chunksAhead`` chunks of ``chunkRows`` rows). ``progress`` is the reader's as of the last row
/// taken, not of the rows read ahead. The wrapped reader is used by the reading thread only, from the first call of
/// ``next()`` on; when the import stops early, releasing this reader stops the thread at its next chunk.
final class ReadAhead: ImportRowReader {
    /// Rows handed over at a time: one wake-up of either side per chunk, not per row.
    static let chunkRows = 512
    /// Chunks read ahead at most: a few MB of rows.
    static let chunksAhead = 4

    private let pipe: Pipe
    private var chunk: Pipe.Chunk
    private var position = 0
    private(set) var progress: ReadProgress
    /// The preparation of the book the last row taken holds; `nil` when it holds none.
    private(set) var prepared: PreparedBook?

    /// Reads `reader` ahead, from the first call of ``next()`` on.
    init(_ reader: any ImportRowReader) {
        pipe = Pipe(reader)
        progress = reader.progress
        chunk = Pipe.Chunk(rows: [], progress: [], prepared: [], end: nil)
    }

    deinit { pipe.cancel() }

    func next() throws(ReaderError) -> ImportRow? {
        while position == chunk.rows.count {
            if let end = chunk.end { return try end.get() }
            chunk = pipe.take()
            position = 0
        }
        defer { position += 1 }
        progress = chunk.progress[position]
        prepared = chunk.prepared[position]
        return chunk.rows[position]
    }

    /// The rows between the reading thread and the importer, behind one lock.
    private final class Pipe: @unchecked Sendable {
        struct Chunk {
            var rows: [ImportRow]
            /// The reader's progress after each row.
            var progress: [ReadProgress]
            /// The preparation of each row's book.
            var prepared: [PreparedBook?]
            /// After the rows: the end of the input (`nil` row) or the reader's error.
            var end: Result<ImportRow?, ReaderError>?
        }

        // Touched by the reading thread only, once it has started.
        private let reader: any ImportRowReader
        private let condition = NSCondition()
        private var chunks: [Chunk] = []
        private var started = false
        private var cancelled = false

        init(_ reader: any ImportRowReader) {
            self.reader = reader
        }

        /// The next chunk, waiting for it; starts the reading thread at the first call.
        func take() -> Chunk {
            condition.lock()
            defer { condition.unlock() }
            if !started {
                started = true
                Thread.detachNewThread { [self] in read() }
            }
            while chunks.isEmpty { condition.wait() }
            condition.signal()
            return chunks.removeFirst()
        }

        /// Stops the reading thread at its next chunk.
        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }

        private func read() {
            var ended = false
            while !ended {
                var chunk = Chunk(rows: [], progress: [], prepared: [], end: nil)
                chunk.rows.reserveCapacity(ReadAhead.chunkRows)
                while chunk.rows.count < ReadAhead.chunkRows {
                    do {
                        guard let row = try reader.next() else {
                            chunk.end = .success(nil)
                            break
                        }
                        chunk.rows.append(row)
                        chunk.progress.append(reader.progress)
                        chunk.prepared.append(PreparedBook(row))
                    } catch {
                        chunk.end = .failure(error)
                        break
                    }
                }
                ended = chunk.end != nil
                condition.lock()
                while chunks.count >= ReadAhead.chunksAhead && !cancelled { condition.wait() }
                if cancelled {
                    condition.unlock()
                    return
                }
                chunks.append(chunk)
                condition.signal()
                condition.unlock()
            }
        }
    }
}

// Its reader is used by the reading thread only.
@available(*, unavailable)
extension ReadAhead: Sendable {}
