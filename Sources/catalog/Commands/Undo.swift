import Catalog
import CommandLineKit

/// `catalog undo KIND UUID`: the last edit, delete or merge of an entry taken back.
enum UndoCommand {
    static let command = Command(
        name: "undo",
        abstract: "Undo the last edit, delete or merge of an entry, while nothing has changed it since.",
        discussion: """
            A merge is undone through either entry's uuid: the merged entry comes back with its credits, genres and \
            import identities. The undo is recorded in the history too.
            """,
        options: [EditOptions.by, EditOptions.json],
        arguments: EntityArguments.entry,
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let (kind, uuid) = try EntityArguments.entry(invocation)
        let result = try EditOptions.editing(invocation) { editor in try editor.undo(kind, uuid: uuid) }
        try EditOptions.report(result, name: nil, invocation)
    }
}
