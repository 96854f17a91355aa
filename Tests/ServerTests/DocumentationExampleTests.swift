import Foundation
import TestSupport
import Testing

/// The HTTP client example of docs/http.md, run as written against a server of the sample catalog (user `ada`
/// added first, as the page's example before it does): each command exits 0 and prints its comment as its first
/// line (`…` stands for any text); the server's address replaces `http://127.0.0.1:8080`.
@Suite struct DocumentationExampleTests {
    @Test func theHTTPClientExampleRunsAsWritten() throws {
        let example = try #require(
            try Documentation.block(language: "sh", startingWith: "export CATALOG_TOKEN=$(catalog tokens create"))
        let served = try ServedCatalog()
        let directory = served.cli.directory
        try #require(try CatalogCLI.run(["users", "add", "ada"], currentDirectory: directory).status == 0)
        var environment: [String: String] = [:]
        var commands = 0
        for line in example.text.split(separator: "\n") {
            let (command, comment) = Documentation.exampleLine(line)
            let said = try #require(comment)
            if let words = Documentation.tokenExport(command) {
                let created = try CatalogCLI.run(words, currentDirectory: directory)
                #expect(created.status == 0, "\(line): \(created.standardError)")
                environment["CATALOG_TOKEN"] = created.standardOutput.trimmingCharacters(in: .newlines)
                commands += 1
                continue
            }
            let words = try #require(command.hasPrefix("catalog ") ? command.dropFirst("catalog ".count) : nil)
                .split(separator: " ").map { $0 == "http://127.0.0.1:8080" ? served.baseURL : String($0) }
            let printed: String
            if words.contains("--follow") {
                // It syncs until interrupted: its first line, then Ctrl-C.
                let following = try TestSupport.start(
                    CatalogCLI.executable, words, environment: environment, currentDirectory: directory)
                printed = try #require(following.firstStandardOutputLine(waitingAtMost: .seconds(20)))
                following.send(SIGINT)
                #expect(following.wait().status == 0)
            } else {
                let result = try CatalogCLI.run(words, environment: environment, currentDirectory: directory)
                #expect(result.status == 0, "\(line): \(result.standardError)")
                printed = result.standardOutput
            }
            #expect(try Documentation.firstLine(of: printed, matches: said), "\(line)\nprinted: \(printed)")
            commands += 1
        }
        #expect(commands == 4)
    }
}
