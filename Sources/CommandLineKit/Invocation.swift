/// What the user typed, parsed against a ``Command``: its options, read through their declarations, and its
/// positional arguments.
///
/// ```swift
/// let limit = try invocation[ListCommand.limit]  // an Int: the value given, else the default
/// let json = invocation[ListCommand.json]        // a Bool
/// ```
public struct Invocation: Sendable {
    /// The command names from the root, e.g. `["catalog", "list"]`.
    public let commandPath: [String]
    /// The texts given to each option that takes a value, by name, in order.
    private let values: [String: [String]]
    /// The flags given, by name.
    private let flags: Set<String>
    /// Positional arguments in order.
    public let positionals: [String]

    init(commandPath: [String], values: [String: [String]], flags: Set<String>, positionals: [String]) {
        self.commandPath = commandPath
        self.values = values
        self.flags = flags
        self.positionals = positionals
    }

    /// The value of `option`: what was given, parsed, else its default.
    ///
    /// - Throws: ``UsageError`` saying what the option takes when a given text is not a value of it. Options are
    ///   parsed when read, so a command decides which mistake it reports first.
    public subscript<Value>(option: TypedOption<Value>) -> Value {
        get throws { try option.value(given: values[option.name] ?? [], commandPath: commandPath) }
    }

    /// Whether `flag` was given.
    public subscript(flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Whether `option` was given at all, whatever its value: for options that exclude each other, checked before
    /// their values are.
    public func isGiven(_ option: some CommandOption) -> Bool {
        values[option.declaration.name] != nil || flags.contains(option.declaration.name)
    }

    /// The text last given to `option`, as typed, for a message that quotes it.
    public func text<Value>(of option: TypedOption<Value>) -> String? { values[option.name]?.last }

    /// The positional argument at `index`, if given.
    public func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }
}

/// The command line does not match the command: exit status 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what is wrong.
    public let message: String
    /// What to do about it.
    public let hint: String

    public init(_ message: String, hint: String? = nil, commandPath: [String]) {
        self.message = message
        self.hint = hint ?? "see '\(commandPath.joined(separator: " ")) --help'"
    }

    public var description: String { "\(message)\nhint: \(hint)" }
}
