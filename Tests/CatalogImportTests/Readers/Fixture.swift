import Catalog
import Foundation
import TestSupport
import Testing

@testable import CatalogImport

/// Committed fixtures by name, and readers and rows over them or over text.
enum Fixture {
    /// `Tests/CatalogImportTests/Fixtures/<name>`.
    static func path(_ name: String) -> String {
        TestSupport.importFixture(name)
    }

    /// A CSV importer for books over in-memory text.
    static func books(
        _ text: String, options: CSVImportOptions = CSVImportOptions(entity: .books)
    ) throws -> CSVImportReader<BookRowMapper> {
        try CSVImportReader(input: memory(Array(text.utf8)), options: options)
    }

    /// An input over bytes in memory.
    static func memory(_ bytes: [UInt8], encoding: InputEncoding = .utf8, chunkSize: Int = 64) -> TextInput {
        TextInput(source: MemoryByteSource(bytes, name: "test.csv"), encoding: encoding, chunkSize: chunkSize)
    }

    /// Every row of a reader.
    static func rows(_ reader: any ImportRowReader) throws -> [ImportRow] {
        var rows: [ImportRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// Every record of a CSV reader.
    static func rows(_ reader: CSVReader) throws -> [CSVRow] {
        var rows: [CSVRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }
    /// A book record as a CSV row reads it (no key unless given), in the order tests name fields.
    static func book(
        title: String, key: String? = nil, credits: [BookRecord.Contributor] = [], genres: [String] = [],
        isbn13: String? = nil, year: Int? = nil, pages: Int? = nil, language: String? = nil, summary: String? = nil
    ) -> BookRecord {
        BookRecord(
            key: key, title: title, isbn13: isbn13, year: year, pages: pages, language: language, summary: summary,
            contributors: credits,
            genres: genres.map { GenreRecord(name: $0) })
    }

    /// A credit by name (and key, for Open Library).
    static func credit(
        _ name: String, role: ContributorRole = .author, key: String? = nil, placeholder: Bool = false
    ) -> BookRecord.Contributor {
        .init(author: AuthorRecord(key: key, name: name, isPlaceholderName: placeholder), role: role)
    }

    /// A band record as a CSV row reads it.
    static func band(
        name: String, key: String? = nil, country: String? = nil, formedYear: Int? = nil, endedYear: Int? = nil,
        genres: [String] = []
    ) -> BandRecord {
        BandRecord(
            key: key, name: name, country: country, formedYear: formedYear, endedYear: endedYear,
            genres: genres.map { GenreRecord(name: $0) })
    }
}

extension ImportRow {
    /// The record when accepted.
    var accepted: CatalogRecord? {
        if case .accepted(let row) = self { return row.record }
        return nil
    }

    /// The book when a book was accepted.
    var book: BookRecord? {
        if case .book(let book) = accepted { return book }
        return nil
    }

    /// The band when a band was accepted.
    var band: BandRecord? {
        if case .band(let band) = accepted { return band }
        return nil
    }

    /// The rejection when rejected.
    var rejected: ImportRejection? {
        if case .rejected(let row) = self { return row }
        return nil
    }
}

extension CSVRow {
    /// The record, ragged or not.
    var record: CSVRecord {
        switch self {
        case .record(let record), .ragged(let record, _): return record
        }
    }
}

extension BookRecord {
    /// The credits, as the reader tests call them.
    var credits: [Contributor] { contributors }
}

extension BookRecord.Contributor {
    /// The credited name.
    var name: String { author.name }
    /// The person's key in the source.
    var sourceKey: String? { author.key }
}
