import Catalog
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
        if let connection = try GlobalOptions.connectPostgreSQL(invocation) {
            try PostgreSQLSchema.migrator.migrate(connection)
            let feed = PostgreSQLChangeFeed(connection)
            try run(invocation, prune: feed.prune(before:), prunedBefore: feed.prunedBefore) { since, limit in
                try feed.writeJSONLines(since: since, limit: limit) { Output.write($0) }
            }
            return
        }
        let feed = ChangeFeed(try GlobalOptions.openDatabase(invocation, mode: .migrateExisting))
        try run(invocation, prune: feed.prune(before:), prunedBefore: feed.prunedBefore) { since, limit in
            try feed.writeJSONLines(since: since, limit: limit) { Output.write($0) }
        }
    }

    /// Prunes or prints, as the options say, through the feed of either kind of database.
    private static func run(
        _ invocation: Invocation, prune: (Int64) throws -> Int, prunedBefore: () throws -> Int64,
        print: (_ since: Int64, _ limit: Int?) throws -> ChangeBatch.Trailer
    ) throws {
        if let point = try invocation.integer("prune-before", in: 0...Int.max) {
            guard invocation.value("since") == nil, invocation.value("limit") == nil else {
                throw UsageError(
                    "--prune-before cannot be combined with --since or --limit", commandPath: invocation.commandPath)
            }
            let deleted = try prune(Int64(point))
            Output.write("pruned \(deleted) change(s); the log now starts at \(try prunedBefore())\n")
            return
        }
        let since = try invocation.integer("since", in: 0...Int.max) ?? 0
        let limit = try invocation.integer("limit", in: 1...Int.max)
        _ = try print(Int64(since), limit)
    }
}
