import Catalog

/// Entry points for the fuzz targets (`Sources/Fuzz`): the CSV, Open Library, native JSON and MARC readers run over bytes
/// held in memory, the way `catalog import` reads a file, with the outcome reduced to what the fuzzer checks, and
/// the limits every accepted record must keep.
package enum ReaderFuzzing {
    /// What reading a whole file gave.
    package enum Outcome: Equatable {
        /// Every row was read: accepted as records or rejected with a reason. The fingerprint is the hash of
        /// every row read (records, warnings, rejections with their lines), so two reads compare whole.
        case rows(accepted: Int, rejected: Int, fingerprint: Int)
        /// The file as a whole was refused with this message (not UTF-8, no header, a missing column …).
        case refused(String)
        /// A row was accepted with a value ``FieldLimits`` refuses: what and why.
        case acceptedOverTheLimits(String)
    }

    /// Reads `bytes` as a native JSON catalog file, `chunkSize` bytes per read, holding every record.
    ///
    /// - Throws: ``JSONCatalogError``.
    package static func readCatalogJSON(_ bytes: [UInt8], chunkSize: Int) throws(JSONCatalogError)
        -> JSONCatalogDocument
    {
        try JSONCatalogReader().read(bytes, file: "fuzz.json", defaultSource: "fuzz", chunkSize: max(1, chunkSize))
    }

    /// Why `record` holds a value an import must refuse (over its length limit, or a control character where
    /// none is allowed), or `nil` when every value is within the limits.
    package static func limitViolation(_ record: CatalogRecord) -> String? {
        var values: [(String, String?, FieldLimits.Kind)] = []
        // The native JSON reader stores a key as `book/<key>`: the limit is the file's key's.
        func key(_ key: String?, _ kind: String) -> String? {
            guard let key, key.utf8.starts(with: "\(kind)/".utf8) else { return key }
            return String(decoding: key.utf8.dropFirst(kind.utf8.count + 1), as: UTF8.self)
        }
        func add(_ author: AuthorRecord) {
            values += [
                ("author key", key(author.key, "author"), .shortText), ("author name", author.name, .shortText),
                ("sort name", author.sortName, .shortText), ("disambiguation", author.disambiguation, .shortText),
            ]
        }
        func add(_ genre: GenreRecord) {
            values += [
                ("genre key", key(genre.key, "genre"), .shortText), ("genre", genre.name, .shortText),
                ("parent", genre.parentName, .shortText),
            ]
        }
        switch record {
        case .author(let author): add(author)
        case .genre(let genre): add(genre)
        case .book(let book):
            values += [
                ("key", key(book.key, "book"), .shortText), ("title", book.title, .shortText),
                ("sort title", book.sortTitle, .shortText), ("isbn13", book.isbn13, .shortText),
                ("language", book.language, .shortText), ("summary", book.summary, .longText),
            ]
            for contributor in book.contributors { add(contributor.author) }
            for genre in book.genres { add(genre) }
        case .band(let band):
            values += [
                ("key", key(band.key, "band"), .shortText), ("name", band.name, .shortText),
                ("sort name", band.sortName, .shortText), ("country", band.country, .shortText),
                ("disambiguation", band.disambiguation, .shortText),
            ]
            for genre in band.genres { add(genre) }
        }
        for case (let name, let value?, let kind) in values {
            if let reason = FieldLimits.violation(value, kind) { return "\(record.label): \(name) \(reason)" }
        }
        return nil
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

    /// Reads `bytes` as an ISO 2709 MARC file to the end (each record's encoding as its leader says), `chunkSize`
    /// bytes per read.
    package static func readMARC(_ bytes: [UInt8], chunkSize: Int) -> Outcome {
        let reader = ISO2709Reader(source: MemoryByteSource(bytes), chunkSize: max(1, chunkSize))
        do throws(ReaderError) {
            return try readAll(MARCImportReader(reader))
        } catch {
            return .refused(error.description)
        }
    }

    /// Reads `bytes` as a MARCXML file to the end, `chunkSize` bytes per read.
    package static func readMARCXML(_ bytes: [UInt8], chunkSize: Int) -> Outcome {
        let input = TextInput(source: MemoryByteSource(bytes), encoding: .utf8, chunkSize: max(1, chunkSize))
        do throws(ReaderError) {
            return try readAll(MARCImportReader(MARCXMLReader(input: input)))
        } catch {
            return .refused(error.description)
        }
    }

    private static func readAll(_ reader: some ImportRowReader) throws(ReaderError) -> Outcome {
        var rows: [ImportRow] = []
        while let row = try reader.next() {
            if case .accepted(let accepted) = row, let violation = limitViolation(accepted.record) {
                return .acceptedOverTheLimits(violation)
            }
            rows.append(row)
        }
        let accepted = rows.count { if case .accepted = $0 { true } else { false } }
        return .rows(accepted: accepted, rejected: rows.count - accepted, fingerprint: rows.hashValue)
    }
}
