import Foundation
import TestSupport
import Testing

/// The Swift blocks of the README and `docs/` are the sources of the `example-…` programs, verbatim, so the build compiles every block
/// and these tests run them: a snippet cannot rot unnoticed.
@Suite struct ReadmeExampleTests {
    /// Each ```swift block of the README and the pages of `docs/`, with where its fence opens (`PAGE:LINE`).
    static func readmeSwiftBlocks() throws -> [(line: String, text: String)] {
        var blocks: [(line: String, text: String)] = []
        for page in try Documentation.pages() {
            var open: (line: Int, lines: [Substring])?
            for (number, line) in page.numberedLines {
                if let block = open {
                    if line == "```" {
                        blocks.append(("\(page.path):\(block.line)", block.lines.map { $0 + "\n" }.joined()))
                        open = nil
                    } else {
                        open?.lines.append(line)
                    }
                } else if line == "```swift" {
                    open = (number, [])
                }
            }
        }
        return blocks
    }

    /// Whether a documentation block is SwiftUI code, which Linux cannot compile: a block that imports SwiftUI.
    static func isSwiftUIOnly(_ block: String) -> Bool {
        block.split(separator: "\n").contains("import SwiftUI")
    }

    /// The example programs' sources by directory name.
    static func exampleSources() throws -> [String: String] {
        let examples = TestSupport.packageRoot.appending(path: "Sources/Examples")
        var sources: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) {
            sources[name] = try String(contentsOf: examples.appending(path: "\(name)/main.swift"), encoding: .utf8)
        }
        return sources
    }

    @Test func everyReadmeSwiftBlockIsAnExampleProgramAndEveryProgramIsInTheReadme() throws {
        let blocks = try Self.readmeSwiftBlocks().filter { !Self.isSwiftUIOnly($0.text) }
        let sources = try Self.exampleSources()
        #expect(blocks.count == 3)
        for block in blocks {
            #expect(
                sources.values.contains(block.text),
                "\(block.line): this swift block is not the source of any program in Sources/Examples")
        }
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            #expect(
                blocks.contains { $0.text == source },
                "Sources/Examples/\(name)/main.swift is no block of the README or docs/")
        }
    }

    /// The SwiftUI blocks stay honest against the model: every `model.member` they use (bound as `$model.member` or
    /// called) is declared in the Navigation module, SwiftUI-only conversions included.
    @Test func theSwiftUIBlocksUseOnlyWhatTheModelDeclares() throws {
        let blocks = try Self.readmeSwiftBlocks().filter { Self.isSwiftUIOnly($0.text) }
        #expect(blocks.count == 3)
        let directory = TestSupport.packageRoot.appending(path: "Sources/Navigation")
        // Every file of the module, in whichever of its folders.
        let declarations = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: directory.appending(path: $0), encoding: .utf8) }
            .joined(separator: "\n")
        for block in blocks {
            let members = Set(block.text.matches(of: #/\bmodel\.([A-Za-z]+)/#).map { String($0.output.1) })
            #expect(!members.isEmpty, "\(block.line): a SwiftUI block that does not use the model")
            for member in members.sorted() {
                let declaration = try Regex(#"public (private\(set\) )?(var|let|func) "# + member + #"\b"#)
                let declared = declarations.contains(declaration)
                #expect(
                    declared,
                    "\(block.line): model.\(member) is not a member SplitViewModel declares")
            }
        }
    }

    /// Runs example `name` in a new directory after `prepare`, then `inspect` in that directory, and returns what the
    /// example printed.
    private func runExample(
        _ name: String, prepare: (CatalogCLI) throws -> Void = { _ in }, inspect: (CatalogCLI) throws -> Void = { _ in }
    ) throws -> String {
        let cli = try CatalogCLI("readme-\(name)")
        try prepare(cli)
        let result = try TestSupport.run(
            TestSupport.executable("example-\(name)"), [], currentDirectory: cli.directory)
        #expect(result.status == 0, "example-\(name) failed: \(result.standardError)")
        try inspect(cli)
        return result.standardOutput
    }

    @Test func usingTheLibraryWritesAndReadsANote() throws {
        #expect(try runExample("using-the-library") == "[\"Hello\"]\n[5]\n1\n")
    }

    @Test func aNavigationModelIsSavedAndComesBackAtTheNextRestore() throws {
        let output = try runExample(
            "navigation-model",
            prepare: { cli in
                let imported = try cli.importSamples()
                try #require(imported.status == 0, "\(imported.standardError)")
            },
            inspect: { cli in
                // What the model saved is in the file for any other program: the CLI shows the scene where it was left.
                let shown = try cli.run("nav", "--user", "ada", "show")
                #expect(shown.status == 0, "\(shown.standardError)")
                #expect(shown.standardOutput.contains("path     Heavy metal › Motörhead\n"), "\(shown.standardOutput)")
            })
        #expect(output == "[\"Genres\", \"Heavy metal\", \"Heavy metal\", \"Motörhead\"]\ntrue\n")
    }

    @Test func anAppWithItsOwnRoutesSavesItsSelection() throws {
        #expect(try runExample("app-routes") == "note/2\n")
    }
}
