import Catalog
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation
import SQLiteDB

/// `catalog list KIND [--author|--genre|--book|--band UUID]`: one page of a browsing list.
enum ListCommand {
    static let command = Command(
        name: "list",
        abstract: "List books, authors, genres or bands, one page at a time.",
        discussion: """
            Lists: books (by title), books --author (by year, then title), books --genre, authors (by sort \
            name), authors --book (credits in order, with roles), authors --author (co-authors), genres (by \
            name), genres --band, bands (by sort name), bands --genre. Pass the printed cursor to --after for \
            the next page.
            """,
        options: [author, genre, book, band, limit, after, json],
        arguments: [Argument("KIND", help: "books, authors, genres or bands.")],
        run: run
    )

    static let author = filter("author", help: "Books of this author, or (with authors) their co-authors.")
    static let genre = filter("genre", help: "Books or bands of this genre.")
    static let book = filter("book", help: "Authors credited on this book.")
    static let band = filter("band", help: "Genres of this band.")
    /// The filters, named as `ListFilter.names` names them.
    static let filters = [author, genre, book, band]
    static let limit = TypedOption<Int>(
        "limit", valueName: "N", parser: .integer(in: 1...Page<Book>.maximumLimit),
        default: CatalogAPI.defaultListLimit,
        help: "Items per page, 1–1000.")
    static let after = TypedOption<String?>(
        "after", valueName: "CURSOR", help: "Continue after this cursor from a previous page.")
    static let json = Flag("json", help: "Print the page as JSON.")

    private static func filter(_ name: String, help: String) -> TypedOption<UUID?> {
        TypedOption(name, valueName: "UUID", parser: .uuid, help: help)
    }

    /// The filter the invocation gives (at most one of --author, --genre, --book, --band), or `nil`.
    static func filter(_ invocation: Invocation) throws -> ListFilter? {
        let given = filters.filter { invocation.isGiven($0) }
        guard given.count <= 1 else {
            throw UsageError(
                "give at most one of --author, --genre, --book, --band", commandPath: invocation.commandPath)
        }
        guard let option = given.first, let uuid = try invocation[option] else { return nil }
        return ListFilter(name: option.name, uuid: uuid)
    }

    static func run(_ invocation: Invocation) throws {
        let kind = try EntityArguments.kind(invocation.positional(0) ?? "", invocation: invocation)
        let filter = try filter(invocation)
        if let filter, !filter.applies(to: kind) {
            throw UsageError(
                "'list \(kind.rawValue)s' does not take --\(filter.name)",
                hint: "books take --author or --genre; authors --book or --author; genres --band; bands --genre",
                commandPath: invocation.commandPath)
        }
        let limit = try invocation[Self.limit]
        let after = try invocation[Self.after].map(PageCursor.init)
        let store = try GlobalOptions.openStore(invocation)
        do {
            // One read transaction: the page and its total from the same state, while other processes write.
            try store.readCatalog { catalog in
                if invocation[json] {
                    Output.write(try CatalogAPI.list(kind, filter: filter, after: after, limit: limit, in: catalog))
                } else {
                    let page = try ListPage.load(kind, filter: filter, after: after, limit: limit, in: catalog)
                    Output.write(text(page, kind: kind))
                }
            }
        } catch CatalogError.invalidCursor(let reason) {
            // A cursor only comes from the command line: one mistyped, cut or from another list is a usage error.
            throw UsageError(
                "--after: invalid cursor: \(reason)",
                hint: "pass the 'next:' cursor that 'catalog list' printed for the same list, or leave --after out "
                    + "to start at the beginning", commandPath: invocation.commandPath)
        }
    }

    /// The page's lines: each item's uuid and what names it.
    static func lines(_ page: ListPage) -> [String] {
        switch page {
        case .books(let page, _):
            page.items.map { line($0.uuid, $0.title + ($0.year.map { " (\($0))" } ?? "")) }
        case .authors(let page, _):
            page.items.map { line($0.uuid, $0.sortName) }
        case .credits(let page, _):
            page.items.map { line($0.author.uuid, "\($0.author.name) (\($0.role.rawValue))") }
        case .genres(let page, _):
            page.items.map { line($0.uuid, $0.name) }
        case .bands(let page, _):
            page.items.map { band in
                let details = [band.disambiguation, band.country].compactMap { $0 }.joined(separator: ", ")
                return line(band.uuid, band.sortName + (details.isEmpty ? "" : " (\(details))"))
            }
        }
    }

    static func line(_ uuid: UUID, _ text: String) -> String {
        "\(uuid.uuidString.lowercased())  \(text)"
    }

    static func text(_ page: ListPage, kind: EntityKind) -> String {
        var text = "\(page.total) \(kind.rawValue)\(page.total == 1 ? "" : "s")\n"
        text += lines(page).map { $0 + "\n" }.joined()
        if let next = page.next {
            text += "next: \(next.rawValue)\n"
        }
        return text
    }
}
