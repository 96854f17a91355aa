import Catalog
import CatalogImport
import CommandLineKit
import Foundation
import LibraryNavigation
import Navigation
import SQLiteDB

/// `catalog demo`: the quick start. Imports the sample data, browses like a user, relaunches, and shows
/// that the scene comes back as it was left.
enum DemoCommand {
    static let command = Command(
        name: "demo",
        abstract: "Import the sample data, walk a browsing session, relaunch and print the restored state.",
        discussion: """
            Creates (or reuses) the database, imports SampleData/*.json idempotently, applies a short browsing \
            session for user 'demo' (genres → a genre → a band → one of its genres; authors → an author → a \
            book → a co-author; settings; back), closes the database, reopens it as a relaunched app would, and \
            prints the restored columns and history.
            """,
        options: [sampleData],
        run: run
    )

    static let sampleData = TypedOption<String>(
        "sample-data", valueName: "DIR", default: "SampleData", help: "Where the sample catalogs are.")

    static func run(_ invocation: Invocation) throws {
        let path = try GlobalOptions.databasePath(invocation)
        let files = try sampleFiles(in: URL(filePath: try invocation[sampleData]))
        Output.write("catalog demo: \(path)\n\n")
        try browse(invocation, files: files)
        Output.write("\nRelaunch: the database was closed; reopening scene 'main' of user 'demo'.\n\n")
        try showRestored(invocation)
    }

    private static func sampleFiles(in directory: URL) throws -> [URL] {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil))?
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent } ?? []
        guard !files.isEmpty else {
            throw UsageError(
                "no sample catalogs (*.json) in \(directory.path)",
                hint: "run from the package root, or pass --sample-data DIR", commandPath: ["catalog", "demo"])
        }
        return files
    }

    /// The first launch: import, then browse. Everything it opened is closed when it returns.
    private static func browse(_ invocation: Invocation, files: [URL]) throws {
        let catalog = LibraryCatalog(try GlobalOptions.openDatabase(invocation))
        for file in files {
            let summary = try catalog.importer.importJSON(contentsOf: file)
            Output.write(
                "imported \(file.lastPathComponent): \(summary.inserted) inserted, \(summary.updated) updated, "
                    + "\(summary.unchanged) unchanged, \(summary.rejected) rejected\n")
        }
        let db = try GlobalOptions.openUserState(invocation)
        let session = try openDemoScene(db)
        Output.write("\nBrowsing as user 'demo':\n")
        for (number, step) in try DemoTour.steps(in: catalog).enumerated() {
            try session.apply(step.intent)
            Output.write("  \(number + 1). \(step.summary)\n")
        }
    }

    private static func showRestored(_ invocation: Invocation) throws {
        let db = try GlobalOptions.openUserState(invocation)
        let catalog = LibraryCatalog(db)
        let session = try openDemoScene(db)
        Output.write(try NavigationOutput.text(session, in: catalog, repairs: session.restoreReport))
        Output.write("\nhistory:\n")
        for (index, entry) in try session.historyEntries().enumerated() {
            let marker = index == session.history.index ? "→" : " "
            Output.write(" \(marker) \(index + 1). \(try NavigationOutput.breadcrumb(entry, in: catalog))\n")
        }
        Output.write(
            "\nContinue with 'catalog nav --user demo show', 'catalog nav --user demo back', 'catalog browse'.\n")
    }

    /// Restores scene 'main' of user 'demo', as a launch of an app does.
    private static func openDemoScene(_ db: Database) throws -> NavigationSession<LibraryRoute> {
        try NavigationStore(catalog: db).openSession(scene: "main", forUserNamed: "demo")
    }
}
