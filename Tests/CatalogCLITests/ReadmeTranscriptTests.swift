import Foundation
import TestSupport
import Testing

/// The README's transcripts are what the commands print (uuids aside): each test runs the command the transcript
/// shows and compares the whole output.
@Suite struct ReadmeTranscriptTests {
    /// The ```text block of the README whose first line starts with `prefix`, whole.
    static func transcript(startingWith prefix: String) throws -> String {
        let readme = try String(contentsOf: TestSupport.packageRoot.appending(path: "README.md"), encoding: .utf8)
        let opening = try #require(readme.range(of: "```text\n\(prefix)"), "README.md has no transcript '\(prefix)…'")
        let end = try #require(readme.range(of: "```\n", range: opening.upperBound..<readme.endIndex))
        return String(readme[readme.index(opening.lowerBound, offsetBy: "```text\n".count)..<end.lowerBound])
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
}
