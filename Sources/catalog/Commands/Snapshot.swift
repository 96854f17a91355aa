import Catalog
import CatalogRemote
import CatalogStore
import CatalogSync
import CommandLineKit
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB
import SQLiteCatalog

/// `catalog snapshot OUT.sqlite` and `catalog snapshot --from URL OUT.sqlite`: a consistent copy that starts a
/// client.
enum SnapshotCommand {
    static let command = Command(
        name: "snapshot",
        abstract: "Write a consistent copy of the database that a client syncs from.",
        discussion: """
            The copy is taken while writers go on and holds the database as of one commit. It records the \
            sequence it corresponds to and the server it follows: 'catalog --db OUT sync --from THIS' catches \
            it up later. With --from URL the copy is downloaded from a 'catalog serve' server (written as \
            OUT.part, resumed where a broken connection stopped, renamed when whole), and 'catalog --db OUT \
            sync --from URL' catches it up. With --database URL the copy is made from a PostgreSQL catalog (its \
            catalog tables, read in one repeatable-read transaction), and 'catalog --db OUT sync --from URL' \
            catches it up from there.
            """,
        options: [from, RemoteOptions.token, json],
        arguments: [Argument("OUT", help: "The new file (it must not exist).")],
        run: run
    )

    static let from = TypedOption<String?>("from", valueName: "URL", help: "Download the snapshot from this server.")
    static let json = Flag("json", help: "Print the result as JSON.")

    static func run(_ invocation: Invocation) throws {
        guard let out = invocation.positional(0) else {
            throw UsageError("give the file to write", commandPath: invocation.commandPath)
        }
        let info: SnapshotInfo
        if let from = try invocation[Self.from] {
            guard let server = try RemoteOptions.server(from, invocation) else {
                throw UsageError(
                    "--from takes a server URL such as http://127.0.0.1:8080; got '\(from)'",
                    hint: "to copy a database file, give it as --db", commandPath: invocation.commandPath)
            }
            info = try server.downloadSnapshot(to: out)
        } else {
            info = try GlobalOptions.openStore(invocation, mode: .migrateExisting).writeSnapshot(to: out)
        }
        if invocation[json] {
            try Output.writeJSON(info)
        } else {
            Output.write("wrote \(info.path) at sequence \(info.sequence) (server \(info.serverUUID))\n")
        }
    }
}
