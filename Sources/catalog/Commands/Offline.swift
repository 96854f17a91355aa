import Catalog
import CatalogRemote
import CatalogStore
import CatalogSync
import CommandLineKit
import Foundation
import SQLiteCatalog
import SQLiteDB

/// `catalog pending`: a client copy's own changes waiting for upload.
enum PendingCommand {
    static let command = Command(
        name: "pending",
        abstract: "List a client copy's own changes that wait for upload to its server.",
        discussion: """
            Every write on a copy made by 'catalog snapshot' is recorded, whoever makes it (catalog, an app, the \
            sqlite3 shell); 'catalog sync --from SERVER' uploads them before it downloads. Shown as they would be \
            sent: one change per entry, each field with its value before and after, each list whole. Changes sent \
            whose answer has not arrived come first; they are sent again, with the same ids, at the next sync.
            """,
        options: [EditOptions.json],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let db = try GlobalOptions.openDatabase(invocation, mode: .migrateExisting)
        let (sent, pending) = try db.read { db in
            (try UploadQueue.sent(in: db), try UploadQueue.pending(in: db).changes)
        }
        if invocation[EditOptions.json] {
            try Output.writeJSON(PendingJSON(sent: sent, pending: pending))
            return
        }
        if sent.isEmpty && pending.isEmpty {
            Output.write("nothing waits for upload\n")
            return
        }
        let waiting = sent.map { (change: $0, state: "sent") } + pending.map { (change: $0, state: "pending") }
        for (change, state) in waiting {
            Output.write(
                "\(state)  \(change.operation.rawValue) \(change.kind.rawValue) \(change.uuid)\(describe(change))\n")
        }
    }

    /// What a change sets: each field before and after, each list's new length, a merge's survivor.
    private static func describe(_ change: UploadedChange) -> String {
        var parts: [String] = change.fields.keys.sorted().map { key in
            "\(key) \(text(change.fields[key]?.base)) → \(text(change.fields[key]?.mine))"
        }
        parts += change.lists.keys.sorted().map { "\($0) (\(change.lists[$0]?.mine.count ?? 0) entries)" }
        if let into = change.mergedInto { parts.append("into \(into)") }
        return parts.isEmpty ? "" : ": " + parts.joined(separator: "; ")
    }

    private static func text(_ value: String??) -> String {
        (value ?? nil).map { "\"\($0)\"" } ?? "–"
    }

    /// `--json`: `{"sent": [CHANGE…], "pending": [CHANGE…]}`, each change as `POST /v1/changes` sends it (a pending
    /// one gets its id when it is sent).
    private struct PendingJSON: Encodable {
        let sent: [UploadedChange]
        let pending: [UploadedChange]
    }
}

/// `catalog conflicts`: what the merge of clients' offline changes kept for a person to settle.
enum ConflictsCommand {
    static let take = TypedOption<CatalogEditor.ConflictSide?>(
        "take", valueName: "SIDE", parser: .choice(CatalogEditor.ConflictSide.self),
        help: "mine (the client's value, written now as an edit) or theirs (the server's, which stands).")
    static let all = Flag("all", help: "List the settled conflicts too.")
    static let server = TypedOption<String?>(
        "from", valueName: "URL", help: "The server (a 'catalog serve' URL) whose conflicts to list or settle.")

    static let command = Command(
        name: "conflicts",
        abstract: "List the conflicts clients' uploads left, or settle one.",
        discussion: """
            A client's change of a field the server changed too (from the same value, to another) leaves the \
            server's value and keeps the client's here; so does a change of an entry deleted on the server, or a \
            delete of one changed there. Run on the server's catalog (--db, --database), or on a client copy, \
            whose own uploads' conflicts are listed as the server answered them; --from URL lists and settles \
            them on a 'catalog serve' server (with a token of scope read to list, edit to settle).
            """,
        options: [all, server, RemoteOptions.token, EditOptions.json],
        subcommands: [
            Command(
                name: "resolve", abstract: "Settle a conflict by taking mine or theirs.",
                options: [take, server, RemoteOptions.token, EditOptions.by],
                arguments: [Argument("ID", help: "The conflict's id.")], run: resolve)
        ],
        run: list
    )

    /// The server `--from` names over HTTP, or `nil` for the catalog of `--db` or `--database`.
    private static func remote(_ invocation: Invocation) throws -> RemoteCatalog? {
        guard let from = try invocation[server] else { return nil }
        guard let remote = try RemoteOptions.server(from, invocation) else {
            throw UsageError("--from takes a server's URL (http://…)", commandPath: invocation.commandPath)
        }
        return remote
    }

    /// The client copy `--db` names, or `nil` for a server's catalog.
    private static func copy(_ invocation: Invocation) throws -> Database? {
        let location = try GlobalOptions.location(invocation)
        guard case .sqlite(let path) = location else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let db = try GlobalOptions.openDatabase(invocation, mode: .migrateExisting)
        return try SyncClient(db).state() == nil ? nil : db
    }

    private static func list(_ invocation: Invocation) throws {
        let conflicts: [UploadConflict]
        if let remote = try remote(invocation) {
            conflicts = try remote.conflicts(includingResolved: invocation[all])
        } else if let copy = try copy(invocation) {
            conflicts = try copy.read { db in try UploadQueue.conflicts(in: db) }
        } else {
            conflicts = try EditOptions.editing(invocation) { try $0.conflicts(includingResolved: invocation[all]) }
        }
        if invocation[EditOptions.json] {
            try Output.writeJSON(conflicts)
        } else if conflicts.isEmpty {
            Output.write("no conflicts to settle\n")
        } else {
            for conflict in conflicts {
                Output.write(
                    "\(conflict.id)  \(conflict.kind.rawValue) \(conflict.uuid)  \(conflict.field ?? "(the entry)")  "
                        + "mine \(quoted(conflict.mine))  theirs \(quoted(conflict.theirs))  \(conflict.reason.rawValue)\n"
                )
            }
        }
    }

    private static func resolve(_ invocation: Invocation) throws {
        guard let id = Int64(invocation.positionals[0]) else {
            throw UsageError(
                "ID is a conflict's number, as 'catalog conflicts' lists it", commandPath: invocation.commandPath)
        }
        guard let side = try invocation[take] else {
            throw UsageError(
                "say which value stands: --take mine or --take theirs", commandPath: invocation.commandPath)
        }
        if let remote = try remote(invocation) {
            try remote.resolveConflict(id, taking: side)
        } else if try copy(invocation) != nil {
            throw UsageError(
                "a client copy's conflicts are kept on its server: settle this one there with --from URL",
                commandPath: invocation.commandPath)
        } else {
            _ = try EditOptions.editing(invocation) { try $0.resolveConflict(id, taking: side) }
        }
        Output.write("settled conflict \(id): \(side == .mine ? "the client's value" : "the server's value") stands\n")
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "–"
    }
}
