import Catalog
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation

/// The options of `catalog add` and `catalog edit`: one per field, `--clear`, the list changes, and who edits.
enum EditOptions {
    /// A field's option and the key the library names the field by.
    struct Field {
        let option: TypedOption<String?>
        let key: String

        init(_ name: String, key: String, valueName: String, help: String) {
            option = TypedOption<String?>(name, valueName: valueName, help: help)
            self.key = key
        }
    }

    static let fields = [
        Field("title", key: "title", valueName: "TEXT", help: "A book's title."),
        Field("sort-title", key: "sortTitle", valueName: "TEXT", help: "A book's sort title (derived when absent)."),
        Field("isbn", key: "isbn13", valueName: "ISBN", help: "A book's ISBN-10 or ISBN-13 (checksum checked)."),
        Field("year", key: "year", valueName: "YEAR", help: "A book's year of first publication."),
        Field("pages", key: "pages", valueName: "N", help: "A book's page count."),
        Field("language", key: "language", valueName: "TAG", help: "A book's language (BCP 47: en, fr)."),
        Field("summary", key: "summary", valueName: "TEXT", help: "A book's summary."),
        Field("name", key: "name", valueName: "TEXT", help: "An author's, genre's or band's name."),
        Field("sort-name", key: "sortName", valueName: "TEXT", help: "An author's or band's sort name."),
        Field("about", key: "disambiguation", valueName: "TEXT", help: "What tells an author or band apart."),
        Field("parent", key: "parent", valueName: "GENRE", help: "A genre's broader genre (name or uuid)."),
        Field("country", key: "country", valueName: "CODE", help: "A band's country (ISO 3166-1: GB, IS)."),
        Field("formed", key: "formedYear", valueName: "YEAR", help: "The year a band formed."),
        Field("ended", key: "endedYear", valueName: "YEAR", help: "The year a band split up."),
        Field("status", key: "status", valueName: "STATUS", help: "A band's status: active, hiatus or disbanded."),
    ]

    static let clear = TypedOption<[String]>(
        "clear", valueName: "FIELD", parser: .string, help: "Clear a field (its option's name: year, about …).")

    /// A list change's option: `--add-author NAME[:ROLE]` …
    struct ListChange {
        let option: TypedOption<[String]>
        let list: String
        let make: @Sendable (String) -> LinkChange.Action?

        static func role(_ text: String) -> (String, ContributorRole?) {
            guard let colon = text.lastIndex(of: ":"), UUID(uuidString: text) == nil else { return (text, nil) }
            let role = String(text[text.index(after: colon)...])
            return role.isEmpty ? (text, nil) : (String(text[..<colon]), ContributorRole(rawValue: role))
        }
    }

    static let addAuthor = TypedOption<[String]>(
        "add-author", valueName: "NAME[:ROLE]", parser: .string,
        help: "Credit an author (name or uuid; made when new) on a book, as ROLE (default author).")
    static let removeAuthor = TypedOption<[String]>(
        "remove-author", valueName: "NAME[:ROLE]", parser: .string,
        help: "Remove an author's credits (only in ROLE when given) from a book.")
    static let moveAuthor = TypedOption<[String]>(
        "move-author", valueName: "NAME=POSITION", parser: .string, help: "Move a book's author to POSITION (0 first).")
    static let addGenre = TypedOption<[String]>(
        "add-genre", valueName: "NAME", parser: .string, help: "Add a genre (name or uuid; made when new).")
    static let removeGenre = TypedOption<[String]>(
        "remove-genre", valueName: "NAME", parser: .string, help: "Remove a genre from a book or band.")
    static let moveGenre = TypedOption<[String]>(
        "move-genre", valueName: "NAME=POSITION", parser: .string, help: "Move a genre to POSITION (0 first).")

    static let ifRevision = TypedOption<Int?>(
        "if-revision", valueName: "R", parser: .integer(in: 0...Int.max),
        help: "Refuse the edit unless the entry is still at revision R (what 'show --json' or the last edit printed).")
    static let by = TypedOption<String?>(
        "by", valueName: "NAME", help: "Who makes the edit, as the history records it.", whenAbsent: "$USER")
    static let json = Flag("json", help: "Print the result as JSON.")

    static var fieldOptions: [any CommandOption] {
        fields.map(\.option) + [clear]
    }

    static var listOptions: [any CommandOption] {
        [addAuthor, removeAuthor, moveAuthor, addGenre, removeGenre, moveGenre]
    }

    /// The edit the options describe.
    static func edit(_ invocation: Invocation) throws -> EntityEdit {
        var edit = EntityEdit()
        for field in fields {
            if let value = try invocation[field.option] { edit.fields[field.key] = value }
        }
        for name in try invocation[clear] {
            guard let field = fields.first(where: { $0.option.name == name || $0.key == name }) else {
                throw UsageError(
                    "--clear takes a field's option name; got '\(name)'",
                    hint: "one of \(fields.map(\.option.name).joined(separator: ", "))",
                    commandPath: invocation.commandPath)
            }
            edit.fields[field.key] = String?.none
        }
        for text in try invocation[addAuthor] {
            let (name, role) = ListChange.role(text)
            edit.links.append(LinkChange(list: "authors", target: name, action: .add(role: role)))
        }
        for text in try invocation[removeAuthor] {
            let (name, role) = ListChange.role(text)
            edit.links.append(LinkChange(list: "authors", target: name, action: .remove(role: role)))
        }
        edit.links += try moves(invocation[moveAuthor], list: "authors", invocation)
        edit.links += try invocation[addGenre].map { LinkChange(list: "genres", target: $0, action: .add(role: nil)) }
        edit.links += try invocation[removeGenre].map {
            LinkChange(list: "genres", target: $0, action: .remove(role: nil))
        }
        edit.links += try moves(invocation[moveGenre], list: "genres", invocation)
        return edit
    }

    private static func moves(_ values: [String], list: String, _ invocation: Invocation) throws -> [LinkChange] {
        try values.map { text in
            guard let equals = text.lastIndex(of: "="), let position = Int(text[text.index(after: equals)...]) else {
                throw UsageError(
                    "a move takes NAME=POSITION; got '\(text)'", commandPath: invocation.commandPath)
            }
            return LinkChange(list: list, target: String(text[..<equals]), action: .move(to: position))
        }
    }

    /// Who edits: `--by`, else the login name.
    static func actor(_ invocation: Invocation) throws -> String {
        try invocation[by] ?? ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "catalog"
    }

    /// The revision `--if-revision` names, or `nil`.
    static func revision(_ invocation: Invocation) throws -> Int64? {
        try invocation[ifRevision].map(Int64.init)
    }

    /// Runs `body` with the editor of the invocation's store.
    static func editing<T>(_ invocation: Invocation, _ body: (CatalogEditor) throws -> T) throws -> T {
        try GlobalOptions.openStore(invocation).editing(as: try actor(invocation), body)
    }

    /// Prints what an edit did: a line of text, or its JSON.
    static func report(_ result: EditResult, name: String?, _ invocation: Invocation) throws {
        if invocation[json] {
            Output.write(CatalogAPI.editResult(result))
            return
        }
        let what = "\(result.kind.rawValue)\(name.map { " '\($0)'" } ?? "") \(result.uuid.uuidString.lowercased())"
        let revision = result.revision > 0 ? " (revision \(result.revision))" : ""
        switch result.action {
        case .create: Output.write("added \(what)\(revision)\n")
        case .update: Output.write("updated \(what)\(revision)\n")
        case .delete: Output.write("deleted \(what)\n")
        case .merge:
            let merged = result.merged.map { $0.uuidString.lowercased() } ?? ""
            Output.write("merged \(result.kind.rawValue) \(merged) into \(what)\(revision)\n")
        case .undo: Output.write("undid the last edit of \(what)\(revision)\n")
        }
    }
}
