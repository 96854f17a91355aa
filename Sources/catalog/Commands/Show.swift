import Catalog
import CommandLineKit
import Foundation

/// `catalog show KIND UUID`: one entity with its related entities.
enum ShowCommand {
    static let command = Command(
        name: "show",
        abstract: "Show a book, author, genre or band with its related entities.",
        discussion:
            "Related lists show their first \(relatedLimit) entries and a count; 'catalog list' pages through all.",
        options: [.flag("json", help: "Print the entity as JSON.")],
        arguments: [
            Argument("KIND", help: "book, author, genre or band."),
            Argument("UUID", help: "The entity's uuid."),
        ],
        run: run
    )

    static let relatedLimit = 100

    /// An entity rendered both ways.
    struct Shown {
        var json: JSONValue
        var text: String
    }

    static func run(_ invocation: Invocation) throws {
        let kind = try EntityArguments.kind(invocation.positional(0) ?? "", invocation: invocation)
        let uuid = try EntityArguments.uuid(invocation.positional(1) ?? "", for: "UUID", invocation: invocation)
        let catalog = LibraryCatalog(try GlobalOptions.openDatabase(invocation))
        let shown: Shown
        switch kind {
        case .book: shown = try book(uuid, in: catalog)
        case .author: shown = try author(uuid, in: catalog)
        case .genre: shown = try genre(uuid, in: catalog)
        case .band: shown = try band(uuid, in: catalog)
        }
        if invocation.flag("json") {
            try Output.writeJSON(shown.json)
        } else {
            Output.write(shown.text)
        }
    }

    static func book(_ uuid: UUID, in catalog: LibraryCatalog) throws -> Shown {
        let book = try catalog.books.get(uuid: uuid)
        let credits = try catalog.books.credits(of: book.id, after: nil, limit: relatedLimit).items
        let genres = try catalog.books.genres(of: book.id)
        let json = CatalogJSON.book(book).merging(
            CatalogJSON.timestamps(created: book.createdAt, updated: book.updatedAt).merging([
                "isbn13": .string(book.isbn13), "pages": .int(book.pages), "summary": .string(book.summary),
                "authors": .array(credits.map(CatalogJSON.credit)), "genres": .array(genres.map(CatalogJSON.genre)),
            ]) { _, new in new })
        var rows = [("uuid", uuid.uuidString.lowercased()), ("sort title", book.sortTitle)]
        rows += optionalRows([
            ("year", book.year.map(String.init)), ("isbn13", book.isbn13), ("pages", book.pages.map(String.init)),
            ("language", book.language),
        ])
        rows += credits.map { ("authors", "\($0.author.name) (\($0.role.rawValue))  \(lower($0.author.uuid))") }
        rows += genres.map { ("genres", "\($0.name)  \(lower($0.uuid))") }
        return Shown(json: json, text: text(title: book.title, rows: rows, note: book.summary))
    }

    static func author(_ uuid: UUID, in catalog: LibraryCatalog) throws -> Shown {
        let author = try catalog.authors.get(uuid: uuid)
        let books = try catalog.books.page(byAuthor: author.id, after: nil, limit: relatedLimit).items
        let coauthors = try catalog.authors.page(coauthorsOf: author.id, after: nil, limit: relatedLimit).items
        let json = CatalogJSON.author(author).merging(
            CatalogJSON.timestamps(created: author.createdAt, updated: author.updatedAt).merging([
                "books": .array(books.map(CatalogJSON.book)),
                "bookCount": .int(try catalog.books.count(byAuthor: author.id)),
                "coauthors": .array(coauthors.map(CatalogJSON.author)),
                "coauthorCount": .int(try catalog.authors.count(coauthorsOf: author.id)),
            ]) { _, new in new })
        var rows = [("uuid", lower(author.uuid)), ("sort name", author.sortName)]
        rows += optionalRows([("about", author.disambiguation)])
        rows += books.map { ("books", "\($0.title)\($0.year.map { " (\($0))" } ?? "")  \(lower($0.uuid))") }
        rows += coauthors.map { ("co-authors", "\($0.name)  \(lower($0.uuid))") }
        return Shown(json: json, text: text(title: author.name, rows: rows, note: nil))
    }

    static func genre(_ uuid: UUID, in catalog: LibraryCatalog) throws -> Shown {
        let genre = try catalog.genres.get(uuid: uuid)
        let parent = try genre.parentID.flatMap { try catalog.genres.find(id: $0) }
        let books = try catalog.books.page(inGenre: genre.id, after: nil, limit: relatedLimit).items
        let bands = try catalog.bands.page(inGenre: genre.id, after: nil, limit: relatedLimit).items
        let json = CatalogJSON.genre(genre).merging(
            CatalogJSON.timestamps(created: genre.createdAt, updated: genre.updatedAt).merging([
                "parent": parent.map(CatalogJSON.genre) ?? .null,
                "books": .array(books.map(CatalogJSON.book)),
                "bookCount": .int(try catalog.books.count(inGenre: genre.id)),
                "bands": .array(bands.map(CatalogJSON.band)),
                "bandCount": .int(try catalog.bands.count(inGenre: genre.id)),
            ]) { _, new in new })
        var rows = [("uuid", lower(genre.uuid))]
        rows += optionalRows([("parent", parent.map { "\($0.name)  \(lower($0.uuid))" })])
        rows += books.map { ("books", "\($0.title)  \(lower($0.uuid))") }
        rows += bands.map { ("bands", "\($0.name)  \(lower($0.uuid))") }
        return Shown(json: json, text: text(title: genre.name, rows: rows, note: nil))
    }

    static func band(_ uuid: UUID, in catalog: LibraryCatalog) throws -> Shown {
        let band = try catalog.bands.get(uuid: uuid)
        let genres = try catalog.genres.page(ofBand: band.id, after: nil, limit: relatedLimit).items
        let json = CatalogJSON.band(band).merging(
            CatalogJSON.timestamps(created: band.createdAt, updated: band.updatedAt).merging([
                "genres": .array(genres.map(CatalogJSON.genre))
            ]) { _, new in new })
        var rows = [("uuid", lower(band.uuid)), ("sort name", band.sortName)]
        let years = [band.formedYear, band.endedYear].map { $0.map(String.init) ?? "" }.joined(separator: "–")
        rows += optionalRows([
            ("about", band.disambiguation), ("country", band.country), ("years", years == "–" ? nil : years),
            ("status", band.status?.rawValue),
        ])
        rows += genres.map { ("genres", "\($0.name)  \(lower($0.uuid))") }
        return Shown(json: json, text: text(title: band.name, rows: rows, note: nil))
    }

    private static func optionalRows(_ rows: [(String, String?)]) -> [(String, String)] {
        rows.compactMap { label, value in value.map { (label, $0) } }
    }

    private static func lower(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    /// The title, then `label  value` rows (a repeated label printed once), then a note.
    private static func text(title: String, rows: [(String, String)], note: String?) -> String {
        var previous: String?
        let labelled = rows.map { label, value in
            defer { previous = label }
            return (label == previous ? "" : label, value)
        }
        return title + "\n" + Output.table(labelled, indent: 2) + (note.map { "\n  \($0)\n" } ?? "")
    }
}
