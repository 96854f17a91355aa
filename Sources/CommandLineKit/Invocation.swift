/// What the user typed, parsed against a ``Command``: the options and positional arguments, by name.
public struct Invocation: Sendable {
    /// The command names from the root, e.g. `["catalog", "list"]`.
    public let commandPath: [String]
    var values: [String: [String]]
    var flags: Set<String>
    /// Positional arguments in order.
    public let positionals: [String]

    public init(
        commandPath: [String], values: [String: [String]] = [:], flags: Set<String> = [],
        positionals: [String] = []
    ) {
        self.commandPath = commandPath
        self.values = values
        self.flags = flags
        self.positionals = positionals
    }

    /// Whether flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given to `--name`, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given to a repeatable `--name`, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `--name` as an integer within `range`.
    ///
    /// - Throws: ``UsageError`` when it is not a whole number in `range`.
    public func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bounds =
                range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)–\(range.upperBound)"
            throw UsageError("--\(name) takes a whole number, \(bounds); got '\(text)'", commandPath: commandPath)
        }
        return number
    }

    /// The positional argument at `index`, if given.
    public func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }

    /// The value of `--name` as one of `choices`.
    ///
    /// - Throws: ``UsageError`` listing the choices when it is not one of them.
    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = value(name) else { return nil }
        guard let choice = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--\(name) must be one of \(names); got '\(text)'", commandPath: commandPath)
        }
        return choice
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
