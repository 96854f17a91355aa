import Foundation
import TestSupport
import Testing

/// The README and the pages of `docs/` hold together: every relative link leads somewhere, and the README's tour
/// runs as written.
@Suite struct DocumentationTests {
    /// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(of heading: Substring) -> String {
        String(
            heading.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }.map { $0 == " " ? "-" : Character($0) })
    }

    /// The links of a page outside code (fenced blocks and code spans), with their line numbers.
    static func links(in page: Documentation.Page) -> [(line: Int, target: String)] {
        var links: [(line: Int, target: String)] = []
        var fenced = false
        for (number, line) in page.numberedLines {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced else { continue }
            let prose = line.replacing(#/`[^`]*`/#, with: "")
            links += prose.matches(of: #/\]\(([^)\s]+)\)/#).map { (number, String($0.output.1)) }
        }
        return links
    }

    static func headings(in page: Documentation.Page) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for (_, line) in page.numberedLines {
            if line.hasPrefix("```") { fenced.toggle() }
            if !fenced, let heading = line.firstMatch(of: #/^#+ (.*)$/#) {
                anchors.insert(anchor(of: heading.output.1))
            }
        }
        return anchors
    }

    @Test(arguments: [
        ("Offline clients: change feed, snapshots and sync", "offline-clients-change-feed-snapshots-and-sync"),
        ("`catalog browse`: the interactive browser", "catalog-browse-the-interactive-browser"),
        ("Putting `catalog` on the PATH", "putting-catalog-on-the-path"),
    ])
    func anchorsAreGitHubs(heading: String, expected: String) {
        #expect(Self.anchor(of: heading[...]) == expected)
    }

    @Test func everyRelativeLinkResolves() throws {
        let pages = try Documentation.pages(everyReadme: true)
        let root = TestSupport.packageRoot
        var checked = 0
        for page in pages {
            let folder = URL(fileURLWithPath: page.path).deletingLastPathComponent().relativePath
            for link in Self.links(in: page) where !link.target.contains("://") && !link.target.hasPrefix("mailto:") {
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file =
                    parts[0].isEmpty
                    ? page.path : URL(fileURLWithPath: "\(folder)/\(parts[0])").standardized.relativePath
                let place = "\(page.path):\(link.line): \(link.target)"
                #expect(
                    FileManager.default.fileExists(atPath: root.appending(path: file).path), "\(place): no such file")
                if parts.count == 2, file.hasSuffix(".md") {
                    let target = try #require(pages.first { $0.path == file }, "\(place): not a documentation page")
                    #expect(Self.headings(in: target).contains(String(parts[1])), "\(place): no such heading")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// The README's tour, run line by line as written, with two stand-ins: the download is the goodbooks-10k file
    /// kept beside the checkout, and the server listens on a free port, which replaces 8080 in the lines after it.
    /// Each command exits 0 and prints its comment as its first line (`…` stands for any text). `catalog browse`
    /// is left to the terminal tests.
    @Test func theTourRunsAndPrintsWhatItsCommentsSay() throws {
        let books = try TestSupport.sharedData("goodbooks-10k/books.csv")
        try TestSupport.requireHTTPServerLibrary()
        let tour = try #require(try Documentation.block(language: "sh", startingWith: "mkdir tour && cd tour\n"))
        let checkout = try TestSupport.temporaryDirectory("readme-tour")
        try FileManager.default.createSymbolicLink(
            at: checkout.appending(path: "SampleData"), withDestinationURL: TestSupport.sampleData)
        let directory = checkout.appending(path: "tour")
        var environment: [String: String] = [:]
        var server: ChildProcess?
        defer { server?.killIfRunning() }
        var address = "http://127.0.0.1:8080"
        var commands = 0
        for line in tour.text.split(separator: "\n") {
            let (command, comment) = Documentation.exampleLine(line)
            var printed: String?
            switch command {
            case "mkdir tour && cd tour":
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            case _ where command.hasPrefix("curl "):
                #expect(command.hasSuffix("/books.csv"))
                try FileManager.default.copyItem(at: URL(filePath: books), to: directory.appending(path: "books.csv"))
            case "catalog browse":
                continue
            case "catalog serve &":
                let started = try TestSupport.start(
                    CatalogCLI.executable, ["serve", "--listen", "127.0.0.1:0"], environment: environment,
                    currentDirectory: directory)
                server = started
                let first = try #require(started.firstStandardOutputLine(), "\(started.wait().standardError)")
                address = String(first.dropFirst("listening on ".count))
                printed = first.replacingOccurrences(of: address, with: "http://127.0.0.1:8080")
            case "kill %1":
                let stopped = try #require(server)
                stopped.send(SIGTERM)
                #expect(stopped.wait().status == 0)
                server = nil
            case _ where Documentation.tokenExport(command) != nil:
                let result = try CatalogCLI.run(Documentation.tokenExport(command) ?? [], currentDirectory: directory)
                #expect(result.status == 0, "\(line): \(result.standardError)")
                environment["CATALOG_TOKEN"] = result.standardOutput.trimmingCharacters(in: .newlines)
            case _ where command.hasPrefix("catalog "):
                let words = command.dropFirst("catalog ".count).split(separator: " ").map {
                    $0 == "http://127.0.0.1:8080" ? address : String($0)
                }
                let result = try CatalogCLI.run(words, environment: environment, currentDirectory: directory)
                #expect(result.status == 0, "\(line): \(result.standardError)")
                printed = result.standardOutput
            default:
                Issue.record("the test does not know how to run this line of the tour: \(line)")
            }
            if let comment, let printed {
                #expect(try Documentation.firstLine(of: printed, matches: comment), "\(line)\nprinted: \(printed)")
            }
            commands += 1
        }
        #expect(commands == 11)
    }
}
