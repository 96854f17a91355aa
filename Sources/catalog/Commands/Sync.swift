import Catalog
import CatalogRemote
import CatalogStore
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
            First uploads the client's own changes (made offline, by any program) to a server database or \
            URL, each answered applied, merged, conflict (the server's value stands; settle it there with \
            'catalog conflicts') or rejected; then applies the server's changes after the client's last sequence, \
            a batch per transaction (a client whose catalog holds no books or bands catches up in one); an interrupted sync \
            resumes where it stopped and sends no change twice. \
            Refused, with nothing applied, when the database was not made by 'catalog snapshot', follows another \
            server, has local changes it cannot upload (a changes file), or is behind the \
            server's pruned horizon. --from takes a server database, a PostgreSQL catalog (postgres://…), or the URL of a \
            'catalog serve' server; over HTTP a sync ends where the server's log ended when it started. --follow then keeps the copy current with \
            long-polls until interrupted, reconnecting with a growing pause (up to 30 s) when the server is gone. \
            --resnapshot starts a copy behind the server's pruned horizon again from a new snapshot, in place, \
            after its writes were uploaded: its identity, the answers to its uploads and any write still waiting stay. \
            --user NAME also brings NAME's scenes and sessions both ways (over a URL, the token's user there): the \
            one changed last wins, and a scene's other side keeps its own history, followed by the winner's way there.
            """,
        options: [from, changes, batchSize, follow, resnapshot, user, RemoteOptions.token, EditOptions.by, json],
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
    static let resnapshot = Flag(
        "resnapshot",
        help: "Behind the server's pruned horizon, start the copy again from a new snapshot, keeping its own writes.")

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
        let traveller = try invocation[user]
        guard from != nil || traveller == nil else {
            throw UsageError("--user takes a server as --from", commandPath: invocation.commandPath)
        }
        if let server {
            let uploaded = try client.upload(to: server)
            let feed = server.changeFeed(following: try client.state()?.serverUUID)
            if invocation[follow] {
                try keepFollowing(feed, of: server, into: client, batchSize: batchSize, invocation)
            }
            let report = try restartingIfBehind(
                client, invocation, snapshot: { _ = try server.downloadSnapshot(to: $0) },
                sync: { try client.sync(from: feed, batchSize: batchSize) })
            try print(report, uploaded: uploaded, invocation)
            if let traveller { try travel(of: traveller, with: server, invocation) }
            return
        }
        if let from, PostgreSQLConnection.isURI(from) {
            let store = try GlobalOptions.openStore(invocation, at: .postgreSQL(uri: from), mode: .migrateExisting)
            let uploaded = try client.upload(to: StoreUploads(store, actor: try EditOptions.actor(invocation)))
            let feed = PostgreSQLChangeFeed(try PostgreSQLConnection(uri: from))
            try print(client.sync(from: feed, batchSize: batchSize), uploaded: uploaded, invocation)
            if let traveller {
                try travel(of: traveller, with: StoreSide(store: store, user: traveller), invocation)
            }
        } else if let from {
            let server = try openServer(from, invocation)
            let uploaded = try client.upload(to: ServerFileUploads(server, actor: try EditOptions.actor(invocation)))
            let feed = ChangeFeed(server)
            let report = try restartingIfBehind(
                client, invocation, snapshot: { _ = try feed.snapshot(to: $0, emptying: DatabaseSchema.userTables) },
                sync: { try client.sync(from: feed, batchSize: batchSize) })
            try print(report, uploaded: uploaded, invocation)
            if let traveller {
                let store = try GlobalOptions.openStore(invocation, at: .sqlite(path: from), mode: .migrateExisting)
                try travel(of: traveller, with: StoreSide(store: store, user: traveller), invocation)
            }
        } else if let changes {
            try print(
                client.sync(from: try ChangeFile(contentsOf: URL(filePath: changes)), batchSize: batchSize),
                uploaded: nil, invocation)
        }
    }

    /// Runs `sync`; with `--resnapshot`, a copy behind the server's pruned horizon is started again from a new
    /// snapshot (`snapshot` writes it to the path it is given, beside the copy) and synced from there.
    private static func restartingIfBehind(
        _ client: SyncClient, _ invocation: Invocation, snapshot: (String) throws -> Void,
        sync: () throws -> SyncReport
    ) throws -> SyncReport {
        do {
            return try sync()
        } catch let error where invocation[resnapshot] && isBehindHorizon(error) {
            let path = client.database.path + ".resnapshot"
            Database.removeFiles(atPath: path)
            defer { Database.removeFiles(atPath: path) }
            try snapshot(path)
            let info = try client.restart(fromSnapshotAt: path)
            Output.writeError(
                "the copy was behind the server's pruned horizon: started again from a snapshot at sequence "
                    + "\(info.sequence), its own writes and their answers kept\n")
            return try sync()
        }
    }

    private static func isBehindHorizon(_ error: any Error) -> Bool {
        switch error {
        case SyncError.behindPrunedHorizon: true
        case RemoteError.problem(_, _, "behind-horizon", _): true
        default: false
        }
    }

    /// Prints what the sync applied, after what it uploaded (when it could upload).
    private static func print(_ report: SyncReport, uploaded: SyncClient.UploadReport?, _ invocation: Invocation)
        throws
    {
        if invocation[json] {
            try Output.writeJSON(SyncJSON(report: report, uploaded: uploaded.map(UploadJSON.init)))
            return
        }
        if let uploaded, uploaded.changes > 0 {
            let counts = UploadAnswer.Result.allCases.compactMap { result in
                uploaded.results[result].map { "\($0) \(result.rawValue)" }
            }
            Output.write("uploaded \(uploaded.changes) change(s): \(counts.joined(separator: ", "))\n")
            for conflict in uploaded.conflicts {
                Output.write(
                    "conflict \(conflict.id): \(conflict.kind.rawValue) \(conflict.uuid) \(conflict.field ?? "(the entry)"): "
                        + "\(conflict.reason.rawValue), the server's \(Self.quoted(conflict.theirs)) stands, "
                        + "yours \(Self.quoted(conflict.mine)) is kept\n")
            }
            for answer in uploaded.rejected {
                Output.write(
                    "rejected: \(answer.kind.rawValue) \(answer.uuid): \(answer.error?.message ?? "refused")\n")
            }
        }
        Output.write(
            "applied \(report.changesApplied) change(s) in \(report.batches) batch(es): "
                + "sequence \(report.fromSequence) → \(report.toSequence)\n")
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "(none)"
    }

    /// `--json`: the sync's report, and `uploaded` (the answers counted by result, the conflicts kept, the changes
    /// refused) when the source takes uploads.
    private struct SyncJSON: Encodable {
        let report: SyncReport
        let uploaded: UploadJSON?

        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(uploaded, forKey: Key(stringValue: "uploaded"))
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    private struct UploadJSON: Encodable {
        let results: [String: Int]
        let conflicts: [UploadConflict]
        let rejected: [UploadAnswer]

        init(_ report: SyncClient.UploadReport) {
            results = Dictionary(uniqueKeysWithValues: report.results.map { ($0.key.rawValue, $0.value) })
            conflicts = report.conflicts
            rejected = report.rejected
        }
    }

    /// Uploads and syncs, waits for the next commit with a long-poll, and again, until SIGINT or SIGTERM ends the process
    /// (status 0); a server that cannot be reached is asked again after a pause that doubles up to 30 seconds.
    /// Prints the first sync and each one that applied something.
    private static func keepFollowing(
        _ feed: RemoteChangeFeed, of server: RemoteCatalog, into client: SyncClient, batchSize: Int,
        _ invocation: Invocation
    ) throws -> Never {
        // Interrupted, the process ends at once: a batch not yet committed is not applied, as after a crash.
        let sources = StopSignals.handle { exit(0) }
        defer { withExtendedLifetime(sources) {} }
        var pause = 0.5
        var first = true
        while true {
            do {
                let uploaded = try client.upload(to: server)
                let report = try client.sync(from: feed, batchSize: batchSize)
                if first || report.batches > 0 || uploaded.changes > 0 {
                    try print(report, uploaded: uploaded, invocation)
                }
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
