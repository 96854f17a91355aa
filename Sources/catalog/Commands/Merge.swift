import Catalog
import CommandLineKit
import Foundation

/// `catalog merge KIND UUID --into UUID [--keep FIELD=from]`: two entries made one.
enum MergeCommand {
    static let into = TypedOption<UUID?>(
        "into", valueName: "UUID", parser: .uuid, help: "The entry that stays (required).")
    static let keep = TypedOption<[String]>(
        "keep", valueName: "FIELD=from", parser: .string,
        help: "Take FIELD (its option's name: name, year, about …) from the merged entry instead of the one that stays."
    )

    static let command = Command(
        name: "merge",
        abstract: "Merge a book, author, genre or band into another of its kind.",
        discussion: """
            The entry named by --into stays and keeps its fields (but those --keep takes from the merged one); it \
            takes over the merged entry's credits, genres and import identities (importing its file again updates \
            the entry that stays), duplicates kept once. Saved split views, history entries, sessions and links that \
            name the merged entry open the one that stays. 'catalog undo' takes the merge back while nothing has \
            changed since.
            """,
        options: [into, keep, EditOptions.ifRevision, EditOptions.by, EditOptions.json],
        arguments: [
            Argument("KIND", help: "book, author, genre or band."),
            Argument("UUID", help: "The entry to merge away."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let (kind, uuid) = try EntityArguments.entry(invocation)
        guard let survivor = try invocation[into] else {
            throw UsageError("merge needs --into UUID: the entry that stays", commandPath: invocation.commandPath)
        }
        let kept = Set(try invocation[keep].map { try field(of: $0, invocation) })
        let revision = try EditOptions.revision(invocation)
        let result = try EditOptions.editing(invocation) { editor in
            try editor.merge(kind, uuid: uuid, into: survivor, keeping: kept, ifRevision: revision)
        }
        try EditOptions.report(result, name: nil, invocation)
    }

    /// The field key of `--keep FIELD=from` (or `--keep FIELD`).
    private static func field(of text: String, _ invocation: Invocation) throws -> String {
        let name = text.hasSuffix("=from") ? String(text.dropLast(5)) : text
        guard let field = EditOptions.fields.first(where: { $0.option.name == name || $0.key == name }) else {
            throw UsageError(
                "--keep takes FIELD=from with a field's option name; got '\(text)'",
                hint: "one of \(EditOptions.fields.map(\.option.name).joined(separator: ", "))",
                commandPath: invocation.commandPath)
        }
        return field.key
    }
}
