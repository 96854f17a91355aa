import Catalog
import Foundation
import SQLiteDB

/// Reads the books of a Calibre library from its `metadata.db`, one book at a time, never writing to it.
///
/// The database is opened read-only (no journal or WAL file is made beside it, its bytes and modification time
/// stay as they were) and only its tables are read: Calibre's views call SQL functions that only Calibre defines.
/// Mapping, book by book in `id` order:
/// - `uuid` is the source key, so re-importing an updated library updates each book in place;
/// - `title`, and `sort` as the sort title;
/// - the authors in credited order (`books_authors_link` order), with `sort` as their sort name, matched by name;
/// - `tags` as genres, in the order they were given;
/// - the `isbn` identifier as an ISBN-13 (an ISBN-10 is converted; a failing checksum drops it with a warning);
///   other identifiers (`goodreads`, `amazon`, …) are not kept: a book has one source key, its uuid;
/// - the year of `pubdate` (Calibre's "unknown", year 101, is no year);
/// - the first of `languages` (ISO 639-2, `eng`);
/// - `comments` as the summary, reduced from HTML to plain text (``HTMLText``).
///
/// Publisher, series, rating, formats and custom columns have no place in the catalog and are not read.
final class CalibreLibraryReader: ImportRowReader {
    /// The columns of a rejected book in the errors file: enough to find it in Calibre.
    static let header = ["calibre_id", "source_key", "title", "authors"]
    /// The name of the database file in a library folder.
    static let databaseName = "metadata.db"

    private let path: String
    private let db: Database
    private let books: RowCursor<BookRow>
    private let bookCount: Int
    private var booksRead = 0

    /// Opens a library read-only.
    ///
    /// - Parameter path: The library's `metadata.db`.
    /// - Throws: ``ReaderError/calibreLibrary(path:reason:)`` when the file is not a Calibre library database;
    ///   ``ReaderError/file(_:)`` when it cannot be opened.
    init(path: String) throws(ReaderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .file(.cannotOpen(path: path, reason: isDirectory.boolValue ? "it is a directory" : "no such file"))
        }
        self.path = path
        do {
            var configuration = Database.Configuration()
            configuration.readOnly = true
            db = try Database(path: path, configuration: configuration)
            let tables = try db.fetchAll(String.self, "SELECT name FROM sqlite_schema WHERE type = 'table'")
            let missing = Self.tables.filter { !tables.contains($0) }
            guard missing.isEmpty else {
                throw ReaderError.calibreLibrary(
                    path: path, reason: "it has no table \(missing.map { "'\($0)'" }.joined(separator: ", "))")
            }
            bookCount = try db.fetchOne(Int.self, "SELECT count(*) FROM books") ?? 0
            books = try db.prepare("SELECT id, uuid, title, sort, pubdate FROM books ORDER BY id").cursor(BookRow.self)
        } catch let error as ReaderError {
            throw error
        } catch {
            throw .calibreLibrary(path: path, reason: Self.reason(error))
        }
    }

    /// The tables the reader needs.
    private static let tables = [
        "books", "authors", "books_authors_link", "tags", "books_tags_link", "identifiers", "languages",
        "books_languages_link", "comments",
    ]

    /// Books read out of the library's book count (a book stands for a byte).
    var progress: ReadProgress {
        ReadProgress(bytesRead: Int64(booksRead), totalBytes: Int64(bookCount), line: booksRead)
    }

    func next() throws(ReaderError) -> ImportRow? {
        do {
            guard let book = try books.next() else { return nil }
            booksRead += 1
            return try row(book)
        } catch let error as ReaderError {
            throw error
        } catch {
            throw .calibreLibrary(path: path, reason: Self.reason(error))
        }
    }

    /// One `books` row with what the reader takes from it.
    private struct BookRow: RowDecodable {
        let id: Int64
        let uuid: String?
        let title: String?
        let sort: String?
        let pubdate: String?

        init(row: Row) throws {
            id = try row.value(at: 0)
            uuid = row[1]
            title = row[2]
            sort = row[3]
            pubdate = row[4]
        }
    }

    private func row(_ book: BookRow) throws -> ImportRow {
        let authors = try db.cachedStatement(
            """
            SELECT a.name, a.sort FROM books_authors_link AS l JOIN authors AS a ON a.id = l.author
            WHERE l.book = ? ORDER BY l.id
            """
        ).fetchAll(NameRow.self, [book.id])
        var record = CalibreBook(id: book.id, path: path)
        let title = record.name(book.title, field: "title")
        if title == nil, !record.isRefused("title") {
            record.reject("title", reason: "is empty; every book needs a title")
        }
        let key = record.name(book.uuid, field: "uuid")
        if key == nil, !record.isRefused("uuid") {
            record.reject("uuid", reason: "is empty; Calibre gives every book one")
        }
        let credits = authors.compactMap { author in
            record.name(author.name, field: "authors").map { name in
                BookRecord.Contributor(author: AuthorRecord(name: name, sortName: FieldValue.name(author.sort ?? "")))
            }
        }
        let tags = try db.cachedStatement(
            "SELECT t.name FROM books_tags_link AS l JOIN tags AS t ON t.id = l.tag WHERE l.book = ? ORDER BY l.id"
        ).fetchAll(String.self, [book.id])
        let isbn = try db.cachedStatement(
            "SELECT val FROM identifiers WHERE book = ? AND lower(type) = 'isbn' ORDER BY id LIMIT 1"
        ).fetchOne(String.self, [book.id])
        let language = try db.cachedStatement(
            """
            SELECT g.lang_code FROM books_languages_link AS l JOIN languages AS g ON g.id = l.lang_code
            WHERE l.book = ? ORDER BY l.item_order, l.id LIMIT 1
            """
        ).fetchOne(String.self, [book.id])
        let comments = try db.cachedStatement("SELECT text FROM comments WHERE book = ?").fetchOne(
            String.self, [book.id])
        let bookRecord = BookRecord(
            key: key, title: title ?? "", sortTitle: record.name(book.sort, field: "sort"),
            isbn13: record.isbn(isbn), year: Self.year(book.pubdate),
            language: record.name(language, field: "languages"),
            summary: comments.flatMap { record.text(HTMLText.plainText($0), field: "comments") },
            contributors: credits,
            genres: tags.compactMap { record.name($0, field: "tags") }.map { GenreRecord(name: $0) })
        return record.result(
            .book(bookRecord),
            rawValues: [String(book.id), book.uuid ?? "", book.title ?? "", authors.map(\.name).joined(separator: "|")])
    }

    /// The year of a `pubdate` (`1937-09-21 00:00:00+00:00`); `nil` for Calibre's "unknown" (`0101-01-01`) and for
    /// anything else that does not start with a year. The year is the one stored, in UTC.
    static func year(_ pubdate: String?) -> Int? {
        guard let pubdate, let year = Int(pubdate.prefix(4)), pubdate.count >= 4, year > 101 else { return nil }
        return FieldValue.years.contains(year) ? year : nil
    }

    private struct NameRow: RowDecodable {
        let name: String
        let sort: String?

        init(row: Row) throws {
            name = try row.value(at: 0)
            sort = row[1]
        }
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "\(error)" }
        if error.isBusy { return "Calibre is writing to it; try again once it is done" }
        if error.isNotADatabase { return "it is not a SQLite database" }
        return error.message
    }
}

// One cursor over one connection: not meant to be shared between tasks.
@available(*, unavailable)
extension CalibreLibraryReader: Sendable {}

/// The values of one Calibre book being read, and the problems found in them.
private struct CalibreBook {
    let id: Int64
    let path: String
    private var issues: [RowIssue] = []
    private var warnings: [RowIssue] = []

    init(id: Int64, path: String) {
        self.id = id
        self.path = path
    }

    /// Whitespace-collapsed text, `nil` when empty; a value over ``FieldLimits`` rejects the book.
    mutating func name(_ value: String?, field: String) -> String? {
        checked(value, field: field, .shortText).flatMap(FieldValue.name)
    }

    /// Trimmed text, `nil` when empty; a value over ``FieldLimits`` rejects the book.
    mutating func text(_ value: String, field: String) -> String? {
        checked(value, field: field, .longText).flatMap(FieldValue.text)
    }

    /// The ISBN-13 of an `isbn` identifier; an invalid one is dropped with a warning, since the rest of the book is
    /// good and Calibre does not check identifiers.
    mutating func isbn(_ value: String?) -> String? {
        guard let value, let text = FieldValue.text(value) else { return nil }
        switch ISBN.normalize(text) {
        case .success(let isbn13): return isbn13
        case .failure(let error):
            warnings.append(RowIssue(line: 0, column: "isbn (\(label))", value: text, reason: error.reason))
            return nil
        }
    }

    private mutating func checked(_ value: String?, field: String, _ kind: FieldLimits.Kind) -> String? {
        guard let value else { return nil }
        if let reason = FieldLimits.violation(value, kind) {
            reject(field, reason: reason, value: FieldLimits.excerpt(value))
            return nil
        }
        return FieldLimits.folded(value, kind)
    }

    /// Whether a problem with `field` rejects the book already.
    func isRefused(_ field: String) -> Bool {
        issues.contains { $0.column == field }
    }

    /// Records a problem that rejects the book.
    mutating func reject(_ field: String, reason: String, value: String? = nil) {
        issues.append(RowIssue(line: 0, column: field, value: value, reason: reason))
    }

    /// How messages name the book.
    var label: String { "Calibre book \(id)" }

    /// The book accepted, or rejected with every problem found.
    func result(_ record: CatalogRecord, rawValues: [String]) -> ImportRow {
        guard issues.isEmpty else {
            return .rejected(
                ImportRejection(file: path, line: 0, issues: issues, rawValues: rawValues, record: label))
        }
        return .accepted(AcceptedRow(line: 0, record: record, warnings: warnings))
    }
}
