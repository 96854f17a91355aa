/// A flag, present or absent, declared once and read as a `Bool`: swift-argument-parser's `@Flag`.
///
/// ```swift
/// static let json = Flag("json", help: "Print JSON.")
/// if invocation[json] { … }
/// ```
public struct Flag: CommandOption {
    public let declaration: Option

    /// The long name without dashes (`json` for `--json`).
    public var name: String { declaration.name }

    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - short: A one-letter alias, if any.
    ///   - help: One sentence.
    ///   - inherited: Whether the subcommands accept it too.
    public init(_ name: String, short: Character? = nil, help: String, inherited: Bool = false) {
        declaration = Option(
            name: name, shortName: short, valueName: nil, help: help, defaultDescription: nil, isRepeatable: false,
            isInherited: inherited)
    }
}
