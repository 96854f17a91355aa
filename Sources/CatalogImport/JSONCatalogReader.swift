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
/// file's `source` (the file name without extension when absent). A record with a missing field or an
/// unknown reference becomes a rejection; the rest of the file still imports.
public struct JSONCatalogReader: Sendable {
    /// The `format` value of a native catalog file.
    public static let formatName = "catalog"
    /// The version of the format this reader understands.
    public static let formatVersion = 1

    /// A reader.
    public init() {}

    /// Reads the file at `url`.
    ///
    /// - Throws: ``JSONCatalogError``.
    public func read(contentsOf url: URL) throws -> JSONCatalogDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw JSONCatalogError.unreadable(
                file: url.path, reason: exists ? "\(error.localizedDescription)" : "no such file")
        }
        return try read(data, file: url.path, defaultSource: url.deletingPathExtension().lastPathComponent)
    }

    /// Reads a document from `data`.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - file: how errors name the input.
    ///   - defaultSource: the source when the document does not name one.
    /// - Throws: ``JSONCatalogError``.
    public func read(_ data: Data, file: String = "input", defaultSource: String) throws -> JSONCatalogDocument {
        let object: FileObject
        do {
            object = try JSONDecoder().decode(FileObject.self, from: data)
        } catch let error as DecodingError {
            throw JSONCatalogError.malformed(file: file, reason: error.summary)
        } catch {
            throw JSONCatalogError.malformed(file: file, reason: "\(error)")
        }
        let format = object.format ?? Self.formatName
        let version = object.version ?? Self.formatVersion
        guard format == Self.formatName, version == Self.formatVersion else {
            throw JSONCatalogError.unsupportedFormat(file: file, format: format, version: version)
        }
        var builder = RecordBuilder()
        builder.add(genres: object.genres ?? [])
        builder.add(authors: object.authors ?? [])
        builder.add(books: object.books ?? [])
        builder.add(bands: object.bands ?? [])
        let source = TextNormalization.cleanOrNil(object.source) ?? defaultSource
        return JSONCatalogDocument(source: source, records: builder.records, rejections: builder.rejections)
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

// MARK: - The file's shape

private struct FileObject: Decodable {
    var format: String?
    var version: Int?
    var source: String?
    var genres: [GenreEntry]?
    var authors: [AuthorEntry]?
    var books: [BookEntry]?
    var bands: [BandEntry]?
}

private struct GenreEntry: Decodable {
    var key: String?
    var name: String?
    var parent: String?
    var uuid: UUID?
}

private struct AuthorEntry: Decodable {
    var key: String?
    var name: String?
    var sortName: String?
    var disambiguation: String?
    var uuid: UUID?
}

/// `"tolkien"` or `{"author": "tolkien", "role": "translator"}`.
private struct CreditEntry: Decodable {
    var author: String
    var role: String?

    enum CodingKeys: String, CodingKey {
        case author, role
    }

    init(from decoder: any Decoder) throws {
        if let key = try? decoder.singleValueContainer().decode(String.self) {
            author = key
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        author = try container.decode(String.self, forKey: .author)
        role = try container.decodeIfPresent(String.self, forKey: .role)
    }
}

private struct BookEntry: Decodable {
    var key: String?
    var uuid: UUID?
    var title: String?
    var sortTitle: String?
    var isbn13: String?
    var year: Int?
    var pages: Int?
    var language: String?
    var summary: String?
    var authors: [CreditEntry]?
    var genres: [String]?
}

private struct BandEntry: Decodable {
    var key: String?
    var uuid: UUID?
    var name: String?
    var sortName: String?
    var country: String?
    var formedYear: Int?
    var endedYear: Int?
    var status: String?
    var disambiguation: String?
    var genres: [String]?
}

// MARK: - Entries to records

/// Turns entries into records, resolving keys within the file and collecting what cannot be resolved.
private struct RecordBuilder {
    var records: [CatalogRecord] = []
    var rejections: [ImportRejection] = []
    private var genres: [String: GenreRecord] = [:]
    private var authors: [String: AuthorRecord] = [:]
    private var bookKeys: Set<String> = []
    private var bandKeys: Set<String> = []

    mutating func add(genres entries: [GenreEntry]) {
        var valid: [(key: String, entry: GenreEntry)] = []
        var byKey: [String: GenreEntry] = [:]
        for (index, entry) in entries.enumerated() {
            guard let key = required(entry.key, "key", kind: "genre", index: index, key: nil),
                required(entry.name, "name", kind: "genre", index: index, key: key) != nil,
                unique(key, among: byKey.keys, kind: "genre")
            else { continue }
            valid.append((key, entry))
            byKey[key] = entry
        }
        // A genre under a rejected parent is rejected too: importing it would create the parent by name.
        var accepted = Set(valid.map(\.key))
        var removed = true
        while removed {
            removed = false
            for (key, entry) in valid where accepted.contains(key) {
                if let parent = entry.parent, !accepted.contains(parent) {
                    accepted.remove(key)
                    removed = true
                }
            }
        }
        var resolved: [(depth: Int, record: GenreRecord)] = []
        for (key, entry) in valid {
            if let parent = entry.parent, !accepted.contains(parent) {
                let reason = byKey[parent] == nil ? "is not a genre key of this file" : "is rejected"
                reject("genre '\(key)'", "its parent '\(parent)' \(reason)")
                continue
            }
            let record = GenreRecord(
                key: "genre/\(key)", name: entry.name ?? "", parentName: entry.parent.flatMap { byKey[$0]?.name },
                uuid: entry.uuid)
            genres[key] = record
            resolved.append((depth(of: key, in: byKey), record))
        }
        // Parents before children, so a child finds its parent under the parent's own key.
        records += resolved.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
            .map { .genre($0.element.record) }
    }

    mutating func add(authors entries: [AuthorEntry]) {
        for (index, entry) in entries.enumerated() {
            guard let key = required(entry.key, "key", kind: "author", index: index, key: nil),
                let name = required(entry.name, "name", kind: "author", index: index, key: key),
                unique(key, among: authors.keys, kind: "author")
            else { continue }
            let record = AuthorRecord(
                key: "author/\(key)", name: name, sortName: entry.sortName, disambiguation: entry.disambiguation,
                uuid: entry.uuid)
            authors[key] = record
            records.append(.author(record))
        }
    }

    mutating func add(books entries: [BookEntry]) {
        for (index, entry) in entries.enumerated() {
            guard let key = required(entry.key, "key", kind: "book", index: index, key: nil),
                let title = required(entry.title, "title", kind: "book", index: index, key: key),
                unique(key, among: bookKeys, kind: "book")
            else { continue }
            bookKeys.insert(key)
            var contributors: [BookRecord.Contributor] = []
            for credit in entry.authors ?? [] {
                guard let author = authors[credit.author] else {
                    reject("book '\(key)'", "author '\(credit.author)' is not an author key of this file")
                    break
                }
                contributors.append(.init(author: author, role: ContributorRole(rawValue: credit.role ?? "author")))
            }
            guard contributors.count == entry.authors?.count ?? 0,
                let genres = genreRecords(entry.genres, owner: "book '\(key)'")
            else { continue }
            records.append(
                .book(
                    BookRecord(
                        key: "book/\(key)", title: title, sortTitle: entry.sortTitle, isbn13: entry.isbn13,
                        year: entry.year, pages: entry.pages, language: entry.language, summary: entry.summary,
                        contributors: contributors, genres: genres, uuid: entry.uuid)))
        }
    }

    mutating func add(bands entries: [BandEntry]) {
        for (index, entry) in entries.enumerated() {
            guard let key = required(entry.key, "key", kind: "band", index: index, key: nil),
                let name = required(entry.name, "name", kind: "band", index: index, key: key),
                unique(key, among: bandKeys, kind: "band")
            else { continue }
            bandKeys.insert(key)
            var status: Band.Status?
            if let text = entry.status {
                guard let known = Band.Status(rawValue: text) else {
                    let names = Band.Status.allCases.map(\.rawValue).joined(separator: ", ")
                    reject("band '\(key)'", "status '\(text)' is not one of \(names)")
                    continue
                }
                status = known
            }
            guard let genres = genreRecords(entry.genres, owner: "band '\(key)'") else { continue }
            records.append(
                .band(
                    BandRecord(
                        key: "band/\(key)", name: name, sortName: entry.sortName, country: entry.country,
                        formedYear: entry.formedYear, endedYear: entry.endedYear, status: status,
                        disambiguation: entry.disambiguation, genres: genres, uuid: entry.uuid)))
        }
    }

    private mutating func genreRecords(_ keys: [String]?, owner: String) -> [GenreRecord]? {
        var result: [GenreRecord] = []
        for key in keys ?? [] {
            guard let genre = genres[key] else {
                reject(owner, "genre '\(key)' is not a genre key of this file")
                return nil
            }
            result.append(genre)
        }
        return result
    }

    private mutating func required(_ value: String?, _ field: String, kind: String, index: Int, key: String?)
        -> String?
    {
        if let value, !TextNormalization.clean(value).isEmpty { return value }
        let record = key.map { "\(kind) '\($0)'" } ?? "\(kind) #\(index + 1)"
        reject(record, "\"\(field)\" is missing or empty")
        return nil
    }

    private mutating func unique<Keys: Sequence<String>>(_ key: String, among keys: Keys, kind: String) -> Bool {
        guard keys.contains(key) else { return true }
        reject("\(kind) '\(key)'", "another \(kind) of this file has the same key")
        return false
    }

    private mutating func reject(_ record: String, _ reason: String) {
        rejections.append(ImportRejection(record: record, reason: reason))
    }

    private func depth(of key: String, in genres: [String: GenreEntry]) -> Int {
        var depth = 0
        var current = genres[key]?.parent
        // Bounded: a cycle in the file must not hang the reader (the importer rejects the cycle).
        while let parent = current, depth < genres.count {
            depth += 1
            current = genres[parent]?.parent
        }
        return depth
    }
}
