import Catalog
import CatalogImport
import CatalogStore
import CatalogViews
import CommandLineKit
import Foundation
import PostgreSQLCatalog
import PostgreSQLDB

/// `catalog import FILE...`: import catalog files (JSON, CSV/TSV, Open Library dumps, MARC 21, Calibre libraries),
/// idempotently.
enum ImportCommand {
    static let command = Command(
        name: "import",
        abstract:
            "Import catalog files (native JSON, CSV/TSV, Open Library dumps, MARC 21, Calibre libraries) into the database.",
        discussion: """
            The format is guessed from the extension (.json, .csv, .tsv; .tsv/.txt starting with /type/ is an Open \
            Library dump; .mrc, .marc, .dat, .iso are MARC 21; .xml with a collection or record root is MARCXML; a \
            file named metadata.db, or a folder holding one, is a Calibre library, read without ever being written) \
            unless --format is given. Each file is imported in one transaction (--batch N commits every \
            N rows). Importing the same file again changes nothing. Rejected rows are reported with file, line, \
            column, value and reason; the rest of the file is imported. Exit status: 0 all rows imported, 2 some \
            rows rejected, 65 a file is unusable, 64 a bad command line, 1 other failures. With --database URL \
            the catalog is on PostgreSQL: each file is imported into a working copy of it, and what that changed \
            reaches the server in one transaction (whole or not at all; --batch applies to the copy only). On \
            either database, a field edited by hand (catalog edit, merge, or over HTTP) since the last import of its \
            record keeps its value and is reported ("kept 1 field edited by hand"); --overwrite-edits takes the \
            file's value instead. The working copy is made anew for each run and removed after it, unless \
            --working-copy DIR keeps it there: a later import into the same catalog then starts from it, as long \
            as no other writer changed the catalog in between, instead of copying the whole catalog first.
            """,
        options: [
            format, entity, profile, map, split, source, encoding, dryRun, strict, errors, batch, bulkRows,
            overwriteEdits, workingCopy, json,
        ],
        arguments: [
            Argument(
                "FILE",
                help: "Files to import; a pipe too (/dev/stdin, <(zcat books.csv.gz)), read once, with --format "
                    + "unless its name tells the format (not JSON, which is read twice).",
                variadic: true)
        ],
        run: run
    )

    static let format = TypedOption<ImportFormat?>(
        "format", valueName: "FORMAT", parser: .choice(ImportFormat.self),
        help: "json, csv, tsv, openlibrary, marc, marcxml or calibre.", whenAbsent: "from the file")
    static let entity = TypedOption<ImportEntity>(
        "entity", valueName: "ENTITY", parser: .choice(ImportEntity.self), default: .books,
        help: "What CSV rows are: books or bands.")
    static let profile = TypedOption<String?>(
        "profile", valueName: "NAME", help: "A built-in CSV profile: goodbooks, goodreads-export or storygraph.")
    static let map = TypedOption<[String]>(
        "map", valueName: "FIELD=COLUMN", parser: .string, help: "Read FIELD from the column named COLUMN.")
    // Each field has its own separator: the default (|) is written in the help.
    static let split = TypedOption<[String]>(
        "split", valueName: "FIELD=SEPARATOR", parser: .string,
        help: "Separator of a multi-valued field (default |); list reads ['a', 'b'] or [\"a\", \"b\"] cells.")
    static let source = TypedOption<String?>(
        "source", valueName: "NAME", help: "The source the file's keys belong to.")
    // The default depends on the format: it is written in the help.
    static let encoding = TypedOption<Encodings?>(
        "encoding", valueName: "ENCODING", parser: Encodings.parser,
        help: "utf-8 (default), latin1 or cp1252; for ISO 2709 MARC marc8 or utf-8 (default: each leader's).")
    static let dryRun = Flag("dry-run", help: "Do all the work, then roll it back; print the same summary.")
    static let strict = Flag("strict", help: "Stop at the first rejected row and roll the whole file back.")
    static let errors = TypedOption<String?>(
        "errors", valueName: "FILE", help: "Write every rejected row to FILE (CSV, fix and re-import).")
    static let batch = TypedOption<Int?>(
        "batch", valueName: "N", parser: .integer(in: 1...Int.max), help: "Commit every N rows.",
        whenAbsent: "the whole file at once")
    static let bulkRows = TypedOption<Int>(
        "bulk-rows", valueName: "N", parser: .integer(in: 0...Int.max), default: ImportOptions().bulkRows,
        help: "Write set-based once a transaction has written N rows (0: always); the result is the same.")
    static let overwriteEdits = Flag(
        "overwrite-edits", help: "Take the file's value also of fields edited by hand since the last import.")
    static let workingCopy = TypedOption<String?>(
        "working-copy", valueName: "DIR",
        help: "With --database: keep the working copy of the catalog in DIR for the next import (as large as the "
            + "catalog).")
    static let json = Flag("json", help: "Print the summary as JSON.")

    /// What `--encoding` names: a text encoding, a MARC one, or both (`utf-8`).
    struct Encodings: Sendable {
        var text: InputEncoding?
        var marc: MARCEncoding?

        static let parser = ValueParser<Encodings>(requirement: "must be utf-8, latin1, cp1252 or marc8") { name in
            let encodings = Encodings(text: InputEncoding(name: name), marc: MARCEncoding(name: name))
            return encodings.text == nil && encodings.marc == nil ? nil : encodings
        }
    }

    /// Rejections printed on stderr per file; the errors file has all of them.
    static let shownRejections = 5

    static func run(_ invocation: Invocation) throws {
        let options = try importOptions(invocation)
        if let errors = options.errorsFile {
            // Each run starts a new errors file; never the one being imported (fixed rows are imported from it).
            if invocation.positionals.contains(where: { CatalogImporter.isSameFile(errors, $0) }) {
                throw ImportError.errorsFileIsTheInput(path: errors)
            }
            try? FileManager.default.removeItem(atPath: errors)
        }
        let progress = ProgressLine.forStandardError()
        var summaries: [ImportSummary] = []
        try GlobalOptions.openStore(invocation).importing { importer in
            try importFiles(invocation, options: options, with: importer, progress: progress, into: &summaries)
        }
        if invocation[json] { try Output.writeJSON(json(summaries)) }
        if summaries.contains(where: { $0.rejected > 0 }) { exit(ExitStatus.rowsRejected) }
    }

    /// Imports the invocation's files one by one, printing what each brought unless the output is JSON.
    private static func importFiles(
        _ invocation: Invocation, options: ImportOptions, with importer: any CatalogFileImporter,
        progress: ProgressLine?, into summaries: inout [ImportSummary]
    ) throws {
        for file in invocation.positionals {
            let summary = try importer.importFile(atPath: file, options: options) { progress?.show($0) }
            progress?.clear()
            summaries.append(summary)
            for rejection in summary.rejections.prefix(shownRejections) {
                Output.writeError("rejected: \(rejection)\n")
            }
            if summary.rejected > shownRejections {
                let rest = summary.rejected - shownRejections
                Output.writeError(
                    "… and \(rest) more rejected row\(rest == 1 ? "" : "s")"
                        + (options.errorsFile.map { " (all in \($0))" } ?? " (use --errors FILE to get all of them)")
                        + "\n")
            }
            if !invocation[json] { Output.write(text(summary)) }
        }
    }

    static func importOptions(_ invocation: Invocation) throws -> ImportOptions {
        var options = ImportOptions()
        options.format = try invocation[format]
        options.entity = try invocation[entity]
        options.profile = try invocation[profile]
        options.mappings = try invocation[map]
        options.splits = try invocation[split]
        options.source = try invocation[source]
        if let encodings = try invocation[encoding] {
            options.marcEncoding = encodings.marc
            options.encoding = encodings.text ?? options.encoding
        }
        options.dryRun = invocation[dryRun]
        options.strict = invocation[strict]
        options.errorsFile = try invocation[errors]
        options.batchSize = try invocation[batch]
        options.bulkRows = try invocation[bulkRows]
        options.overwriteEdits = invocation[overwriteEdits]
        options.workingCopyDirectory = try invocation[workingCopy]
        if options.workingCopyDirectory != nil, case .sqlite = try GlobalOptions.location(invocation) {
            throw UsageError(
                "--working-copy keeps a copy of a PostgreSQL catalog; a SQLite catalog is written directly",
                hint: "give the catalog as --database postgres://…", commandPath: invocation.commandPath)
        }
        return options
    }

    static func text(_ summary: ImportSummary) -> String {
        var text = "\(summary.file) (source '\(summary.source)')\(summary.dryRun ? ", dry run, rolled back" : ""): "
        text += "\(summary.total) rows: \(summary.inserted) inserted, \(summary.updated) updated, "
        text += "\(summary.unchanged) unchanged, \(summary.duplicates) duplicates, \(summary.rejected) rejected"
        text += String(format: " in %.2f s (%.0f rows/s)\n", summary.elapsedSeconds, summary.rowsPerSecond)
        if summary.keptEdits > 0 {
            text += "kept \(summary.keptEdits) field\(summary.keptEdits == 1 ? "" : "s") edited by hand: "
            text += summary.keptEditDetails.prefix(3).map(\.description).joined(separator: "; ")
            text += summary.keptEdits > 3 ? ", …" : ""
            text += " (--overwrite-edits takes the file's values)\n"
        }
        if summary.warningCount > 0 {
            text += "\(summary.warningCount) value\(summary.warningCount == 1 ? "" : "s") left out, e.g. "
            text += summary.warnings.prefix(3).map(\.description).joined(separator: "; ") + "\n"
        }
        return text
    }

    static func json(_ summaries: [ImportSummary]) -> JSONValue {
        let files: [JSONValue] = summaries.map { summary in
            counts([summary]).merging([
                "file": .string(summary.file), "source": .string(summary.source),
                "elapsed_s": .double(summary.elapsedSeconds), "rows_per_s": .double(summary.rowsPerSecond),
                "dry_run": .bool(summary.dryRun), "warnings": .int(summary.warningCount),
                "kept_edits": .array(
                    summary.keptEditDetails.map { kept in
                        [
                            "kind": .string(kept.kind.rawValue), "uuid": .string(kept.uuid.uuidString.lowercased()),
                            "field": .string(kept.field), "record": .string(kept.key),
                        ]
                    }),
                "rejections": .array(
                    summary.rejections.map { rejection in
                        [
                            "file": .string(rejection.file), "line": .int(rejection.line),
                            "record": .string(rejection.record), "reason": .string(rejection.reason),
                        ]
                    }),
            ])
        }
        return counts(summaries).merging([
            "files": .array(files), "elapsed_s": .double(summaries.map(\.elapsedSeconds).reduce(0, +)),
        ])
    }

    private static func counts(_ summaries: [ImportSummary]) -> JSONValue {
        func sum(_ count: (ImportSummary) -> Int) -> JSONValue { .int(summaries.map(count).reduce(0, +)) }
        return [
            "inserted": sum(\.inserted), "updated": sum(\.updated), "unchanged": sum(\.unchanged),
            "duplicates": sum(\.duplicates), "rejected": sum(\.rejected), "kept": sum(\.keptEdits),
        ]
    }
}
