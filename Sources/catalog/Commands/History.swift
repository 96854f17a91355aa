import Catalog
import CatalogViews
import CommandLineKit
import Foundation

/// `catalog history KIND UUID`: who changed an entry, when, and what.
enum HistoryCommand {
    static let json = Flag("json", help: "Print the history as JSON.")

    static let command = Command(
        name: "history",
        abstract: "Show the hand edits, deletes, merges and undos of an entry, oldest first.",
        options: [json],
        arguments: EntityArguments.entry,
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let (kind, uuid) = try EntityArguments.entry(invocation)
        let records = try EditOptions.editing(invocation) { editor in try editor.history(kind, uuid: uuid) }
        if invocation[json] {
            Output.write(CatalogAPI.history(records))
            return
        }
        guard !records.isEmpty else {
            Output.write("no edits recorded for \(kind.rawValue) \(uuid.uuidString.lowercased())\n")
            return
        }
        Output.write(records.map(text).joined())
    }

    /// `#3  2026-12-04T16:00:00.000Z  update by ada`, then a line per field.
    private static func text(_ record: EditRecord) -> String {
        let undone = record.undone ? "  (undone)" : ""
        var lines = ["#\(record.id)  \(record.editedAt)  \(record.action.rawValue) by \(record.actor)\(undone)"]
        lines += record.changes.map { change in
            "    \(change.field): \(change.before ?? "–") → \(change.after ?? "–")"
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
