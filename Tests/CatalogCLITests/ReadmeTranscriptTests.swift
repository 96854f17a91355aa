import Foundation
import TestSupport
import Testing

/// The README's transcripts are what the commands print (uuids aside): each test runs the command the transcript
/// shows and compares the whole output.
@Suite struct ReadmeTranscriptTests {
    /// The ```text block of the README whose first line is `firstLine`, without that line.
    static func transcript(startingWith firstLine: String) throws -> String {
        let readme = try String(contentsOf: TestSupport.packageRoot.appending(path: "README.md"), encoding: .utf8)
        let opening = "```text\n\(firstLine)\n"
        let start = try #require(readme.range(of: opening), "README.md has no transcript starting '\(firstLine)'")
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
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
        let expected = try Self.transcript(startingWith: "$ swift run catalog demo")
        #expect(Self.maskingUUIDs(demo.standardOutput) == Self.maskingUUIDs(expected))
    }
}
