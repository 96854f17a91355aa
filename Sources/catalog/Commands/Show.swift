import Catalog
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation
import LibraryNavigation
import SQLiteDB

/// `catalog show KIND UUID`: one entity with its related entities.
enum ShowCommand {
    static let command = Command(
        name: "show",
        abstract: "Show a book, author, genre or band with its related entities.",
        discussion:
            "Related lists show their first \(EntityDetail.relatedLimit) entries and a count; 'catalog list' pages through all.",
        options: [json],
        arguments: [
            Argument("KIND", help: "book, author, genre or band."),
            Argument("UUID", help: "The entity's uuid."),
        ],
        run: run
    )

    static let json = Flag("json", help: "Print the entity as JSON.")

    static func run(_ invocation: Invocation) throws {
        let (kind, named) = try EntityArguments.entry(invocation)
        let store = try GlobalOptions.openStore(invocation)
        // An entity merged into another is shown as the one it was merged into, as a saved view naming it is.
        var uuid = named
        if try store.readLookup({ try $0.name(of: kind, uuid: named) }) == nil,
            let survivor = try store.readLookup({ try $0.survivor(of: kind, uuid: named) })
        {
            Output.writeError("note: \(kind) \(lower(named)) was merged into \(lower(survivor)); showing that one\n")
            uuid = survivor
        }
        try store.readCatalog { catalog in
            if invocation[json] {
                Output.write(try CatalogAPI.show(kind, uuid: uuid, in: catalog))
            } else {
                Output.write(text(try EntityDetail.load(kind, uuid: uuid, in: catalog)))
            }
        }
    }

    /// The entity's name, its fields as rows, then its related entities.
    static func text(_ detail: EntityDetail) -> String {
        switch detail.entity {
        case .book(let book, let credits, let genres):
            var rows = [("uuid", lower(book.uuid)), ("sort title", book.sortTitle)]
            rows += optionalRows([
                ("year", book.year.map(String.init)), ("isbn13", book.isbn13), ("pages", book.pages.map(String.init)),
                ("language", book.language),
            ])
            rows += credits.map { ("authors", "\($0.author.name) (\($0.role.rawValue))  \(lower($0.author.uuid))") }
            rows += genres.map { ("genres", "\($0.name)  \(lower($0.uuid))") }
            return text(title: book.title, rows: rows, note: book.summary)
        case .author(let author, let books, _, let coauthors, _):
            var rows = [("uuid", lower(author.uuid)), ("sort name", author.sortName)]
            rows += optionalRows([("about", author.disambiguation)])
            rows += books.map { ("books", "\($0.title)\($0.year.map { " (\($0))" } ?? "")  \(lower($0.uuid))") }
            rows += coauthors.map { ("co-authors", "\($0.name)  \(lower($0.uuid))") }
            return text(title: author.name, rows: rows, note: nil)
        case .genre(let genre, let parent, let books, _, let bands, _):
            var rows = [("uuid", lower(genre.uuid))]
            rows += optionalRows([("parent", parent.map { "\($0.name)  \(lower($0.uuid))" })])
            rows += books.map { ("books", "\($0.title)  \(lower($0.uuid))") }
            rows += bands.map { ("bands", "\($0.name)  \(lower($0.uuid))") }
            return text(title: genre.name, rows: rows, note: nil)
        case .band(let band, let genres):
            var rows = [("uuid", lower(band.uuid)), ("sort name", band.sortName)]
            let years = [band.formedYear, band.endedYear].map { $0.map(String.init) ?? "" }.joined(separator: "–")
            rows += optionalRows([
                ("about", band.disambiguation), ("country", band.country), ("years", years == "–" ? nil : years),
                ("status", band.status?.rawValue),
            ])
            rows += genres.map { ("genres", "\($0.name)  \(lower($0.uuid))") }
            return text(title: band.name, rows: rows, note: nil)
        }
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
