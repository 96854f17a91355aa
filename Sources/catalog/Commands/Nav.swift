import Catalog
import CatalogStore
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation

/// `catalog nav`: show or change a user's split-view state, one intent per invocation (each is a relaunch).
enum NavCommand {
    static let user = TypedOption<String>(
        "user", valueName: "NAME", default: "default", help: "Whose state.", inherited: true)
    static let scene = TypedOption<String>(
        "scene", valueName: "ID", default: "main", help: "Which window's state.", inherited: true)
    static let json = Flag("json", help: "Print the state as JSON.")

    private static let routeArgument = Argument(
        "ROUTE", help: "books, authors, genres, bands, settings, about, search/TEXT, book/UUID, author/UUID, …")

    /// The command-line argument of an intent's argument kind.
    private static func argument(_ kind: NamedIntent.ArgumentKind) -> Argument {
        switch kind {
        case .route: routeArgument
        case .visibility: Argument("VALUE", help: "automatic, all, doubleColumn or detailOnly")
        case .compactColumn: Argument("VALUE", help: "sidebar, content or detail")
        case .url: Argument("URL", help: "e.g. catalog://genres?content=genre/UUID&stack=band/UUID")
        case .stackCount: Argument("INDEX", help: "how many entries of the detail stack to keep: 0 (the root) or more")
        }
    }

    static let command = Command(
        name: "nav",
        abstract: "Show or change the split-view navigation state of a user's scene.",
        discussion: """
            Every invocation restores the scene as a relaunched app would (repairing references to deleted \
            entities), applies at most one intent, saves it, and prints the state. A refused intent exits 1 and \
            leaves the saved state unchanged.
            """,
        options: [user, scene],
        subcommands: [
            Command(
                name: "show", abstract: "Print the restored state.", options: [json],
                run: { try run($0, intent: nil) })
        ]
            + NamedIntent.all.map { intent in
                Command(
                    name: intent.name, abstract: intent.abstract, options: [json],
                    arguments: intent.argument.map { [argument($0)] } ?? [],
                    run: { invocation in
                        try run(invocation, intent: try parse(intent, invocation.positional(0)))
                    })
            }
    )

    /// Opens the invocation's database and runs `body` with the invocation's scene of the invocation's user,
    /// restored (created on first use); the store is returned to read titles from afterwards.
    static func withScene<T>(_ invocation: Invocation, _ body: (NavigationSession<LibraryRoute>) throws -> T) throws
        -> (store: any CatalogStore, result: T)
    {
        let (user, scene) = try sceneNames(invocation)
        let store = try GlobalOptions.openStore(invocation)
        let result = try store.navigation { navigation, _ in
            try body(try navigation.openSession(scene: scene, forUserNamed: user))
        }
        return (store, result)
    }

    /// The invocation's user and scene, checked before the database is opened.
    static func sceneNames(_ invocation: Invocation) throws -> (user: String, scene: String) {
        (
            try name(try invocation[user], of: .user, givenAs: "--user", invocation),
            try name(try invocation[scene], of: .scene, givenAs: "--scene", invocation)
        )
    }

    /// `text`, given as `argument` (an option or an argument's name), when it follows the rules of names of
    /// `kind`: checked before the database is opened, so a refused name leaves no trace.
    static func name(
        _ text: String, of kind: NavigationName.Kind, givenAs argument: String, _ invocation: Invocation
    ) throws -> String {
        guard let problem = NavigationName.problem(with: text) else { return text }
        throw UsageError(
            "\(argument): \(NavigationStoreError.invalidName(kind: kind, problem: problem))",
            commandPath: invocation.commandPath)
    }

    /// Prints the scene's state as text or JSON, titled from the store's catalog.
    static func printState(
        _ session: NavigationSession<LibraryRoute>, in store: any CatalogStore, repairs: RepairReport, json: Bool
    ) throws {
        try store.readLookup { catalog in
            if json {
                try Output.writeJSON(try NavigationOutput.json(session, in: catalog, repairs: repairs))
            } else {
                Output.write(try NavigationOutput.text(session, in: catalog, repairs: repairs))
            }
        }
    }

    private static func run(_ invocation: Invocation, intent: NavigationIntent<LibraryRoute>?) throws {
        let (store, (session, repairs)) = try withScene(invocation) { session in
            var repairs = session.restoreReport
            if let intent {
                repairs.repairs += try session.apply(intent).repairs
            }
            return (session, repairs)
        }
        try printState(session, in: store, repairs: repairs, json: invocation[json])
    }

    /// The intent `intent` makes of `argument`; a wrong value of a visibility, a compact column or a stack count is
    /// refused with that intent's help as the hint (the routes have nothing to do with it).
    private static func parse(_ intent: NamedIntent, _ argument: String?) throws -> NavigationIntent<LibraryRoute> {
        do {
            return try intent.intent(argument)
        } catch let error as NamedIntent.ArgumentError {
            switch error {
            case .notOneOf, .notAStackCount:
                throw UsageError("\(error)", commandPath: ["catalog", "nav", intent.name])
            case .missing, .unexpected, .notARoute, .notAURL:
                throw usage("\(error)")
            }
        }
    }

    private static func usage(_ message: String) -> UsageError {
        UsageError(
            message,
            hint: "routes are books, authors, genres, bands, settings, about, search/TEXT, book/UUID, author/UUID, "
                + "genre/UUID, band/UUID; see 'catalog nav --help'", commandPath: ["catalog", "nav"])
    }
}
