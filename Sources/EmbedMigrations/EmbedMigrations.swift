import Foundation
import PackagePlugin

/// Turns `Migrations/<target name>/*.sql` at the package root into a Swift file of the target it is applied to
/// (an extension of `<target name>Schema`), so the migrations ship inside the module that owns their tables and can
/// never drift from the files in the repository.
///
/// The other directories of `Migrations/` are passed along to be checked, not embedded: one database records the
/// migrations of every module in one `schema_migrations` table keyed by version, so versions are one sequence across
/// all of them and the build fails when two files share one.
///
/// `Migrations/PostgreSQLCatalog/` is the exception: its migrations are for another kind of database, numbered as a
/// sequence of their own, checked only among themselves and embedded into the `PostgreSQLCatalog` target.
@main
struct EmbedMigrations: BuildToolPlugin {
    /// The directories of databases of their own: their numbers are checked only among their own files.
    private static let separateSequences: Set = ["PostgreSQLCatalog"]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Migrations")
        let entries = try FileManager.default.contentsOfDirectory(
            at: root, includingPropertiesForKeys: [.isDirectoryKey])
        if let loose = entries.first(where: { $0.pathExtension == "sql" }) {
            throw PluginError(
                "\(loose.path): a migration belongs in the directory of the module that owns its tables, "
                    + "Migrations/<module>/ (e.g. Migrations/Catalog/)")
        }
        let directories = try entries.filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true }
        guard let own = directories.first(where: { $0.lastPathComponent == target.name }) else {
            throw PluginError("\(root.path)/\(target.name)/: missing; the migrations of target \(target.name) go there")
        }
        let embedded = try sqlFiles(in: own)
        let alongside =
            Self.separateSequences.contains(target.name)
            ? []
            : try directories.filter { $0 != own && !Self.separateSequences.contains($0.lastPathComponent) }
                .flatMap(sqlFiles(in:))
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(embedded.count) migrations from Migrations/\(target.name)/",
                executable: try context.tool(named: "ResourceEmbedder").url,
                arguments: [output.path, "\(target.name)Schema"] + embedded.map(\.path)
                    + ["--alongside"] + alongside.map(\.path),
                inputFiles: embedded + alongside,
                outputFiles: [output]
            )
        ]
    }

    private func sqlFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
