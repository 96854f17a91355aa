/// An option that takes a value, declared once with its name, value name, parser, default and help, and read as a
/// value of its type: swift-argument-parser's `@Option`, as a value instead of a property wrapper.
///
/// Its type says how often it may be given: `TypedOption<Int>` has a default, `TypedOption<Int?>` is `nil` when
/// absent, and `TypedOption<[Int]>` collects every value of a repeated option. The help prints the default.
///
/// ```swift
/// static let limit = TypedOption<Int>(
///     "limit", valueName: "N", parser: .integer(in: 1...1000), default: 50, help: "Items per page.")
/// // help: "--limit N   Items per page (default: 50)."
/// let command = Command(name: "list", abstract: "…", options: [limit]) { invocation in
///     let limit = try invocation[limit]  // 50 when absent; a usage error for `--limit lots`
/// }
/// ```
public struct TypedOption<Value: Sendable>: CommandOption {
    public let declaration: Option
    /// The value of the texts given for the option, in order (none when it is absent), for a command at a path.
    private let resolve: @Sendable (_ given: [String], _ commandPath: [String]) throws -> Value

    /// The long name without dashes (`limit` for `--limit`).
    public var name: String { declaration.name }

    /// The option's value in an invocation that gave it `given`.
    func value(given: [String], commandPath: [String]) throws -> Value {
        try resolve(given, commandPath)
    }

    /// An option with a default: the last value given, else `defaultValue`, which the help prints.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - short: A one-letter alias, if any.
    ///   - valueName: The placeholder of the value in help (`N`, `PATH`).
    ///   - parser: How a given text becomes a value.
    ///   - defaultValue: The value when the option is absent.
    ///   - help: One sentence; ` (default: …)` goes before its final period.
    ///   - inherited: Whether the subcommands accept it too.
    public init(
        _ name: String, short: Character? = nil, valueName: String, parser: ValueParser<Value>,
        default defaultValue: Value, help: String, inherited: Bool = false
    ) {
        declaration = Option(
            name: name, shortName: short, valueName: valueName, help: help,
            defaultDescription: parser.description(of: defaultValue), isRepeatable: false, isInherited: inherited)
        resolve = { given, commandPath in
            try given.last.map { try parser.value(of: $0, option: name, commandPath: commandPath) } ?? defaultValue
        }
    }

    /// An option without a default: the last value given, else `nil`.
    ///
    /// - Parameters:
    ///   - whenAbsent: What happens without the option, printed as its default (`$CATALOG_TOKEN`, `never`).
    ///   - Other parameters: As for an option with a default.
    public init<Wrapped>(
        _ name: String, short: Character? = nil, valueName: String, parser: ValueParser<Wrapped>, help: String,
        whenAbsent: String? = nil, inherited: Bool = false
    ) where Value == Wrapped? {
        declaration = Option(
            name: name, shortName: short, valueName: valueName, help: help, defaultDescription: whenAbsent,
            isRepeatable: false, isInherited: inherited)
        resolve = { given, commandPath in
            try given.last.map { try parser.value(of: $0, option: name, commandPath: commandPath) }
        }
    }

    /// An option that may be given several times (`--map title=Name --map year=Year`): every value, in order.
    ///
    /// - Parameters:
    ///   - whenAbsent: What happens without the option, printed as its default.
    ///   - Other parameters: As for an option with a default.
    public init<Element>(
        _ name: String, short: Character? = nil, valueName: String, parser: ValueParser<Element>, help: String,
        whenAbsent: String? = nil, inherited: Bool = false
    ) where Value == [Element] {
        declaration = Option(
            name: name, shortName: short, valueName: valueName, help: help, defaultDescription: whenAbsent,
            isRepeatable: true, isInherited: inherited)
        resolve = { given, commandPath in
            try given.map { try parser.value(of: $0, option: name, commandPath: commandPath) }
        }
    }
}

extension TypedOption where Value == String {
    /// A text option with a default, which the help prints.
    public init(
        _ name: String, short: Character? = nil, valueName: String, default defaultValue: String, help: String,
        inherited: Bool = false
    ) {
        self.init(
            name, short: short, valueName: valueName, parser: .string, default: defaultValue, help: help,
            inherited: inherited)
    }
}

extension TypedOption where Value == String? {
    /// A text option, `nil` when absent.
    public init(
        _ name: String, short: Character? = nil, valueName: String, help: String, whenAbsent: String? = nil,
        inherited: Bool = false
    ) {
        self.init(
            name, short: short, valueName: valueName, parser: .string, help: help, whenAbsent: whenAbsent,
            inherited: inherited)
    }
}
