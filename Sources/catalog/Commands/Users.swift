import Accounts
import CatalogStore
import CatalogViews
import CommandLineKit
import Navigation

/// `catalog users`: the users whose navigation state the catalog keeps and whom access tokens act for.
enum UsersCommand {
    private static let nameArgument = Argument("NAME", help: "The user's name.")

    private static let json = Flag("json", help: "Print the users as JSON.")

    static let command = Command(
        name: "users",
        abstract: "Add, list or remove the users that navigation state and access tokens belong to.",
        discussion: """
            'catalog nav' and 'catalog sessions' create their user on first use; 'catalog tokens create' needs one \
            that exists. Removing a user removes their scenes, history, sessions and access tokens.
            """,
        subcommands: [
            Command(name: "add", abstract: "Add a user.", arguments: [nameArgument], run: add),
            Command(name: "list", abstract: "List the users.", options: [json], run: list),
            Command(
                name: "remove",
                abstract: "Remove a user with their navigation state, sessions and access tokens.",
                arguments: [nameArgument], run: remove),
        ]
    )

    /// The users of the invocation's database.
    /// Runs `body` with the users of the invocation's database.
    private static func withUsers<T>(_ invocation: Invocation, _ body: (UserDirectory) throws -> T) throws -> T {
        try GlobalOptions.openStore(invocation).accounts { users, _ in try body(users) }
    }

    /// The existing user named `name`, or a usage error saying how to add one.
    static func existingUser(named name: String, in users: UserDirectory, _ invocation: Invocation) throws
        -> NavigationUser
    {
        guard let user = try users.existingUser(named: name) else {
            throw UsageError(
                "no user is named '\(name)'", hint: "add one with 'catalog users add \(name)'",
                commandPath: invocation.commandPath)
        }
        return user
    }

    private static func add(_ invocation: Invocation) throws {
        let name = try NavCommand.name(invocation.positionals[0], of: .user, givenAs: "NAME", invocation)
        try withUsers(invocation) { directory in
            guard try directory.existingUser(named: name) == nil else {
                throw UsageError("a user named '\(name)' exists already", commandPath: invocation.commandPath)
            }
            _ = try directory.user(named: name)
        }
        Output.write("added user '\(name)'\n")
    }

    private static func list(_ invocation: Invocation) throws {
        let listed = try withUsers(invocation) { try $0.users() }
        if invocation[json] {
            try Output.writeJSON(JSONValue.array(listed.map { ["name": .string($0.name)] }))
        } else if listed.isEmpty {
            Output.write("no users; add one with 'catalog users add NAME'\n")
        } else {
            Output.write(listed.map { "\($0.name)\n" }.joined())
        }
    }

    private static func remove(_ invocation: Invocation) throws {
        let name = invocation.positionals[0]
        guard try withUsers(invocation, { try $0.removeUser(named: name) }) else {
            throw UsageError("no user is named '\(name)'", commandPath: invocation.commandPath)
        }
        Output.write("removed user '\(name)' with their navigation state, sessions and access tokens\n")
    }
}
