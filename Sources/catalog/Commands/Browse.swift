import CatalogStore
import CommandLineKit
import LibraryNavigation
import Navigation
import TerminalKit

/// `catalog browse`: the interactive three-column browser, reopening where the user left it.
enum BrowseCommand {
    static let command = Command(
        name: "browse",
        abstract: "Browse the catalog in a full-screen split view that reopens where you left it.",
        discussion: """
            Sidebar, content and detail columns side by side; below 100 terminal columns the view collapses \
            to one column, like a split view on a phone. Every move is saved at once for the user and scene, \
            so quitting and relaunching shows the same place. Press ? inside for the keys. Needs a terminal; \
            from scripts use 'catalog nav'.
            """,
        options: [NavCommand.user, NavCommand.scene],
        run: run
    )

    private static func run(_ invocation: Invocation) throws {
        guard Terminal.isInteractive else { throw CLIError.notATerminal }
        let (user, scene) = try NavCommand.sceneNames(invocation)
        let location = try GlobalOptions.location(invocation)
        try GlobalOptions.openStore(invocation, at: location).browsing { navigation, catalog in
            let session = try navigation.openSession(scene: scene, forUserNamed: user)
            try browse(BrowseController(catalog: catalog, named: location.description, session: session))
        }
    }

    /// Draws the controller's screen and hands it keys until one quits.
    private static func browse(_ controller: BrowseController) throws {
        let terminal = try Terminal()
        // Restores the terminal on quit and when anything below throws; signals restore it themselves.
        defer { terminal.restore() }
        controller.size = terminal.size
        draw(controller, on: terminal)
        while true {
            let keys = try terminal.readKeys()
            let resized = terminal.takeResize()
            if resized { controller.size = terminal.size }
            for key in keys where try !controller.handle(key) { return }
            // Between keys (every 250 ms at most), a change saved elsewhere is shown.
            let followed = try keys.isEmpty && controller.followChangesElsewhere()
            if resized || !keys.isEmpty || followed { draw(controller, on: terminal) }
        }
    }

    private static func draw(_ controller: BrowseController, on terminal: Terminal) {
        terminal.draw(BrowseRenderer(size: controller.size, style: .ansi).render(controller.screen()))
    }
}
