/// Renders `--help` text in swift-argument-parser's layout.
enum HelpFormatter {
    static func help(for chain: [Command]) -> String {
        let command = chain[chain.count - 1]
        let inherited = chain.dropLast().flatMap { $0.options.filter(\.isInherited) }
        var sections = ["OVERVIEW: \(command.abstract)"]
        if let discussion = command.discussion { sections.append(discussion) }
        sections.append("USAGE: \(usage(for: chain, inherited: inherited))")
        if !command.arguments.isEmpty {
            sections.append(table("ARGUMENTS:", command.arguments.map { ($0.name, $0.help) }))
        }
        var options = (command.options + inherited).map { ($0.synopsis, $0.helpWithDefault) }
        if chain.count == 1, command.version != nil { options.append(("--version", "Show the version.")) }
        options.append(("-h, --help", "Show help information."))
        sections.append(table("OPTIONS:", options))
        if !command.subcommands.isEmpty {
            sections.append(table("SUBCOMMANDS:", command.subcommands.map { ($0.name, $0.abstract) }))
            let path = chain.map(\.name).joined(separator: " ")
            sections.append("  See '\(path) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private static func usage(for chain: [Command], inherited: [Option]) -> String {
        let command = chain[chain.count - 1]
        var words = chain.map(\.name)
        words += (command.options + inherited).map { option in
            "[\(option.valueName.map { "--\(option.name) \($0)" } ?? "--\(option.name)")]\(option.isRepeatable ? "..." : "")"
        }
        words += command.arguments.map(\.synopsis)
        if !command.subcommands.isEmpty { words.append("<subcommand>") }
        return words.joined(separator: " ")
    }

    private static func table(_ title: String, _ rows: [(String, String)]) -> String {
        let width = 24
        let lines = rows.map { name, help in
            let label = "  \(name)"
            return label.count < width
                ? label + String(repeating: " ", count: width - label.count) + help
                : label + "\n" + String(repeating: " ", count: width) + help
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
