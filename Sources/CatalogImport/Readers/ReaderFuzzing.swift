import Catalog

/// Entry points for the fuzz targets (`Sources/Fuzz`): the CSV and Open Library readers run over bytes held in
/// memory, the way `catalog import` reads a file, with the outcome reduced to what the fuzzer checks.
package enum ReaderFuzzing {
    /// What reading a whole file gave.
    package enum Outcome: Equatable {
        /// Every row was read: accepted as records or rejected with a reason. The fingerprint is the hash of
        /// every row read (records, warnings, rejections with their lines), so two reads compare whole.
        case rows(accepted: Int, rejected: Int, fingerprint: Int)
        /// The file as a whole was refused with this message (not UTF-8, no header, a missing column …).
        case refused(String)
    }

    /// Reads `bytes` as a CSV (or TSV) of books or bands to the end.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - bands: read the `bands` fields instead of the `books` fields.
    ///   - encodingIndex: 0 UTF-8, 1 latin1, 2 cp1252 (any other value: UTF-8).
    ///   - tabSeparated: read tab-separated values instead of commas.
    ///   - goodbooks: apply the `goodbooks` profile (books only).
    ///   - chunkSize: how many bytes each read takes, so the fuzzer can cut the input at any place.
    package static func readCSV(
        _ bytes: [UInt8], bands: Bool, encodingIndex: Int, tabSeparated: Bool, goodbooks: Bool, chunkSize: Int
    ) -> Outcome {
        var options = CSVImportOptions(
            entity: bands ? .bands : .books, profile: goodbooks && !bands ? .goodbooks : nil)
        options.encoding =
            [InputEncoding.utf8, .latin1, .cp1252].indices.contains(encodingIndex)
            ? [InputEncoding.utf8, .latin1, .cp1252][encodingIndex] : .utf8
        options.dialect = tabSeparated ? .tsv : .csv
        let input = TextInput(source: MemoryByteSource(bytes), encoding: options.encoding, chunkSize: max(1, chunkSize))
        do throws(ReaderError) {
            return bands
                ? try readAll(CSVImportReader<BandRowMapper>(input: input, options: options))
                : try readAll(CSVImportReader<BookRowMapper>(input: input, options: options))
        } catch {
            return .refused(error.description)
        }
    }

    /// Reads `bytes` as an Open Library dump (UTF-8) to the end, `chunkSize` bytes per read.
    package static func readOpenLibrary(_ bytes: [UInt8], chunkSize: Int) -> Outcome {
        let input = TextInput(source: MemoryByteSource(bytes), encoding: .utf8, chunkSize: max(1, chunkSize))
        do throws(ReaderError) {
            return try readAll(OpenLibraryDumpReader(input: input))
        } catch {
            return .refused(error.description)
        }
    }

    private static func readAll(_ reader: some ImportRowReader) throws(ReaderError) -> Outcome {
        var rows: [ImportRow] = []
        while let row = try reader.next() {
            rows.append(row)
        }
        let accepted = rows.count { if case .accepted = $0 { true } else { false } }
        return .rows(accepted: accepted, rejected: rows.count - accepted, fingerprint: rows.hashValue)
    }
}
