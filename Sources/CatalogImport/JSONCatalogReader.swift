import Catalog
public import Foundation

/// Reads the native JSON import format into ``CatalogRecord``s.
///
/// ```json
/// {
///   "format": "catalog", "version": 1, "source": "sample-library",
///   "genres":  [{"key": "fantasy", "name": "Fantasy", "parent": "fiction"}],
///   "authors": [{"key": "tolkien", "name": "J. R. R. Tolkien"}],
///   "books":   [{"key": "hobbit", "title": "The Hobbit", "year": 1937,
///                "authors": ["tolkien", {"author": "someone", "role": "illustrator"}], "genres": ["fantasy"]}],
///   "bands":   [{"key": "motorhead", "name": "Motörhead", "country": "GB", "formedYear": 1975,
///                "genres": ["heavy-metal"]}]
/// }
/// ```
///
/// Books and bands name authors and genres by the `key` they have in the same file. Keys are unique per kind
/// within a file; they are stored as `book/<key>`, `author/<key>`, `genre/<key>` and `band/<key>` under the
/// file's `source` (the file name without extension when absent). A record with a missing field, an unknown
/// reference, or a value over its limit (4 KiB of UTF-8 for a name, title or key, 64 KiB for a summary) or with a
/// control character in a name becomes a rejection; the rest of the file still imports. A syntax or type error
/// refuses the whole file with its line, column and byte offset, and so do more than 100,000 genres or authors
/// (``JSONCatalogError/tooManyEntries(file:member:limit:line:)``), which are kept in memory.
///
/// ``CatalogImporter`` streams the file (one book or band in memory at a time); the methods here collect every
/// record into a ``JSONCatalogDocument``.
public struct JSONCatalogReader: Sendable {
    /// The `format` value of a native catalog file.
    public static let formatName = "catalog"
    /// The version of the format this reader understands.
    public static let formatVersion = 1

    /// A reader.
    public init() {}

    /// Reads the file at `url`, holding every record in memory (``CatalogImporter`` streams the file instead).
    ///
    /// - Throws: ``JSONCatalogError``.
    public func read(contentsOf url: URL) throws -> JSONCatalogDocument {
        try document(
            JSONCatalogRowReader(path: url.path, defaultSource: url.deletingPathExtension().lastPathComponent))
    }

    /// Reads a document from `data`.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - file: how errors name the input.
    ///   - defaultSource: the source when the document does not name one.
    /// - Throws: ``JSONCatalogError``.
    public func read(_ data: Data, file: String = "input", defaultSource: String) throws -> JSONCatalogDocument {
        try read([UInt8](data), file: file, defaultSource: defaultSource)
    }

    /// Reads a document from `bytes`, `chunkSize` bytes per read (tests and fuzz checks vary where reads cut), with at
    /// most `keptEntries` genres and as many authors (tests make it small).
    func read(
        _ bytes: [UInt8], file: String, defaultSource: String, chunkSize: Int = TextInput.defaultChunkSize,
        keptEntries: Int = JSONCatalogRowReader.keptEntryLimit
    ) throws(JSONCatalogError) -> JSONCatalogDocument {
        try document(
            JSONCatalogRowReader(file: file, defaultSource: defaultSource, keptEntries: keptEntries) {
                TextInput(source: MemoryByteSource(bytes, name: file), chunkSize: chunkSize)
            })
    }

    private func document(_ reader: JSONCatalogRowReader) throws(JSONCatalogError) -> JSONCatalogDocument {
        var records: [CatalogRecord] = []
        var rejections: [ImportRejection] = []
        while let row = try reader.nextRow() {
            switch row {
            case .accepted(let accepted): records.append(accepted.record)
            case .rejected(let rejection): rejections.append(rejection)
            }
        }
        return JSONCatalogDocument(source: reader.source, records: records, rejections: rejections)
    }
}

/// A native JSON file, read: its source, its records in import order, and the entries it could not turn into
/// records.
public struct JSONCatalogDocument: Sendable, Hashable {
    /// The source the records' keys belong to.
    public var source: String
    /// Genres (parents first), then authors, books and bands.
    public var records: [CatalogRecord]
    /// Entries with a missing field, a duplicate key or an unknown reference.
    public var rejections: [ImportRejection]

    /// Creates a document.
    public init(source: String, records: [CatalogRecord], rejections: [ImportRejection]) {
        self.source = source
        self.records = records
        self.rejections = rejections
    }
}
