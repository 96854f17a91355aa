import Catalog
import CommandLineKit
import Foundation

/// `catalog import FILE...`: import catalog files, idempotently.
enum ImportCommand {
    static let command = Command(
        name: "import",
        abstract: "Import catalog files (the native JSON format) into the database.",
        discussion: """
            Each file is imported in one transaction. Importing the same file again changes nothing: a record's \
            identity is the file's source and the record's key. Records that cannot be stored are listed and \
            skipped; the rest of the file is imported.
            """,
        options: [.flag("json", help: "Print the summary as JSON.")],
        arguments: [Argument("FILE", help: "Files to import (.json).", variadic: true)],
        run: run
    )

    static func run(_ invocation: Invocation) throws {
        let files = invocation.positionals
        for file in files where URL(filePath: file).pathExtension.lowercased() != "json" {
            throw UsageError(
                "cannot import '\(file)': only the native JSON format (.json) is supported",
                hint: "see the README for the format", commandPath: invocation.commandPath)
        }
        let importer = LibraryCatalog(try GlobalOptions.openDatabase(invocation)).importer
        var results: [(file: String, summary: ImportSummary)] = []
        for file in files {
            let summary = try importer.importJSON(contentsOf: URL(filePath: file))
            results.append((file, summary))
            if !invocation.flag("json") { Output.write(text(file: file, summary)) }
        }
        if invocation.flag("json") {
            try Output.writeJSON(json(results))
        }
    }

    static func text(file: String, _ summary: ImportSummary) -> String {
        var text = "\(file) (source '\(summary.source)'): \(summary.total) records: \(summary.inserted) inserted, "
        text += "\(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.rejected) rejected\n"
        for rejection in summary.rejections {
            text += "  rejected \(rejection.record): \(rejection.reason)\n"
        }
        return text
    }

    static func json(_ results: [(file: String, summary: ImportSummary)]) -> JSONValue {
        let files: [JSONValue] = results.map { file, summary in
            counts(summary).merging([
                "file": .string(file), "source": .string(summary.source),
                "rejections": .array(
                    summary.rejections.map { ["record": .string($0.record), "reason": .string($0.reason)] }),
            ])
        }
        var total = ImportSummary(source: "")
        for (_, summary) in results {
            total.inserted += summary.inserted
            total.updated += summary.updated
            total.unchanged += summary.unchanged
            total.rejections += summary.rejections
        }
        return counts(total).merging(["files": .array(files)])
    }

    private static func counts(_ summary: ImportSummary) -> JSONValue {
        [
            "inserted": .int(summary.inserted), "updated": .int(summary.updated),
            "unchanged": .int(summary.unchanged), "rejected": .int(summary.rejected),
        ]
    }
}
