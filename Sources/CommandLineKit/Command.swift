/// A command of a command-line tool: its options, arguments, subcommands and what it runs.
///
/// Shaped like swift-argument-parser's commands, declared as values:
///
/// ```swift
/// let info = Command(name: "info", abstract: "Show the schema version and row counts.",
///                    options: [.flag("json", help: "Print JSON.")]) { invocation in … }
/// let root = Command(name: "catalog", abstract: "…", version: "0.1.0",
///                    options: [.value("db", valueName: "PATH", help: "…")], subcommands: [info])
/// ```
public struct Command: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String?
    public var version: String?
    public var options: [Option]
    public var arguments: [Argument]
    public var subcommands: [Command]
    public var run: (@Sendable (Invocation) throws -> Void)?

    public init(
        name: String, abstract: String, discussion: String? = nil, version: String? = nil,
        options: [Option] = [], arguments: [Argument] = [], subcommands: [Command] = [],
        run: (@Sendable (Invocation) throws -> Void)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.run = run
    }

    func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}

/// A `--name` option: a flag, or one that takes a value.
public struct Option: Sendable, Hashable {
    /// The long name without dashes (`db` for `--db`).
    public var name: String
    /// A one-letter alias (`n` for `-n`), if any.
    public var shortName: Character?
    /// The placeholder of the value in help (`PATH`), or `nil` for a flag.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given several times (`--map title=Name --map year=Year`).
    public var isRepeatable: Bool
    /// Whether subcommands accept it too (the root's `--db`).
    public var isInherited: Bool

    /// A flag: present or absent.
    public static func flag(_ name: String, short: Character? = nil, help: String, inherited: Bool = false)
        -> Option
    {
        Option(name: name, shortName: short, valueName: nil, help: help, isRepeatable: false, isInherited: inherited)
    }

    /// An option that takes a value: `--name VALUE` or `--name=VALUE`.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, help: String, repeatable: Bool = false,
        inherited: Bool = false
    ) -> Option {
        Option(
            name: name, shortName: short, valueName: valueName, help: help, isRepeatable: repeatable,
            isInherited: inherited)
    }

    var takesValue: Bool { valueName != nil }

    var synopsis: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " \(valueName)" }
        return text
    }
}

/// A positional argument.
public struct Argument: Sendable, Hashable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Takes every remaining positional value (`FILE...`).
    public var isVariadic: Bool

    public init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isVariadic = variadic
    }

    var synopsis: String {
        var text = name
        if isVariadic { text += "..." }
        return isOptional ? "[\(text)]" : text
    }
}
