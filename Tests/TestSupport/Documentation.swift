import Foundation

/// The package's documentation as the tests read it: `README.md` and every page under `docs/`, whose examples,
/// transcripts and links the tests check.
public enum Documentation {
    /// One Markdown page: its path from the package root and its text.
    public struct Page: Sendable {
        public let path: String
        public let text: String

        /// The page's lines, numbered from 1.
        public var numberedLines: [(number: Int, text: Substring)] {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                ($0.offset + 1, $0.element)
            }
        }
    }

    /// The README, then the pages of `docs/` by name; with `SampleData/README.md` and `Migrations/README.md` when
    /// `everyReadme` is set (they have links too, but no examples the tests run).
    public static func pages(everyReadme: Bool = false) throws -> [Page] {
        let root = TestSupport.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        let others = everyReadme ? ["SampleData/README.md", "Migrations/README.md"] : []
        return try (["README.md"] + docs + others).map {
            Page(path: $0, text: try String(contentsOf: root.appending(path: $0), encoding: .utf8))
        }
    }

    /// The text of every page, one after the other.
    public static func allText() throws -> String {
        try pages().map(\.text).joined(separator: "\n")
    }

    /// A line of a shell example split into its command and its trailing comment (after ` # `), which says the first
    /// line the command prints.
    public static func exampleLine(_ line: Substring) -> (command: String, comment: String?) {
        let parts = line.split(separator: " # ", maxSplits: 1)
        return (
            parts[0].trimmingCharacters(in: .whitespaces),
            parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        )
    }

    /// The `catalog` arguments of an example's `export CATALOG_TOKEN=$(catalog ARGUMENTS)`; `nil` for another line.
    public static func tokenExport(_ command: String) -> [String]? {
        let prefix = "export CATALOG_TOKEN=$(catalog "
        guard command.hasPrefix(prefix), command.hasSuffix(")") else { return nil }
        return command.dropFirst(prefix.count).dropLast().split(separator: " ").map(String.init)
    }

    /// Whether `output`'s first line is what an example's `comment` says, `…` standing for any text.
    public static func firstLine(of output: String, matches comment: String) throws -> Bool {
        let pattern = comment.split(separator: "…", omittingEmptySubsequences: false)
            .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: ".*")
        return output.prefix { $0 != "\n" }.wholeMatch(of: try Regex(pattern)) != nil
    }

    /// The fenced block (its lines between the fences) whose first line, after the fence ```` ```LANGUAGE ````,
    /// starts with `prefix`, in whichever page holds it; `nil` when none does.
    public static func block(language: String, startingWith prefix: String) throws -> (page: String, text: String)? {
        for page in try pages() {
            guard let opening = page.text.range(of: "```\(language)\n\(prefix)") else { continue }
            let start = page.text.index(opening.lowerBound, offsetBy: language.count + 4)
            guard let end = page.text.range(of: "\n```", range: start..<page.text.endIndex) else { continue }
            return (page.path, String(page.text[start..<end.lowerBound]) + "\n")
        }
        return nil
    }
}
