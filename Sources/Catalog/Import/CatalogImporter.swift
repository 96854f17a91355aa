public import Foundation
public import SQLiteDB

/// Imports records from any reader into the catalog: idempotently (a record's identity is its source and
/// key, and a record identical to the last import of its key writes nothing) and transactionally (one
/// transaction for the whole import, a savepoint per record).
///
/// A record that cannot be stored (an empty title, a duplicate ISBN …) is rejected with its reason and the
/// import goes on; any other failure rolls everything back.
///
/// ```swift
/// let summary = try CatalogImporter(db).importJSON(contentsOf: URL(filePath: "SampleData/library.json"))
/// print(summary.inserted, summary.updated, summary.unchanged, summary.rejected)
/// ```
public struct CatalogImporter {
    let db: Database
    private var books: BookRepository { BookRepository(db) }
    private var authors: AuthorRepository { AuthorRepository(db) }
    private var genres: GenreRepository { GenreRepository(db) }
    private var bands: BandRepository { BandRepository(db) }

    /// An importer writing to `db`, which must have the catalog schema.
    public init(_ db: Database) {
        self.db = db
    }

    /// Imports a file in the native JSON format.
    ///
    /// - Returns: the summary, with the records the reader could not understand among the rejections.
    /// - Throws: ``JSONCatalogError`` when the file is not a catalog JSON file; ``DatabaseError`` when the
    ///   database fails (nothing is imported then).
    public func importJSON(contentsOf url: URL) throws -> ImportSummary {
        let document = try JSONCatalogReader().read(contentsOf: url)
        var summary = try importRecords(document.records, source: document.source)
        summary.rejections = document.rejections + summary.rejections
        return summary
    }

    /// Imports `records` under `source`, in one transaction.
    ///
    /// - Parameters:
    ///   - records: what a reader produced, in order (a genre before the genres naming it as parent is best).
    ///   - source: names the origin of the keys, e.g. `"goodbooks-10k"`; keys are unique within a source.
    /// - Throws: ``DatabaseError`` for failures other than a bad record; the transaction is rolled back.
    public func importRecords<Records: Sequence<CatalogRecord>>(_ records: Records, source: String) throws
        -> ImportSummary
    {
        var summary = ImportSummary(source: source)
        try db.transaction(.immediate) {
            for record in records {
                do {
                    summary.count(try db.savepoint { try importRecord(record, source: source) })
                } catch let error as CatalogError {
                    summary.rejections.append(ImportRejection(record: record.label, reason: error.description))
                } catch let error as DatabaseError where error.isConstraintViolation {
                    summary.rejections.append(ImportRejection(record: record.label, reason: error.message))
                }
            }
        }
        return summary
    }

    private func importRecord(_ record: CatalogRecord, source: String) throws -> UpsertOutcome {
        switch record {
        case .author(let author):
            guard let key = author.key else { return try resolveUnkeyed(author).outcome }
            return try authors.upsert(author.draft, source: source, key: key).outcome
        case .genre(let genre):
            return try resolve(genre, source: source).outcome
        case .book(let book):
            return try books.upsert(book.draft, source: source, key: book.key, fingerprint: book.fingerprint) {
                try link(book, to: $0.id, source: source)
            }.outcome
        case .band(let band):
            return try bands.upsert(band.draft, source: source, key: band.key, fingerprint: band.fingerprint) {
                try bands.setGenres(unique(band.genres.map { try resolve($0, source: source).entity.id }), of: $0.id)
            }.outcome
        }
    }

    private func link(_ book: BookRecord, to bookID: Int64, source: String) throws {
        var seen = Set<BookCredit>()
        var credits: [BookCredit] = []
        for contributor in book.contributors {
            let author = try resolve(contributor.author, source: source)
            let credit = BookCredit(authorID: author.id, role: contributor.role)
            if seen.insert(credit).inserted { credits.append(credit) }
        }
        try books.setCredits(credits, of: bookID)
        try books.setGenres(unique(book.genres.map { try resolve($0, source: source).entity.id }), of: bookID)
    }

    /// The author a credit names: by key when it has one, else the one author of that name, else a new one.
    private func resolve(_ author: AuthorRecord, source: String) throws -> Author {
        if let key = author.key {
            return try authors.upsert(author.draft, source: source, key: key).entity
        }
        return try resolveUnkeyed(author).entity
    }

    private func resolveUnkeyed(_ author: AuthorRecord) throws -> Upserted<Author> {
        if let match = try authors.soleMatch(for: author.draft) {
            return Upserted(entity: match, outcome: .unchanged)
        }
        return Upserted(entity: try authors.create(author.draft), outcome: .inserted)
    }

    /// The genre a record names, with its parent: by key when it has one, else by name, else a new one.
    private func resolve(_ genre: GenreRecord, source: String) throws -> Upserted<Genre> {
        var parentID: Int64?
        if let parentName = genre.parentName {
            parentID = try resolve(GenreRecord(name: parentName), source: source).entity.id
        }
        let draft = GenreDraft(name: genre.name, parentID: parentID, uuid: genre.uuid)
        if let key = genre.key {
            return try genres.upsert(draft, source: source, key: key)
        }
        if let existing = try genres.find(named: genre.name) {
            return Upserted(entity: existing, outcome: .unchanged)
        }
        return Upserted(entity: try genres.create(draft), outcome: .inserted)
    }

    private func unique(_ ids: [Int64]) -> [Int64] {
        var seen = Set<Int64>()
        return ids.filter { seen.insert($0).inserted }
    }
}
