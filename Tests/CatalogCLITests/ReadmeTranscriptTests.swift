import Foundation
import TestSupport
import Testing

/// The transcripts of the README and `docs/` are what the commands print (uuids aside): each test runs the command the transcript
/// shows and compares the whole output.
@Suite struct ReadmeTranscriptTests {
    /// The ```text block of the README or a page of `docs/` whose first line starts with `prefix`, whole.
    static func transcript(startingWith prefix: String) throws -> String {
        try #require(
            try Documentation.block(language: "text", startingWith: prefix), "no transcript '\(prefix)…' in the docs"
        ).text
    }

    /// `text` with every uuid replaced by `UUID`.
    static func maskingUUIDs(_ text: String) -> String {
        text.replacing(#/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/#, with: "UUID")
    }

    @Test func theQuickStartDemoPrintsWhatTheReadmeShows() throws {
        let directory = try TestSupport.temporaryDirectory("readme-demo")
        let demo = try TestSupport.run(
            CatalogCLI.executable, ["demo", "--sample-data", TestSupport.sampleData.path],
            environment: ["CATALOG_DB": "catalog.sqlite"], currentDirectory: directory)
        #expect(demo.status == 0, "\(demo.standardError)")
        let command = "$ swift run catalog demo\n"
        let expected = try Self.transcript(startingWith: command).dropFirst(command.count)
        #expect(Self.maskingUUIDs(demo.standardOutput) == Self.maskingUUIDs(String(expected)))
    }

    /// `text` with every timing (`in 4.75 s (2107 rows/s)`) replaced by `in … s (… rows/s)`.
    static func maskingTimings(_ text: String) -> String {
        text.replacing(#/in [0-9.]+ s \([0-9]+ rows/s\)/#, with: "in … s (… rows/s)")
    }

    /// Runs each `$ catalog …` line of a transcript in `directory` and returns the transcript as it came out.
    static func replay(_ transcript: String, in directory: URL) throws -> String {
        var output = ""
        for line in transcript.split(separator: "\n") where line.hasPrefix("$ catalog ") {
            let arguments = line.dropFirst("$ catalog ".count).split(separator: " ").map(String.init)
            let result = try CatalogCLI.run(
                arguments, environment: ["CATALOG_DB": "catalog.sqlite"], currentDirectory: directory)
            output += "\(line)\n\(result.standardOutput)\(result.standardError)"
        }
        return output
    }

    @Test func theGoodbooksImportPrintsWhatTheReadmeShows() throws {
        let books = try TestSupport.sharedData("goodbooks-10k/books.csv")
        let directory = try TestSupport.temporaryDirectory("readme-goodbooks")
        try FileManager.default.createDirectory(
            at: directory.appending(path: "goodbooks-10k"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(filePath: books), to: directory.appending(path: "goodbooks-10k/books.csv"))
        let expected = try Self.transcript(startingWith: "$ catalog import goodbooks-10k/books.csv")
        let output = try Self.replay(expected, in: directory)
        #expect(Self.maskingTimings(output) == Self.maskingTimings(expected))
    }

    /// The sync example (docs/sync.md), run line by line on the sample data: each command exits 0, and a command's trailing
    /// comment is the first line it prints (`…` stands for any text).
    @Test func theSyncExampleRunsAndPrintsWhatItsCommentsSay() throws {
        let example = try #require(
            try Documentation.block(
                language: "sh", startingWith: "catalog --db server.sqlite import SampleData/library.json"))
        let directory = try TestSupport.temporaryDirectory("readme-sync")
        try FileManager.default.createSymbolicLink(
            at: directory.appending(path: "SampleData"), withDestinationURL: TestSupport.sampleData)
        var commands = 0
        for line in example.text.split(separator: "\n") where line.hasPrefix("catalog ") {
            let (command, comment) = Documentation.exampleLine(line)
            var words = command.split(separator: " ").dropFirst().map(String.init)
            var redirect: String?
            if let arrow = words.firstIndex(of: ">") {
                redirect = words[arrow + 1]
                words.removeSubrange(arrow...)
            }
            let result = try CatalogCLI.run(words, currentDirectory: directory)
            #expect(result.status == 0, "\(line): \(result.standardError)")
            if let redirect {
                try result.standardOutput.write(
                    to: directory.appending(path: redirect), atomically: true, encoding: .utf8)
            }
            if let comment {
                #expect(
                    try Documentation.firstLine(of: result.standardOutput, matches: comment),
                    "\(line)\nprinted: \(result.standardOutput)")
            }
            commands += 1
        }
        #expect(commands == 6)
    }
}
