/// What a command line asks for.
public enum ParseResult: Sendable {
    /// Run `command` with `invocation`.
    case run(Command, Invocation)
    /// Print this help text (from `--help`, `-h` or `help SUBCOMMAND`).
    case help(String)
    /// Print this version (from `--version` on the root command).
    case version(String)
}

/// Parses command lines against a tree of ``Command``s.
public struct CommandLineParser: Sendable {
    public let root: Command

    public init(root: Command) {
        self.root = root
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``UsageError`` with a one-line message and a hint.
    public func parse(_ arguments: [String]) throws -> ParseResult {
        var state = ParseState(chain: [root])
        var remaining = arguments[...]
        while let token = remaining.popFirst() {
            let command = state.command
            if token == "--" {
                try state.addPositionals(Array(remaining))
                break
            } else if token == "--help" || token == "-h" {
                return .help(HelpFormatter.help(for: state.chain))
            } else if token == "--version", state.chain.count == 1, let version = root.version {
                return .version(version)
            } else if token.hasPrefix("--") {
                try state.addLongOption(token, remaining: &remaining)
            } else if token.hasPrefix("-"), token.count > 1, Double(token) == nil {
                try state.addShortOptions(token, remaining: &remaining)
            } else if !command.subcommands.isEmpty, state.positionals.isEmpty {
                if token == "help" {
                    return .help(try helpTopic(Array(remaining), under: state.chain))
                }
                guard let subcommand = command.subcommand(named: token) else {
                    throw UsageError(
                        "unknown subcommand '\(token)'", hint: subcommandHint(for: token, in: state.chain),
                        commandPath: state.path)
                }
                state.chain.append(subcommand)
            } else {
                try state.addPositionals([token])
            }
        }
        return .run(state.command, try state.invocation())
    }

    /// The help of the subcommand `names` lead to from the command `chain` ends with: `catalog nav help show`
    /// is the help of `catalog nav show`, not of `catalog show`.
    private func helpTopic(_ names: [String], under chain: [Command]) throws -> String {
        var chain = chain
        for name in names {
            guard let subcommand = chain[chain.count - 1].subcommand(named: name) else {
                throw UsageError(
                    "no help for unknown subcommand '\(name)'", hint: subcommandHint(for: name, in: chain),
                    commandPath: chain.map(\.name))
            }
            chain.append(subcommand)
        }
        return HelpFormatter.help(for: chain)
    }

    private func subcommandHint(for name: String, in chain: [Command]) -> String {
        let command = chain[chain.count - 1]
        let names = command.subcommands.map(\.name)
        let path = chain.map(\.name).joined(separator: " ")
        if let closest = names.min(by: { editDistance(name, $0) < editDistance(name, $1) }),
            editDistance(name, closest) <= max(2, name.count / 3)
        {
            return "did you mean '\(closest)'? See '\(path) --help'"
        }
        return "the subcommands are \(names.joined(separator: ", ")); see '\(path) --help'"
    }
}

/// The command chain reached so far and the values collected for it.
private struct ParseState {
    var chain: [Command]
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    var command: Command { chain[chain.count - 1] }
    var path: [String] { chain.map(\.name) }

    /// The options usable here: the command's own and those its ancestors pass down.
    var options: [Option] {
        command.options + chain.dropLast().flatMap { $0.options.filter(\.isInherited) }
    }

    mutating func addLongOption(_ token: String, remaining: inout ArraySlice<String>) throws {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = options.first(where: { $0.name == name }) else {
            throw UsageError("unknown option '--\(name)'", hint: optionHint(for: name), commandPath: path)
        }
        try add(option, inlineValue: inlineValue, remaining: &remaining)
    }

    mutating func addShortOptions(_ token: String, remaining: inout ArraySlice<String>) throws {
        let letters = Array(token.dropFirst())
        for (offset, letter) in letters.enumerated() {
            guard let option = options.first(where: { $0.shortName == letter }) else {
                throw UsageError("unknown option '-\(letter)'", commandPath: path)
            }
            if option.takesValue {
                // `-n5` or `-n 5`: the value is the rest of the token, else the next argument.
                let rest = String(letters[(offset + 1)...])
                try add(option, inlineValue: rest.isEmpty ? nil : rest, remaining: &remaining)
                return
            }
            try add(option, inlineValue: nil, remaining: &remaining)
        }
    }

    private mutating func add(_ option: Option, inlineValue: String?, remaining: inout ArraySlice<String>) throws {
        guard option.takesValue else {
            guard inlineValue == nil else {
                throw UsageError("--\(option.name) is a flag and takes no value", commandPath: path)
            }
            flags.insert(option.name)
            return
        }
        guard let value = inlineValue ?? remaining.popFirst() else {
            throw UsageError(
                "--\(option.name) needs a value", hint: "write --\(option.name) \(option.valueName ?? "VALUE")",
                commandPath: path)
        }
        if !option.isRepeatable, values[option.name] != nil {
            throw UsageError("--\(option.name) was given twice", commandPath: path)
        }
        values[option.name, default: []].append(value)
    }

    mutating func addPositionals(_ tokens: [String]) throws {
        let arguments = command.arguments
        let capacity = arguments.last?.isVariadic == true ? Int.max : arguments.count
        for token in tokens {
            guard positionals.count < capacity else {
                let hint = command.subcommands.isEmpty ? nil : "'\(token)' is not a subcommand here"
                throw UsageError("unexpected argument '\(token)'", hint: hint, commandPath: path)
            }
            positionals.append(token)
        }
    }

    func invocation() throws -> Invocation {
        if command.run == nil {
            let names = command.subcommands.map(\.name).joined(separator: ", ")
            throw UsageError(
                "missing subcommand", hint: "one of \(names); see '\(path.joined(separator: " ")) --help'",
                commandPath: path)
        }
        let required = command.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw UsageError("missing argument \(missing.name)", commandPath: path)
        }
        return Invocation(commandPath: path, values: values, flags: flags, positionals: positionals)
    }

    private func optionHint(for name: String) -> String {
        let names = options.map(\.name)
        if let closest = names.min(by: { editDistance(name, $0) < editDistance(name, $1) }),
            editDistance(name, closest) <= max(2, name.count / 3)
        {
            return "did you mean '--\(closest)'? See '\(path.joined(separator: " ")) --help'"
        }
        return "see '\(path.joined(separator: " ")) --help'"
    }
}

/// Levenshtein distance, for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
