import Catalog
import CommandLineKit

/// `catalog add KIND --field value…`: a new entry made by hand.
enum AddCommand {
    static let command = Command(
        name: "add",
        abstract: "Add a book, author, genre or band by hand.",
        discussion: """
            Fields are checked as an import checks them (ISBN checksums, years, country codes). A book's authors and \
            genres are named by name or uuid; one that does not exist yet is made. The new entry's uuid and revision \
            are printed; 'catalog history' shows who added it.
            """,
        options: EditOptions.fieldOptions + EditOptions.listOptions + [EditOptions.by, EditOptions.json],
        arguments: [Argument("KIND", help: "book, author, genre or band.")],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let kind = try EntityArguments.kind(invocation.positional(0) ?? "", invocation: invocation)
        let edit = try EditOptions.edit(invocation)
        let result = try EditOptions.editing(invocation) { editor in try editor.create(kind, edit) }
        try EditOptions.report(
            result, name: edit.fields["title"].flatMap { $0 } ?? edit.fields["name"].flatMap { $0 }, invocation)
    }
}
