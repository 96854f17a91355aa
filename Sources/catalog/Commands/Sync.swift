import Catalog
import CatalogSync
import CommandLineKit
import Foundation
import SQLiteDB
import Schema

/// `catalog sync --from SERVER.sqlite | --changes FILE.jsonl`: catch a client copy up.
enum SyncCommand {
    static let command = Command(
        name: "sync",
        abstract: "Catch a client copy (made by 'catalog snapshot') up with its server.",
        discussion: """
            Applies the server's changes after the client's last sequence, a batch per transaction; an \
            interrupted sync resumes where it stopped. Refused, with nothing applied, when the database was not \
            made by 'catalog snapshot', follows another server, has local changes, or is behind the server's \
            pruned horizon.
            """,
        options: [
            .value("from", valueName: "SERVER", help: "Read the changes from this server database."),
            .value("changes", valueName: "FILE", help: "Read the changes from a 'catalog changes' file."),
            .value("batch-size", valueName: "N", help: "Changes per transaction (default 1000)."),
            .flag("json", help: "Print the result as JSON."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let from = invocation.value("from")
        let changes = invocation.value("changes")
        guard (from == nil) != (changes == nil) else {
            throw UsageError("give one of --from SERVER or --changes FILE", commandPath: invocation.commandPath)
        }
        let batchSize = try invocation.integer("batch-size", in: 1...100_000) ?? 1000
        let client = SyncClient(try GlobalOptions.openDatabase(invocation, mode: .migrateExisting))
        let report: SyncReport
        if let from {
            report = try client.sync(from: ChangeFeed(try openServer(from, invocation)), batchSize: batchSize)
        } else if let changes {
            report = try client.sync(from: try ChangeFile(contentsOf: URL(filePath: changes)), batchSize: batchSize)
        } else {
            return
        }
        if invocation.flag("json") {
            try Output.writeJSON(report)
        } else {
            Output.write(
                "applied \(report.changesApplied) change(s) in \(report.batches) batch(es): "
                    + "sequence \(report.fromSequence) → \(report.toSequence)\n")
        }
    }

    /// The server database at `path`, its problems told against `--from` (the file is not the invocation's `--db`).
    private static func openServer(_ path: String, _ invocation: Invocation) throws -> Database {
        do {
            return try DatabaseSchema.openCatalog(
                path: path, configuration: GlobalOptions.configuration(invocation, path: path), mode: .migrateExisting)
        } catch {
            throw DatabaseProblem.explain(error, path: path, option: "--from")
        }
    }
}
