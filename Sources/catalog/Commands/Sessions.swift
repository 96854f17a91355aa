import CatalogStore
import CatalogViews
import CommandLineKit
import LibraryNavigation
import Navigation

/// `catalog sessions`: a user's named browsing sessions.
enum SessionsCommand {
    private static let nameArgument = Argument("NAME", help: "The session's name.")

    static let command = Command(
        name: "sessions",
        abstract: "List, save, restore, rename or delete a user's named browsing sessions.",
        options: [NavCommand.user],
        subcommands: [
            Command(
                name: "list", abstract: "List the user's sessions.", options: [NavCommand.json], run: list),
            Command(
                name: "save", abstract: "Save a scene's current state as a session.",
                options: [NavCommand.scene], arguments: [nameArgument], run: save),
            Command(
                name: "restore", abstract: "Restore a session into a scene (recorded in its history).",
                options: [NavCommand.scene, NavCommand.json], arguments: [nameArgument], run: restore),
            Command(
                name: "rename", abstract: "Rename a session.",
                arguments: [Argument("OLD", help: "The current name."), Argument("NEW", help: "The new name.")],
                run: rename),
            Command(name: "delete", abstract: "Delete a session.", arguments: [nameArgument], run: delete),
        ]
    )

    private static func list(_ invocation: Invocation) throws {
        let sessions = try NavCommand.withScene(invocation) { session in
            try session.store.sessions(for: session.user)
        }.result
        if invocation[NavCommand.json] {
            try Output.writeJSON(CatalogAPI.sessions(sessions))
        } else if sessions.isEmpty {
            Output.write("no saved sessions; save one with 'catalog sessions save NAME'\n")
        } else {
            Output.write(Output.table(sessions.map { ($0.name, "saved \($0.updatedAt)") }))
        }
    }

    private static func save(_ invocation: Invocation) throws {
        let name = try NavCommand.name(invocation.positionals[0], of: .session, givenAs: "NAME", invocation)
        let session = try NavCommand.withScene(invocation) { session in
            try session.saveSession(named: name)
            return session
        }.result
        Output.write("saved session '\(name)' from scene \(session.scene)\n")
    }

    private static func restore(_ invocation: Invocation) throws {
        let (store, (session, repairs)) = try NavCommand.withScene(invocation) { session in
            var repairs = session.restoreReport
            repairs.repairs += try session.restoreSession(named: invocation.positionals[0]).repairs
            return (session, repairs)
        }
        try NavCommand.printState(session, in: store, repairs: repairs, json: invocation[NavCommand.json])
    }

    private static func rename(_ invocation: Invocation) throws {
        let newName = try NavCommand.name(invocation.positionals[1], of: .session, givenAs: "NEW", invocation)
        _ = try NavCommand.withScene(invocation) { session in
            try session.store.renameSession(named: invocation.positionals[0], to: newName, for: session.user)
        }
        Output.write("renamed session '\(invocation.positionals[0])' to '\(invocation.positionals[1])'\n")
    }

    private static func delete(_ invocation: Invocation) throws {
        _ = try NavCommand.withScene(invocation) { session in
            try session.store.deleteSession(named: invocation.positionals[0], for: session.user)
        }
        Output.write("deleted session '\(invocation.positionals[0])'\n")
    }
}
