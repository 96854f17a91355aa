import Catalog
import CommandLineKit

/// `catalog edit KIND UUID [--title …] [--add-author NAME[:ROLE]] … [--if-revision R]`: a patch of one entry.
enum EditCommand {
    static let command = Command(
        name: "edit",
        abstract: "Change fields and lists of a book, author, genre or band; only what is given changes.",
        discussion: """
            With --if-revision R the edit is refused (exit 1, nothing changed) when the entry changed since revision \
            R. 'catalog undo' takes the edit back while nothing has changed the entry since.
            """,
        options: EditOptions.fieldOptions + EditOptions.listOptions + [
            EditOptions.ifRevision, EditOptions.by, EditOptions.json,
        ],
        arguments: EntityArguments.entry,
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let (kind, uuid) = try EntityArguments.entry(invocation)
        let edit = try EditOptions.edit(invocation)
        guard !edit.isEmpty else {
            throw UsageError("nothing to change: give a field or a list change", commandPath: invocation.commandPath)
        }
        let revision = try EditOptions.revision(invocation)
        let result = try EditOptions.editing(invocation) { editor in
            try editor.update(kind, uuid: uuid, edit, ifRevision: revision)
        }
        try EditOptions.report(result, name: nil, invocation)
    }
}
