import Foundation
import PackagePlugin

/// Turns the files of a target's `Web/` directory (the web page's HTML, CSS and JavaScript) into a Swift file of
/// that target (an extension of `WebAssets`), so the page ships inside the server binary and is always the one in
/// the repository. The target excludes `Web/` from its sources; `ResourceEmbedder --files` writes the Swift.
@main
struct EmbedWebAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        // `Target.directoryURL` needs tools 6.1; the package's targets keep SwiftPM's default paths.
        let directory = context.package.directoryURL.appending(path: "Sources/\(target.name)/Web")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) web assets from \(target.name)/Web/",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: ["--files", output.path, "WebAssets"] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
