import Catalog
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation

/// `catalog nav`: show or change a user's split-view state, one intent per invocation (each is a relaunch).
enum NavCommand {
    static let userOption = Option.value(
        "user", valueName: "NAME", help: "Whose state (default: default).", inherited: true)
    static let sceneOption = Option.value(
        "scene", valueName: "ID", help: "Which window's state (default: main).", inherited: true)
    static let jsonFlag = Option.flag("json", help: "Print the state as JSON.")

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
        options: [userOption, sceneOption],
        subcommands: [
            Command(
                name: "show", abstract: "Print the restored state.", options: [jsonFlag],
                run: { try run($0, intent: nil) })
        ]
            + NamedIntent.all.map { intent in
                Command(
                    name: intent.name, abstract: intent.abstract, options: [jsonFlag],
                    arguments: intent.argument.map { [argument($0)] } ?? [],
                    run: { invocation in
                        try run(invocation, intent: try parse(intent, invocation.positional(0)))
                    })
            }
    )

    /// Opens the invocation's catalog and its navigation state (on PostgreSQL or in a SQLite catalog's users' file),
    /// and restores the invocation's scene of the invocation's user (created on first use).
    static func openScene(_ invocation: Invocation) throws -> (
        catalog: any CatalogLookup, session: NavigationSession<LibraryRoute>
    ) {
        let (user, scene) = try sceneNames(invocation)
        guard let (catalog, store) = try GlobalOptions.openPostgreSQLNavigation(invocation) else {
            return try openSQLiteScene(invocation)
        }
        return (catalog, try store.openSession(scene: scene, forUserNamed: user))
    }

    /// ``openScene(_:)`` on a SQLite catalog, whose lists the terminal browser shows.
    static func openSQLiteScene(_ invocation: Invocation) throws -> (
        catalog: LibraryCatalog, session: NavigationSession<LibraryRoute>
    ) {
        let (user, scene) = try sceneNames(invocation)
        // The catalog reads through the user-state connection, where it is attached.
        let db = try GlobalOptions.openUserState(invocation)
        return (LibraryCatalog(db), try NavigationStore(catalog: db).openSession(scene: scene, forUserNamed: user))
    }

    /// The invocation's user and scene, checked before the database is opened.
    private static func sceneNames(_ invocation: Invocation) throws -> (user: String, scene: String) {
        (
            try name(invocation.value("user") ?? "default", of: .user, givenAs: "--user", invocation),
            try name(invocation.value("scene") ?? "main", of: .scene, givenAs: "--scene", invocation)
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

    /// Prints the scene's state as text or JSON.
    static func printState(
        _ session: NavigationSession<LibraryRoute>, in catalog: any CatalogLookup, repairs: RepairReport, json: Bool
    ) throws {
        if json {
            try Output.writeJSON(try NavigationOutput.json(session, in: catalog, repairs: repairs))
        } else {
            Output.write(try NavigationOutput.text(session, in: catalog, repairs: repairs))
        }
    }

    private static func run(_ invocation: Invocation, intent: NavigationIntent<LibraryRoute>?) throws {
        let (catalog, session) = try openScene(invocation)
        var repairs = session.restoreReport
        if let intent {
            repairs.repairs += try session.apply(intent).repairs
        }
        try printState(session, in: catalog, repairs: repairs, json: invocation.flag("json"))
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
