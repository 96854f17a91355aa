import Catalog
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation

/// `catalog duplicates KIND`: entries that are probably one entry entered twice, for a person to decide on.
enum DuplicatesCommand {
    static let command = Command(
        name: "duplicates",
        abstract: "List probable duplicate authors, bands or books; nothing is merged.",
        discussion: """
            Entries are candidates when their names (titles) are the same words once case, accents, punctuation \
            and spacing are set aside, in any order: 'Twain, Mark' and 'Mark Twain', 'J.R.R. Tolkien' and \
            'J. R. R. Tolkien'. Entries told apart on purpose are left out: authors or bands that all carry a note, \
            bands of different countries or founding years, books with no author in common.
            """,
        options: [json],
        arguments: [Argument("KIND", help: "authors, bands or books (genres never repeat a name).")],
        run: run
    )

    static let json = Flag("json", help: "Print the groups as JSON.")

    static func run(_ invocation: Invocation) throws {
        let kind = try EntityArguments.kind(invocation.positional(0) ?? "", invocation: invocation)
        let store = try GlobalOptions.openStore(invocation)
        if invocation[json] {
            Output.write(try store.readCatalog { catalog in try CatalogAPI.duplicates(kind, in: catalog) })
            return
        }
        let groups = try store.readCatalog { catalog in try DuplicateFinder(catalog).groups(of: kind) }
        Output.write(text(groups, of: kind))
    }

    /// A heading, then each group: its reason, then a row per member.
    static func text(_ groups: [DuplicateGroup], of kind: EntityKind) -> String {
        let plural = kind.rawValue + "s"
        guard !groups.isEmpty else { return "no probable duplicate \(plural)\n" }
        let heading = "\(groups.count) group\(groups.count == 1 ? "" : "s") of probable duplicate \(plural)"
        return heading + " (nothing was merged)\n"
            + groups.map { group in
                "\n\(group.reason.explanation)\n"
                    + Output.table(group.members.map { ($0.name, details($0)) }, indent: 2)
            }.joined()
    }

    /// What tells a member apart, then its uuid.
    private static func details(_ member: DuplicateMember) -> String {
        let parts: [String?] =
            switch member.kind {
            case .author: [member.books.map { "\($0) book\($0 == 1 ? "" : "s")" }, member.note]
            case .band: [member.country, member.formedYear.map { "formed \($0)" }, member.note]
            case .book: [member.year.map(String.init), member.authors?.joined(separator: ", "), member.isbn13]
            case .genre: []
            }
        return (parts.compactMap { $0 } + [member.uuid.uuidString.lowercased()]).joined(separator: "  ")
    }
}
