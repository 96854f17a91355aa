import Catalog
import CatalogStore
import CatalogSync
import CommandLineKit
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog

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
        options: [since, limit, pruneBefore],
        run: run
    )

    static let since = TypedOption<Int>(
        "since", valueName: "N", parser: .integer(in: 0...Int.max), default: 0,
        help: "Print the changes after sequence N.")
    static let limit = TypedOption<Int?>(
        "limit", valueName: "M", parser: .integer(in: 1...Int.max), help: "Print at most M changes.")
    static let pruneBefore = TypedOption<Int?>(
        "prune-before", valueName: "N", parser: .integer(in: 0...Int.max),
        help: "Delete the changes before sequence N instead.")

    static func run(_ invocation: Invocation) throws {
        let store = try GlobalOptions.openStore(invocation, mode: .migrateExisting)
        if let point = try invocation[pruneBefore] {
            guard !invocation.isGiven(since), !invocation.isGiven(limit) else {
                throw UsageError(
                    "--prune-before cannot be combined with --since or --limit", commandPath: invocation.commandPath)
            }
            let deleted = try store.prune(before: Int64(point))
            Output.write("pruned \(deleted) change(s); the log now starts at \(try store.feedStatus().prunedBefore)\n")
            return
        }
        _ = try store.writeChanges(since: Int64(try invocation[since]), limit: try invocation[limit], until: nil) {
            Output.write($0)
        }
    }
}
