import Catalog
import CatalogSync
import CommandLineKit
import Foundation
import Schema

/// `catalog snapshot OUT.sqlite`: a consistent copy that starts a client.
enum SnapshotCommand {
    static let command = Command(
        name: "snapshot",
        abstract: "Write a consistent copy of the database that a client syncs from.",
        discussion: """
            The copy is taken while writers go on and holds the database as of one commit. It records the \
            sequence it corresponds to and the server it follows: 'catalog --db OUT sync --from THIS' catches \
            it up later.
            """,
        options: [.flag("json", help: "Print the result as JSON.")],
        arguments: [Argument("OUT", help: "The new file (it must not exist).")],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        guard let out = invocation.positional(0) else {
            throw UsageError("give the file to write", commandPath: invocation.commandPath)
        }
        let feed = ChangeFeed(try GlobalOptions.openDatabase(invocation, mode: .migrateExisting))
        let info = try feed.snapshot(to: out, emptying: DatabaseSchema.userTables)
        if invocation.flag("json") {
            try Output.writeJSON(info)
        } else {
            Output.write("wrote \(info.path) at sequence \(info.sequence) (server \(info.serverUUID))\n")
        }
    }
}
