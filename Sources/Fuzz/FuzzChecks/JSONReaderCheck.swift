import Catalog
import CatalogImport
public import Foundation
import JSONKit

/// The package's JSON reader and writer, then the native JSON import reader over them.
///
/// The reader: any bytes give one value or a ``JSONSyntaxError`` placed inside the input — the same read whole or
/// streamed in 1-, 3- and 64-byte chunks — and a value the writer writes reads back to the same text.
///
/// The native JSON import reader: any bytes give a document or a ``JSONCatalogError`` with a message — never a
/// crash or another error — and a document keeps the reader's promises to the importer: the same document on
/// every read, keys unique per kind and prefixed with the kind, a source, every book's authors and every genre
/// a book or band names present as records of the same document, every parent genre named by a genre record,
/// every rejection with a reason, no record with a value the import limits refuse (too long, or a control character
/// in a name), and the same document however the reads cut the file (1-, 3- and 64-byte chunks: the reader streams).
/// The whole input is the file.
public struct JSONReaderCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "json-reader"

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        try checkSharedReader([UInt8](input))
        try checkImportReader(input)
    }

    private func checkSharedReader(_ bytes: [UInt8]) throws(FuzzFinding) {
        let whole = outcome { () throws(JSONSyntaxError) in try JSONReader.document(bytes) }
        for chunkSize in [1, 3, 64] {
            let streamed = outcome {
                let reader = JSONReader(source: Chunks(bytes, size: chunkSize), limits: .document)
                guard let node = try reader.value() else { throw FuzzFinding("a value over no limit was dropped") }
                try reader.finish()
                return node
            }
            try require(streamed == whole, "read in \(chunkSize)-byte chunks: \(streamed), whole: \(whole)")
        }
        switch whole {
        case .refused(let error):
            try require(!error.reason.isEmpty, "a refused text must say why")
            try require(
                (0...Int64(bytes.count)).contains(error.position.byteOffset), "an error outside the text: \(error)")
        case .written(let text):
            let again = outcome { () throws(JSONSyntaxError) in try JSONReader.document(Array(text.utf8)) }
            try require(again == whole, "the written text \(text) reads back as \(again)")
        case .failed(let message):
            throw FuzzFinding("reading failed with something other than a syntax error: \(message)")
        }
    }

    /// What a read gave.
    private enum Outcome: Equatable {
        /// The text the writer writes of what was read.
        case written(String)
        /// The reader's refusal.
        case refused(JSONSyntaxError)
        /// Any other error, described.
        case failed(String)
    }

    /// What `read` gives.
    private func outcome(_ read: () throws -> JSONNode) -> Outcome {
        do {
            var writer = JSONWriter(layout: .compact)
            writer.node(try read())
            return .written(writer.text)
        } catch let error as JSONSyntaxError {
            return .refused(error)
        } catch {
            return .failed("\(error)")
        }
    }

    private func checkImportReader(_ input: Data) throws(FuzzFinding) {
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

/// Bytes handed on in chunks of one size.
private final class Chunks: JSONByteSource {
    private var rest: ArraySlice<UInt8>
    private let size: Int

    init(_ bytes: [UInt8], size: Int) {
        rest = bytes[...]
        self.size = size
    }

    func nextChunk() -> [UInt8]? {
        guard !rest.isEmpty else { return nil }
        defer { rest = rest.dropFirst(size) }
        return Array(rest.prefix(size))
    }
}
