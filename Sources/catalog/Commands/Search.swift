import Catalog
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation

/// `catalog search TEXT`: full-text search over titles and names.
enum SearchCommand {
    static let command = Command(
        name: "search",
        abstract: "Search book titles and author, genre and band names; best matches first.",
        discussion: """
            Every word must match; the last one also matches as a prefix ('tolk' finds Tolkien). Case and \
            accents are ignored. Any text is accepted: punctuation and operators are searched as plain words.
            """,
        options: [limit, json],
        arguments: [Argument("TEXT", help: "What to look for.", variadic: true)],
        run: run
    )

    static let limit = TypedOption<Int>(
        "limit", valueName: "N", parser: .integer(in: 1...Page<EntitySummary>.maximumLimit),
        default: CatalogAPI.defaultSearchLimit, help: "At most N results, 1–1000.")
    static let json = Flag("json", help: "Print the results as JSON.")

    static func run(_ invocation: Invocation) throws {
        let limit = try invocation[Self.limit]
        let store = try GlobalOptions.openStore(invocation)
        let text = invocation.positionals.joined(separator: " ")
        if invocation[json] {
            Output.write(try store.readCatalog { catalog in try CatalogAPI.search(text, limit: limit, in: catalog) })
            return
        }
        let hits = try store.readCatalog { catalog in try catalog.search(text, limit: limit) }
        if hits.isEmpty {
            Output.write("no matches\n")
        } else {
            let width = (hits.map(\.kind.rawValue.count).max() ?? 0) + 2
            Output.write(
                hits.map { hit in
                    let kind = hit.kind.rawValue
                    return kind + String(repeating: " ", count: width - kind.count)
                        + "\(hit.uuid.uuidString.lowercased())  \(hit.name)\n"
                }.joined())
        }
    }
}
