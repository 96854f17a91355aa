/// A command of a command-line tool: its options, arguments, subcommands and what it runs.
///
/// Shaped like swift-argument-parser's commands, declared as values:
///
/// ```swift
/// let json = Flag("json", help: "Print JSON.")
/// let info = Command(name: "info", abstract: "Show the schema version and row counts.",
///                    options: [json]) { invocation in if invocation[json] { … } }
/// let root = Command(name: "catalog", abstract: "…", version: "0.1.0",
///                    options: [TypedOption<String?>("db", valueName: "PATH", help: "…", inherited: true)],
///                    subcommands: [info])
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
        options: [any CommandOption] = [], arguments: [Argument] = [], subcommands: [Command] = [],
        run: (@Sendable (Invocation) throws -> Void)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options.map(\.declaration)
        self.arguments = arguments
        self.subcommands = subcommands
        self.run = run
    }

    func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}

/// Something a command lists among its options: a ``TypedOption`` or a ``Flag``.
public protocol CommandOption: Sendable {
    /// What the parser and the help need to know of it.
    var declaration: Option { get }
}

/// A `--name` option as the parser and the help see it: a flag, or one that takes a value. Commands declare it
/// as a ``TypedOption`` or a ``Flag``.
public struct Option: Sendable, Hashable {
    /// The long name without dashes (`db` for `--db`).
    public var name: String
    /// A one-letter alias (`n` for `-n`), if any.
    public var shortName: Character?
    /// The placeholder of the value in help (`PATH`), or `nil` for a flag.
    public var valueName: String?
    /// One sentence saying what it does.
    public var help: String
    /// What the help gives as the default (`50`, or what happens without it: `$CATALOG_TOKEN`), if anything.
    public var defaultDescription: String?
    /// Whether the option may be given several times (`--map title=Name --map year=Year`).
    public var isRepeatable: Bool
    /// Whether subcommands accept it too (the root's `--db`).
    public var isInherited: Bool

    var takesValue: Bool { valueName != nil }

    var synopsis: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    /// The help with the default before its final period: `Items per page (default: 50).`
    var helpWithDefault: String {
        guard let defaultDescription else { return help }
        let note = " (default: \(defaultDescription))"
        return help.hasSuffix(".") ? help.dropLast() + note + "." : help + note
    }
}

/// A positional argument.
public struct Argument: Sendable, Hashable {
    public var name: String
    /// One sentence saying what it does.
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
