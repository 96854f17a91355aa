import Catalog
import CatalogImport
public import Foundation

/// The native JSON import reader: any bytes give a document or a ``JSONCatalogError`` with a message — never a
/// crash or another error — and a document keeps the reader's promises to the importer: the same document on
/// every read, keys unique per kind and prefixed with the kind, a source, every book's authors and every genre
/// a book or band names present as records of the same document, every parent genre named by a genre record,
/// every rejection with a reason, no record with a value the import limits refuse (too long, or a control character
/// in a name), and the same document however the reads cut the file (1-, 3- and 64-byte chunks: the reader streams).
/// The whole input is the file.
public struct JSONReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public static let name = "json-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let document: JSONCatalogDocument
        do {
            document = try read(input)
        } catch let error as JSONCatalogError {
            try require(!error.description.isEmpty, "a refused file must say why")
            return
        } catch {
            throw FuzzFinding("the reader threw \(type(of: error)), not a JSONCatalogError: \(error)")
        }
        try require((try? read(input)) == document, "a second read gave another document")
        for chunkSize in [1, 3, 64] {
            try require(
                (try? ReaderFuzzing.readCatalogJSON([UInt8](input), chunkSize: chunkSize)) == document,
                "reading in \(chunkSize)-byte chunks gave another document")
        }
        for record in document.records {
            if let violation = ReaderFuzzing.limitViolation(record) {
                throw FuzzFinding("a record over the limits was accepted: \(violation)")
            }
        }
        try require(!document.source.isEmpty, "the document has no source")
        for rejection in document.rejections {
            try require(!rejection.reason.isEmpty, "a rejection without a reason: \(rejection)")
        }
        try requireResolved(document.records)
    }

    private func read(_ input: Data) throws -> JSONCatalogDocument {
        try JSONCatalogReader().read(input, file: "fuzz.json", defaultSource: "fuzz")
    }

    /// Keys unique per kind, and every author and genre a record refers to among the records.
    private func requireResolved(_ records: [CatalogRecord]) throws(FuzzFinding) {
        var keys: Set<String> = []
        var authors: Set<AuthorRecord> = []
        var genres: Set<GenreRecord> = []
        for record in records {
            let (kind, key): (String, String?) =
                switch record {
                case .author(let author): ("author", author.key)
                case .genre(let genre): ("genre", genre.key)
                case .book(let book): ("book", book.key)
                case .band(let band): ("band", band.key)
                }
            let stored = key ?? ""
            // Bytes, not characters: a key may start with a combining mark, which joins the "/" before it.
            try require(stored.utf8.starts(with: "\(kind)/".utf8), "\(record.label): the key lacks its kind")
            try require(keys.insert(stored).inserted, "\(record.label): a second record with this key")
            switch record {
            case .author(let author): authors.insert(author)
            case .genre(let genre): genres.insert(genre)
            case .book, .band: break
            }
        }
        let genreNames = Set(genres.map(\.name))
        for record in records {
            switch record {
            case .author: break
            case .genre(let genre):
                if let parent = genre.parentName {
                    try require(genreNames.contains(parent), "\(record.label): parent '\(parent)' is not a genre")
                }
            case .book(let book):
                for credit in book.contributors {
                    try require(authors.contains(credit.author), "\(record.label): an author outside the file")
                }
                try require(genres.isSuperset(of: book.genres), "\(record.label): a genre outside the file")
            case .band(let band):
                try require(genres.isSuperset(of: band.genres), "\(record.label): a genre outside the file")
            }
        }
    }
}
