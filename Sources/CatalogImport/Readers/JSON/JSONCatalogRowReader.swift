import Catalog
import JSONKit

/// Reads a native JSON file as import rows, streaming: memory holds one book or band at a time, plus the file's
/// genres and authors (which books and bands name by key), at most ``keptEntryLimit`` of each.
///
/// The file is read twice. The first pass checks the whole file (its syntax, the type of every value, the format and
/// version) and keeps its source, genres and authors, so a malformed file is refused before anything is imported,
/// and the members of the top-level object may come in any order. The second pass hands on the genres, the
/// authors, then each book and band as it reads it.
final class JSONCatalogRowReader: ImportRowReader {
    /// The source the records' keys belong to: the file's `source`, else the default given.
    let source: String
    private let file: String
    private var builder = JSONRecordBuilder()
    /// Genre and author rows of the first pass, last first.
    private var pending: [ImportRow]
    private let input: TextInput
    private let parser: JSONReader
    /// The `books` or `bands` array being read, and how many of its elements were read.
    private var array: (kind: ArrayKind, count: Int)?
    private var isFinished = false

    private enum ArrayKind: String {
        case books, bands
    }

    /// The most genres, and apart the most authors, a file may hold: they are kept in memory while its books and
    /// bands are read.
    static let keptEntryLimit = 100_000

    /// Opens a file.
    ///
    /// - Throws: ``JSONCatalogError`` when the file cannot be read, is not a catalog file, or is malformed.
    convenience init(path: String, defaultSource: String) throws(JSONCatalogError) {
        guard !FileByteSource.isReadOnce(path) else {
            throw .unreadable(
                file: path,
                reason: "it is a pipe, which can be read once, and a catalog JSON file is read twice (its genres and "
                    + "authors first, then its books and bands); save it to a file and import the file")
        }
        try self.init(file: path, defaultSource: defaultSource) { () throws(ReaderError) in
            try TextInput(path: path)
        }
    }

    /// Reads what `open` opens (twice).
    ///
    /// - Parameters:
    ///   - file: how errors name the input.
    ///   - defaultSource: the source when the file does not name one.
    ///   - keptEntries: The most genres, and apart authors, the file may hold (tests make it small).
    ///   - open: opens the input from its start.
    /// - Throws: As ``init(path:defaultSource:)``.
    init(
        file: String, defaultSource: String, keptEntries: Int = keptEntryLimit,
        open: () throws(ReaderError) -> TextInput
    ) throws(JSONCatalogError) {
        self.file = file
        var scalars: [(name: String, node: JSONNode)] = []
        var genreRows: [ImportRow] = []
        var authorRows: [ImportRow] = []
        var builder = JSONRecordBuilder()
        let header: JSONCatalogEntry
        do {
            let parser = JSONReader(source: try open(), limits: Self.limits)
            let start = try Self.beginTopLevel(parser)
            while let (name, position) = try parser.nextMember() {
                switch name {
                case "format", "version", "source":
                    let node = try parser.value()
                    scalars.append((name, node ?? JSONNode(value: .oversizedString(byteCount: 0), position: position)))
                case "genres":
                    try Self.forEachEntry(parser, name, limit: (keptEntries, file)) {
                        entry, index, position throws(JSONShapeError) in
                        guard let entry else { return genreRows.append(Self.oversized(name, index, position)) }
                        if let row = builder.collect(genre: try GenreEntry(entry, index: index)) {
                            genreRows.append(row)
                        }
                    }
                case "authors":
                    try Self.forEachEntry(parser, name, limit: (keptEntries, file)) {
                        entry, index, position throws(JSONShapeError) in
                        guard let entry else { return authorRows.append(Self.oversized(name, index, position)) }
                        authorRows.append(builder.author(try AuthorEntry(entry, index: index)))
                    }
                case "books":
                    try Self.forEachEntry(parser, name) { entry, index, _ throws(JSONShapeError) in
                        if let entry { _ = try BookEntry(entry, index: index) }
                    }
                case "bands":
                    try Self.forEachEntry(parser, name) { entry, index, _ throws(JSONShapeError) in
                        if let entry { _ = try BandEntry(entry, index: index) }
                    }
                default: try parser.skipValue()
                }
            }
            try parser.finish()
            header = try JSONCatalogEntry(JSONNode(value: .object(scalars), position: start), path: "")
        } catch {
            throw Self.catalogError(error, file: file)
        }
        let (format, version, fileSource) = try Self.formatVersionAndSource(header, file: file)
        guard format == JSONCatalogReader.formatName, version == JSONCatalogReader.formatVersion else {
            throw .unsupportedFormat(file: file, format: format, version: version)
        }
        // Genres first, parents before children, then authors.
        pending = (genreRows + builder.resolveGenres() + authorRows).reversed()
        self.builder = builder
        source = TextNormalization.cleanOrNil(fileSource) ?? defaultSource
        do {
            input = try open()
            parser = JSONReader(source: input, limits: Self.limits)
            _ = try Self.beginTopLevel(parser)
        } catch {
            throw Self.catalogError(error, file: file)
        }
    }

    /// What the reader keeps of a file: strings up to ``FieldLimits/fieldBytes``, member names up to
    /// ``FieldLimits/shortTextBytes``, one book or band up to ``FieldLimits/rowBytes`` (a longer one is rejected,
    /// not the file); a stray `\u` escape of half a surrogate pair is read as U+FFFD (the input's bytes are checked
    /// UTF-8 already).
    static let limits = JSONLimits(
        depth: 64, numberLength: 64, nameBytes: FieldLimits.shortTextBytes, stringBytes: FieldLimits.fieldBytes,
        valueBytes: FieldLimits.rowBytes, unicode: .replacing)

    var progress: ReadProgress {
        ReadProgress(bytesRead: input.bytesRead, totalBytes: input.totalBytes, line: parser.position.line)
    }

    /// The next row, a rejection naming the file.
    func next() throws(ReaderError) -> ImportRow? {
        let row: ImportRow?
        do { row = try nextRow() } catch { throw .catalogJSON(error) }
        guard case .rejected(var rejection) = row else { return row }
        rejection.file = file
        return .rejected(rejection)
    }

    /// The next row, or `nil` at the end of the file.
    ///
    /// - Throws: ``JSONCatalogError`` when the file cannot be read further (it changed since the first pass, or a
    ///   read failed).
    func nextRow() throws(JSONCatalogError) -> ImportRow? {
        if let row = pending.popLast() { return row }
        do {
            while !isFinished {
                if let (kind, count) = array {
                    if try parser.nextElement() != nil {
                        array = (kind, count + 1)
                        return try row(kind, index: count)
                    }
                    array = nil
                }
                guard let (name, _) = try parser.nextMember() else {
                    try parser.finish()
                    isFinished = true
                    break
                }
                if let kind = ArrayKind(rawValue: name), try parser.nextKind() != "null" {
                    try parser.beginArray()
                    array = (kind, 0)
                } else {
                    try parser.skipValue()
                }
            }
            return nil
        } catch {
            throw Self.catalogError(error, file: file)
        }
    }

    /// The row of the element at the parser, the `index`th of its array.
    private func row(_ kind: ArrayKind, index: Int) throws -> ImportRow {
        let path = "\(kind.rawValue)[\(index)]"
        let position = parser.position
        guard let node = try parser.value() else { return Self.oversized(kind.rawValue, index, position) }
        let entry = try JSONCatalogEntry(node, path: path)
        switch kind {
        case .books: return builder.book(try BookEntry(entry, index: index))
        case .bands: return builder.band(try BandEntry(entry, index: index))
        }
    }

    /// Enters the top-level object; returns where it starts.
    private static func beginTopLevel(_ parser: JSONReader) throws -> JSONPosition {
        let position = parser.position
        guard try parser.nextKind() == "an object" else {
            throw JSONSyntaxError(
                reason: "expected the catalog object ({\"format\": \"catalog\", …}), found "
                    + (try parser.nextKind() ?? "an empty file"),
                position: parser.position)
        }
        try parser.beginObject()
        return position
    }

    /// The `format`, `version` and `source` members, the first two defaulting to this reader's.
    private static func formatVersionAndSource(_ header: JSONCatalogEntry, file: String) throws(JSONCatalogError)
        -> (String, Int, String?)
    {
        var header = header
        do {
            let values = (try header.string("format"), try header.int("version"), try header.string("source"))
            if let issue = header.issues.first {
                throw JSONCatalogError.malformed(
                    file: file, reason: "at \(issue.column ?? "") (line \(issue.line)): \(issue.reason)")
            }
            return (values.0 ?? JSONCatalogReader.formatName, values.1 ?? JSONCatalogReader.formatVersion, values.2)
        } catch let error as JSONShapeError {
            throw .malformed(file: file, reason: error.reason)
        } catch let error as JSONCatalogError {
            throw error
        } catch {
            throw .malformed(file: file, reason: "\(error)")
        }
    }

    /// Reads the array of a top-level member element by element (nothing when it is null): `body` gets each entry,
    /// `nil` for one longer than a record may be, its index and where it starts. An array kept in memory has a
    /// `limit` (the most entries, and the file for the error past it).
    private static func forEachEntry(
        _ parser: JSONReader, _ name: String, limit: (count: Int, file: String)? = nil,
        _ body: (JSONCatalogEntry?, Int, JSONPosition) throws(JSONShapeError) -> Void
    ) throws {
        guard try parser.nextKind() != "null" else { return try parser.skipValue() }
        try parser.beginArray()
        var index = 0
        while let position = try parser.nextElement() {
            if let limit, index == limit.count {
                throw JSONCatalogError.tooManyEntries(
                    file: limit.file, member: name, limit: limit.count, line: position.line)
            }
            let node = try parser.value()
            try body(
                try node.map { node throws(JSONShapeError) in try JSONCatalogEntry(node, path: "\(name)[\(index)]") },
                index, position)
            index += 1
        }
    }

    /// The rejection of an element longer than a record may be.
    private static func oversized(_ array: String, _ index: Int, _ position: JSONPosition) -> ImportRow {
        let issue = RowIssue(
            line: position.line, column: "\(array)[\(index)]",
            reason: "is more than \(FieldLimits.size(FieldLimits.rowBytes)) of JSON, over the limit for one record; "
                + "split it or shorten its values")
        let kind = String(array.dropLast())
        return .rejected(
            ImportRejection(
                file: "", line: position.line, issues: [issue], rawValues: [], record: "\(kind) #\(index + 1)"))
    }

    private static func catalogError(_ error: any Error, file: String) -> JSONCatalogError {
        switch error {
        case let error as JSONCatalogError:
            return error
        case let error as JSONSyntaxError:
            return .malformed(file: file, reason: "\(error.position): \(error.reason)")
        case let error as JSONShapeError:
            return .malformed(file: file, reason: error.reason)
        case ReaderError.file(.cannotOpen(_, let reason)):
            return .unreadable(file: file, reason: reason)
        case ReaderError.invalidUTF8(_, let offset, let line, let byte):
            let hex = "0x" + String(byte, radix: 16, uppercase: true)
            return .malformed(file: file, reason: "line \(line), byte offset \(offset): not valid UTF-8 (byte \(hex))")
        default:
            return .unreadable(file: file, reason: "\(error)")
        }
    }
}

// One cursor over one file: not meant to be shared between tasks.
@available(*, unavailable)
extension JSONCatalogRowReader: Sendable {}
