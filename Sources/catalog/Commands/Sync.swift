import Catalog
import CatalogRemote
import CatalogSync
import CommandLineKit
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog
import SQLiteDB

/// `catalog sync --from SERVER.sqlite|URL [--follow] | --changes FILE.jsonl`: catch a client copy up.
enum SyncCommand {
    static let command = Command(
        name: "sync",
        abstract: "Catch a client copy (made by 'catalog snapshot') up with its server.",
        discussion: """
            Applies the server's changes after the client's last sequence, a batch per transaction; an \
            interrupted sync resumes where it stopped. Refused, with nothing applied, when the database was not \
            made by 'catalog snapshot', follows another server, has local changes, or is behind the server's \
            pruned horizon. --from takes a server database, a PostgreSQL catalog (postgres://…), or the URL of a \
            'catalog serve' server; over HTTP a sync ends where the server's log ended when it started. --follow then keeps the copy current with \
            long-polls until interrupted, reconnecting with a growing pause (up to 30 s) when the server is gone.
            """,
        options: [from, changes, batchSize, follow, RemoteOptions.token, json],
        run: run
    )

    static let from = TypedOption<String?>(
        "from", valueName: "SERVER", help: "Read the changes from this server database, PostgreSQL URI or server URL.")
    static let changes = TypedOption<String?>(
        "changes", valueName: "FILE", help: "Read the changes from a 'catalog changes' file.")
    static let batchSize = TypedOption<Int>(
        "batch-size", valueName: "N", parser: .integer(in: 1...100_000), default: SyncClient.defaultBatchSize,
        help: "Changes per transaction.")
    static let follow = Flag("follow", help: "With a server URL: keep syncing as changes commit, until interrupted.")
    static let json = Flag("json", help: "Print the result as JSON.")

    static func run(_ invocation: Invocation) throws {
        let from = try invocation[Self.from]
        let changes = try invocation[Self.changes]
        guard (from == nil) != (changes == nil) else {
            throw UsageError("give one of --from SERVER or --changes FILE", commandPath: invocation.commandPath)
        }
        let batchSize = try invocation[Self.batchSize]
        let client = SyncClient(try GlobalOptions.openDatabase(invocation, mode: .migrateExisting))
        let server = try from.flatMap { try RemoteOptions.server($0, invocation) }
        guard server != nil || !invocation[follow] else {
            throw UsageError("--follow takes a server URL as --from", commandPath: invocation.commandPath)
        }
        if let server {
            let feed = server.changeFeed(following: try client.state()?.serverUUID)
            if invocation[follow] {
                try keepFollowing(feed, into: client, batchSize: batchSize, invocation)
            }
            return try print(client.sync(from: feed, batchSize: batchSize), invocation)
        }
        if let from, PostgreSQLConnection.isURI(from) {
            let feed = PostgreSQLChangeFeed(try PostgreSQLConnection(uri: from))
            try print(client.sync(from: feed, batchSize: batchSize), invocation)
        } else if let from {
            try print(client.sync(from: ChangeFeed(try openServer(from, invocation)), batchSize: batchSize), invocation)
        } else if let changes {
            try print(
                client.sync(from: try ChangeFile(contentsOf: URL(filePath: changes)), batchSize: batchSize), invocation)
        }
    }

    private static func print(_ report: SyncReport, _ invocation: Invocation) throws {
        if invocation[json] {
            try Output.writeJSON(report)
        } else {
            Output.write(
                "applied \(report.changesApplied) change(s) in \(report.batches) batch(es): "
                    + "sequence \(report.fromSequence) → \(report.toSequence)\n")
        }
    }

    /// Syncs, waits for the next commit with a long-poll, and again, until SIGINT or SIGTERM ends the process
    /// (status 0); a server that cannot be reached is asked again after a pause that doubles up to 30 seconds.
    /// Prints the first sync and each one that applied something.
    private static func keepFollowing(
        _ feed: RemoteChangeFeed, into client: SyncClient, batchSize: Int, _ invocation: Invocation
    ) throws -> Never {
        // Interrupted, the process ends at once: a batch not yet committed is not applied, as after a crash.
        let sources = StopSignals.handle { exit(0) }
        defer { withExtendedLifetime(sources) {} }
        var pause = 0.5
        var first = true
        while true {
            do {
                let report = try client.sync(from: feed, batchSize: batchSize)
                if first || report.batches > 0 { try print(report, invocation) }
                first = false
                pause = 0.5
                _ = try feed.waitForChanges(after: report.toSequence, limit: 1, seconds: 30)
            } catch let error as RemoteError where error.isTransient {
                let wait = max(pause, error.retryAfter ?? 0)
                Output.writeError("\(error.localizedDescription); trying again in \(wait) s\n")
                Thread.sleep(forTimeInterval: wait)
                pause = min(pause * 2, 30)
            }
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
