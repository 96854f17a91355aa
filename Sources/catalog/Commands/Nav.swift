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

    /// One intent subcommand: its name, argument and how it becomes an intent.
    private struct IntentCommand: Sendable {
        let name: String
        let abstract: String
        let argument: Argument?
        let intent: @Sendable (String?) throws -> NavigationIntent<LibraryRoute>
    }

    private static let routeArgument = Argument(
        "ROUTE", help: "books, authors, genres, bands, settings, about, search/TEXT, book/UUID, author/UUID, …")

    private static let intents: [IntentCommand] = [
        IntentCommand(
            name: "select-sidebar", abstract: "Select a sidebar item (clears everything after it).",
            argument: routeArgument
        ) { .selectSidebar(try route($0)) },
        IntentCommand(
            name: "clear-sidebar", abstract: "Clear the sidebar selection and everything after it.",
            argument: nil
        ) { _ in .clearSidebar },
        IntentCommand(
            name: "select-content", abstract: "Select an item of the content list; it becomes the detail.",
            argument: routeArgument
        ) { .selectContent(try route($0)) },
        IntentCommand(
            name: "clear-content", abstract: "Clear the content selection and the detail.",
            argument: nil
        ) { _ in .selectContent(nil) },
        IntentCommand(
            name: "show-detail", abstract: "Show a route in the detail column from outside the lists.",
            argument: routeArgument
        ) { .showDetail(try route($0)) },
        IntentCommand(
            name: "push", abstract: "Push a route onto the detail stack.",
            argument: routeArgument
        ) { .push(try route($0)) },
        IntentCommand(name: "pop", abstract: "Pop the top of the detail stack.", argument: nil) { _ in .pop },
        IntentCommand(name: "pop-to-root", abstract: "Pop the detail stack to its root.", argument: nil) { _ in
            .popToRoot
        },
        IntentCommand(name: "back", abstract: "Go back in history.", argument: nil) { _ in .back },
        IntentCommand(name: "forward", abstract: "Go forward in history.", argument: nil) { _ in .forward },
        IntentCommand(
            name: "compact-back", abstract: "The back button of the collapsed (one-column) view.",
            argument: nil
        ) { _ in .compactBack },
        IntentCommand(
            name: "visibility", abstract: "Set the column visibility.",
            argument: Argument("VALUE", help: "automatic, all, doubleColumn or detailOnly")
        ) {
            .setVisibility(try choice($0, ColumnVisibility.self, of: "visibility"))
        },
        IntentCommand(
            name: "compact-column", abstract: "Set the column shown on top when collapsed.",
            argument: Argument("VALUE", help: "sidebar, content or detail")
        ) {
            .setCompactColumn(try choice($0, CompactColumn.self, of: "compact-column"))
        },
        IntentCommand(
            name: "open", abstract: "Open a deep link as one whole state.",
            argument: Argument("URL", help: "e.g. catalog://genres?content=genre/UUID&stack=band/UUID")
        ) {
            guard let text = $0, let url = URL(string: text) else { throw usage("'\($0 ?? "")' is not a URL") }
            return .open(url)
        },
    ]

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
            + intents.map { intent in
                Command(
                    name: intent.name, abstract: intent.abstract, options: [jsonFlag],
                    arguments: intent.argument.map { [$0] } ?? [],
                    run: { invocation in
                        let parsed = try intent.intent(invocation.positional(0))
                        try run(invocation, intent: parsed)
                    })
            }
    )

    /// Opens the invocation's database as the invocation's user and scene.
    static func openBrowser(_ invocation: Invocation) throws -> LibraryBrowser {
        let user = try name(invocation.value("user") ?? "default", of: .user, givenAs: "--user", invocation)
        let scene = try name(invocation.value("scene") ?? "main", of: .scene, givenAs: "--scene", invocation)
        return try LibraryBrowser(database: try GlobalOptions.openDatabase(invocation), user: user, scene: scene)
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

    /// Prints the browser's state as text or JSON.
    static func printState(_ browser: LibraryBrowser, repairs: RepairReport, json: Bool) throws {
        if json {
            try Output.writeJSON(try NavigationOutput.json(browser, repairs: repairs))
        } else {
            Output.write(try NavigationOutput.text(browser, repairs: repairs))
        }
    }

    private static func run(_ invocation: Invocation, intent: NavigationIntent<LibraryRoute>?) throws {
        let browser = try openBrowser(invocation)
        var repairs = browser.restoreReport
        if let intent {
            repairs.repairs += try browser.apply(intent).repairs
        }
        try printState(browser, repairs: repairs, json: invocation.flag("json"))
    }

    /// Parses a route in its string form.
    static func route(_ text: String?) throws -> LibraryRoute {
        guard let text, let route = LibraryRoute(path: text) else {
            throw usage("'\(text ?? "")' is not a route")
        }
        return route
    }

    /// Parses the value of the intent `intent`; a wrong one is refused with that intent's help as the hint (the
    /// routes have nothing to do with it).
    private static func choice<T: RawRepresentable & CaseIterable>(_ text: String?, _ type: T.Type, of intent: String)
        throws -> T
    where T.RawValue == String {
        guard let text, let value = T(rawValue: text) else {
            throw UsageError(
                "'\(text ?? "")' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))",
                commandPath: ["catalog", "nav", intent])
        }
        return value
    }

    private static func usage(_ message: String) -> UsageError {
        UsageError(
            message,
            hint: "routes are books, authors, genres, bands, settings, about, search/TEXT, book/UUID, author/UUID, "
                + "genre/UUID, band/UUID; see 'catalog nav --help'", commandPath: ["catalog", "nav"])
    }
}
