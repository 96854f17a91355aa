import Catalog
import CommandLineKit

/// `catalog delete KIND UUID`: an entry removed by hand.
enum DeleteCommand {
    static let command = Command(
        name: "delete",
        abstract: "Delete a book, author, genre or band.",
        discussion: """
            An author still credited on a book is not deleted: merge it into another author ('catalog merge') or \
            remove its credits first. Books and bands lose a deleted genre. 'catalog undo' brings the entry back.
            """,
        options: [EditOptions.ifRevision, EditOptions.by, EditOptions.json],
        arguments: EntityArguments.entry,
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let (kind, uuid) = try EntityArguments.entry(invocation)
        let revision = try EditOptions.revision(invocation)
        let result = try EditOptions.editing(invocation) { editor in
            try editor.delete(kind, uuid: uuid, ifRevision: revision)
        }
        try EditOptions.report(result, name: nil, invocation)
    }
}
