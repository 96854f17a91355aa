import Catalog
import CatalogStore
import CatalogSync
import CommandLineKit
import Foundation
import PostgreSQL
import PostgreSQLDB
import Schema

/// `catalog changes --since N [--limit M]` and `catalog changes --prune-before N`: the change feed.
enum ChangesCommand {
    static let command = Command(
        name: "changes",
        abstract: "Print the changes after a sequence as JSON lines, or prune old changes.",
        discussion: """
            Each line is one change with the entity's current payload ("entity" is null once it is deleted); \
            the last line gives the sequence to continue from ("last_seq") and whether more follow ("more"). \
            --prune-before N deletes the changes before N: clients behind N-1 must take a fresh snapshot.
            """,
        options: [
            .value("since", valueName: "N", help: "Print the changes after sequence N (default 0)."),
            .value("limit", valueName: "M", help: "Print at most M changes."),
            .value("prune-before", valueName: "N", help: "Delete the changes before sequence N instead."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let store = try GlobalOptions.openStore(invocation, mode: .migrateExisting)
        if let point = try invocation.integer("prune-before", in: 0...Int.max) {
            guard invocation.value("since") == nil, invocation.value("limit") == nil else {
                throw UsageError(
                    "--prune-before cannot be combined with --since or --limit", commandPath: invocation.commandPath)
            }
            let deleted = try store.prune(before: Int64(point))
            Output.write("pruned \(deleted) change(s); the log now starts at \(try store.feedStatus().prunedBefore)\n")
            return
        }
        let since = try invocation.integer("since", in: 0...Int.max) ?? 0
        let limit = try invocation.integer("limit", in: 1...Int.max)
        _ = try store.writeChanges(since: Int64(since), limit: limit, until: nil) { Output.write($0) }
    }
}
