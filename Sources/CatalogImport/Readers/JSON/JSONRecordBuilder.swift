import Catalog
import Foundation

/// Turns the entries of a native JSON file into rows, resolving keys within the file and rejecting what cannot be
/// resolved. Genres and authors are kept (books and bands name them); books and bands are handed on one at a time.
struct JSONRecordBuilder {
    private var genreEntries: [GenreEntry] = []
    private var refusedGenreKeys: Set<String> = []
    private var genres: [String: GenreRecord] = [:]
    private var authors: [String: AuthorRecord] = [:]
    private var bookKeys: Set<String> = []
    private var bandKeys: Set<String> = []

    /// Keeps a genre for ``resolveGenres()``; returns its rejection when it has a refused value.
    mutating func collect(genre entry: GenreEntry) -> ImportRow? {
        if let rejection = entry.rejection {
            if let key = entry.key { refusedGenreKeys.insert(key) }
            return .rejected(rejection)
        }
        genreEntries.append(entry)
        return nil
    }

    /// The genres collected, parents before children, and the rejections of those that cannot be imported.
    mutating func resolveGenres() -> [ImportRow] {
        var rows: [ImportRow] = []
        var valid: [(key: String, entry: GenreEntry)] = []
        var byKey: [String: GenreEntry] = [:]
        for entry in genreEntries {
            guard let key = required(entry.key, "key", entry, key: nil, into: &rows),
                required(entry.name, "name", entry, key: key, into: &rows) != nil,
                unique(key, among: byKey.keys, kind: "genre", into: &rows)
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
                let known = byKey[parent] != nil || refusedGenreKeys.contains(parent)
                rows.append(
                    Self.reject(
                        "genre '\(key)'",
                        "its parent '\(parent)' \(known ? "is rejected" : "is not a genre key of this file")"))
                continue
            }
            let record = GenreRecord(
                key: "genre/\(key)", name: entry.name ?? "", parentName: entry.parent.flatMap { byKey[$0]?.name },
                uuid: entry.uuid)
            genres[key] = record
            resolved.append((depth(of: key, in: byKey), record))
        }
        genreEntries = []
        // Parents before children, so a child finds its parent under the parent's own key.
        return rows
            + resolved.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
            .map { Self.accept(.genre($0.element.record)) }
    }

    /// An author's row.
    mutating func author(_ entry: AuthorEntry) -> ImportRow {
        if let rejection = entry.rejection { return .rejected(rejection) }
        var rows: [ImportRow] = []
        guard let key = required(entry.key, "key", entry, key: nil, into: &rows),
            let name = required(entry.name, "name", entry, key: key, into: &rows),
            unique(key, among: authors.keys, kind: "author", into: &rows)
        else { return rows[0] }
        let record = AuthorRecord(
            key: "author/\(key)", name: name, sortName: entry.sortName, disambiguation: entry.disambiguation,
            uuid: entry.uuid)
        authors[key] = record
        return Self.accept(.author(record))
    }

    /// A book's row; authors and genres must have been read.
    mutating func book(_ entry: BookEntry) -> ImportRow {
        if let rejection = entry.rejection { return .rejected(rejection) }
        var rows: [ImportRow] = []
        guard let key = required(entry.key, "key", entry, key: nil, into: &rows),
            let title = required(entry.title, "title", entry, key: key, into: &rows),
            unique(key, among: bookKeys, kind: "book", into: &rows)
        else { return rows[0] }
        bookKeys.insert(key)
        var contributors: [BookRecord.Contributor] = []
        for credit in entry.authors ?? [] {
            guard let author = authors[credit.author] else {
                return Self.reject("book '\(key)'", "author '\(credit.author)' is not an author key of this file")
            }
            contributors.append(.init(author: author, role: ContributorRole(rawValue: credit.role ?? "author")))
        }
        let genres: [GenreRecord]
        switch genreRecords(entry.genres, owner: "book '\(key)'") {
        case .success(let records): genres = records
        case .failure(let rejection): return rejection.row
        }
        return Self.accept(
            .book(
                BookRecord(
                    key: "book/\(key)", title: title, sortTitle: entry.sortTitle, isbn13: entry.isbn13,
                    year: entry.year, pages: entry.pages, language: entry.language, summary: entry.summary,
                    contributors: contributors, genres: genres, uuid: entry.uuid)))
    }

    /// A band's row; genres must have been read.
    mutating func band(_ entry: BandEntry) -> ImportRow {
        if let rejection = entry.rejection { return .rejected(rejection) }
        var rows: [ImportRow] = []
        guard let key = required(entry.key, "key", entry, key: nil, into: &rows),
            let name = required(entry.name, "name", entry, key: key, into: &rows),
            unique(key, among: bandKeys, kind: "band", into: &rows)
        else { return rows[0] }
        bandKeys.insert(key)
        var status: Band.Status?
        if let text = entry.status {
            guard let known = Band.Status(rawValue: text) else {
                let names = Band.Status.allCases.map(\.rawValue).joined(separator: ", ")
                return Self.reject("band '\(key)'", "status '\(text)' is not one of \(names)")
            }
            status = known
        }
        let genres: [GenreRecord]
        switch genreRecords(entry.genres, owner: "band '\(key)'") {
        case .success(let records): genres = records
        case .failure(let rejection): return rejection.row
        }
        return Self.accept(
            .band(
                BandRecord(
                    key: "band/\(key)", name: name, sortName: entry.sortName, country: entry.country,
                    formedYear: entry.formedYear, endedYear: entry.endedYear, status: status,
                    disambiguation: entry.disambiguation, genres: genres, uuid: entry.uuid)))
    }

    /// A rejection as a failure value.
    private struct Rejected: Error {
        var row: ImportRow
    }

    private func genreRecords(_ keys: [String]?, owner: String) -> Result<[GenreRecord], Rejected> {
        var result: [GenreRecord] = []
        for key in keys ?? [] {
            guard let genre = genres[key] else {
                return .failure(Rejected(row: Self.reject(owner, "genre '\(key)' is not a genre key of this file")))
            }
            result.append(genre)
        }
        return .success(result)
    }

    private func required<Fields>(
        _ value: String?, _ field: String, _ entry: JSONEntry<Fields>, key: String?, into rows: inout [ImportRow]
    ) -> String? {
        if let value, !TextNormalization.clean(value).isEmpty { return value }
        let kind = Fields.kind
        let record = key.map { "\(kind) '\($0)'" } ?? "\(kind) #\(entry.index + 1)"
        rows.append(Self.reject(record, "\"\(field)\" is missing or empty"))
        return nil
    }

    private func unique<Keys: Sequence<String>>(
        _ key: String, among keys: Keys, kind: String, into rows: inout [ImportRow]
    ) -> Bool {
        guard keys.contains(key) else { return true }
        rows.append(Self.reject("\(kind) '\(key)'", "another \(kind) of this file has the same key"))
        return false
    }

    private static func reject(_ record: String, _ reason: String) -> ImportRow {
        .rejected(ImportRejection(record: record, reason: reason))
    }

    private static func accept(_ record: CatalogRecord) -> ImportRow {
        .accepted(AcceptedRow(line: 0, record: record))
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

// MARK: - The entries

/// An entry of one of the file's arrays: what every entry has (its place in its array, its key and uuid, and the
/// rejection of its refused values) and the fields of its kind, read as the entry's own (`entry.name`).
@dynamicMemberLookup
struct JSONEntry<Fields: JSONEntryFields> {
    /// The 0-based index in its array.
    var index: Int
    var key: String?
    var uuid: UUID?
    var fields: Fields
    /// The rejection when a value is refused by ``FieldLimits``.
    var rejection: ImportRejection?

    init(_ entry: JSONCatalogEntry, index: Int) throws(JSONShapeError) {
        var entry = entry
        self.index = index
        key = try entry.string("key")
        uuid = try entry.uuid("uuid")
        fields = try Fields(reading: &entry)
        rejection = entry.rejection(kind: Fields.kind, key: key, index: index)
    }

    subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
        fields[keyPath: field]
    }
}

/// The fields of one kind of entry, besides those every entry has.
protocol JSONEntryFields {
    /// How a rejection names the kind: `book`.
    static var kind: String { get }
    /// Reads the fields from `entry`, which collects the issues of refused values.
    init(reading entry: inout JSONCatalogEntry) throws(JSONShapeError)
}

extension JSONCatalogEntry {
    /// The rejection of the entry's refused values, or `nil` when it has none.
    func rejection(kind: String, key: String?, index: Int) -> ImportRejection? {
        guard !issues.isEmpty else { return nil }
        let record = key.map { "\(kind) '\($0)'" } ?? "\(kind) #\(index + 1)"
        return ImportRejection(file: "", line: line, issues: issues, rawValues: [], record: record)
    }
}

typealias GenreEntry = JSONEntry<GenreFields>
typealias AuthorEntry = JSONEntry<AuthorFields>
typealias BookEntry = JSONEntry<BookFields>
typealias BandEntry = JSONEntry<BandFields>

struct GenreFields: JSONEntryFields {
    static let kind = "genre"
    var name: String?
    var parent: String?

    init(reading entry: inout JSONCatalogEntry) throws(JSONShapeError) {
        name = try entry.string("name")
        parent = try entry.string("parent")
    }
}

struct AuthorFields: JSONEntryFields {
    static let kind = "author"
    var name: String?
    var sortName: String?
    var disambiguation: String?

    init(reading entry: inout JSONCatalogEntry) throws(JSONShapeError) {
        name = try entry.string("name")
        sortName = try entry.string("sortName")
        disambiguation = try entry.string("disambiguation")
    }
}

struct BookFields: JSONEntryFields {
    static let kind = "book"
    var title: String?
    var sortTitle: String?
    var isbn13: String?
    var year: Int?
    var pages: Int?
    var language: String?
    var summary: String?
    /// `"tolkien"` or `{"author": "tolkien", "role": "translator"}`.
    var authors: [(author: String, role: String?)]?
    var genres: [String]?

    init(reading entry: inout JSONCatalogEntry) throws(JSONShapeError) {
        title = try entry.string("title")
        sortTitle = try entry.string("sortTitle")
        isbn13 = try entry.string("isbn13")
        year = try entry.int("year")
        pages = try entry.int("pages")
        language = try entry.string("language")
        summary = try entry.string("summary", .longText)
        authors = try entry.credits("authors")
        genres = try entry.strings("genres")
    }
}

struct BandFields: JSONEntryFields {
    static let kind = "band"
    var name: String?
    var sortName: String?
    var country: String?
    var formedYear: Int?
    var endedYear: Int?
    var status: String?
    var disambiguation: String?
    var genres: [String]?

    init(reading entry: inout JSONCatalogEntry) throws(JSONShapeError) {
        name = try entry.string("name")
        sortName = try entry.string("sortName")
        country = try entry.string("country")
        formedYear = try entry.int("formedYear")
        endedYear = try entry.int("endedYear")
        status = try entry.string("status")
        disambiguation = try entry.string("disambiguation")
        genres = try entry.strings("genres")
    }
}
