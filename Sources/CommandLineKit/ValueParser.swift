/// How the text given to an option becomes a value, and what to say when it cannot.
///
/// A refused value is reported as `--NAME REQUIREMENT; got 'TEXT'`, so ``requirement`` completes that sentence:
///
/// ```swift
/// let port = ValueParser<Int>.integer(in: 0...65535)
/// // --port takes a whole number, 0–65535; got 'http'
/// let level = ValueParser(requirement: "must be low or high") { ["low", "high"].contains($0) ? $0 : nil }
/// ```
public struct ValueParser<Value: Sendable>: Sendable {
    /// What the option takes, as the words after its name in a usage error: `takes a whole number, 1 or more`.
    public let requirement: String
    private let parse: @Sendable (String) -> Value?
    private let describe: @Sendable (Value) -> String

    /// A parser from a function that returns `nil` for text it refuses.
    ///
    /// - Parameters:
    ///   - requirement: What the option takes, completing `--NAME …; got 'TEXT'`.
    ///   - describe: How a value reads in help, where a default is printed (`(default: 50)`).
    ///   - parse: The value of a text, or `nil` when it is not one.
    public init(
        requirement: String, describe: @escaping @Sendable (Value) -> String = { "\($0)" },
        parse: @escaping @Sendable (String) -> Value?
    ) {
        self.requirement = requirement
        self.describe = describe
        self.parse = parse
    }

    /// The value of `text` given to `--name`.
    ///
    /// - Throws: ``UsageError`` saying what `--name` takes when `text` is not a value.
    func value(of text: String, option name: String, commandPath: [String]) throws -> Value {
        guard let value = parse(text) else {
            throw UsageError("--\(name) \(requirement); got '\(text)'", commandPath: commandPath)
        }
        return value
    }

    /// How `value` reads in help.
    func description(of value: Value) -> String { describe(value) }
}

extension ValueParser where Value == String {
    /// Any text, as given.
    public static var string: ValueParser<String> {
        ValueParser(requirement: "takes text") { $0 }
    }
}

extension ValueParser where Value == Int {
    /// A whole number within `range`: `takes a whole number, 1–1000` (or `1 or more` up to `Int.max`).
    public static func integer(in range: ClosedRange<Int> = Int.min...Int.max) -> ValueParser<Int> {
        let bounds =
            range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)–\(range.upperBound)"
        return ValueParser(requirement: "takes a whole number, \(bounds)") { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension ValueParser where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the type's cases, by raw value: `must be one of text, json`.
    public static func choice(_ type: Value.Type) -> ValueParser<Value> {
        let names = type.allCases.map(\.rawValue).joined(separator: ", ")
        return ValueParser(requirement: "must be one of \(names)", describe: \.rawValue) { Value(rawValue: $0) }
    }
}

extension ValueParser where Value == Duration {
    /// A number of seconds, 0 or more, whole or not (`30`, `0.5`).
    public static var seconds: ValueParser<Duration> {
        ValueParser(requirement: "takes a number of seconds, 0 or more (e.g. 30 or 0.5)") { text in
            Double(text).flatMap { $0.isFinite && $0 >= 0 ? saturating($0) : nil }
        }
    }

    /// A positive number and a unit, `s`, `m`, `h` or `d` (`90m`, `30d`).
    public static var duration: ValueParser<Duration> {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        return ValueParser(requirement: "takes a positive number and s, m, h or d, e.g. 90m or 30d") { text in
            guard let unit = text.last.flatMap({ units[$0] }), let number = Double(text.dropLast()), number.isFinite,
                number > 0
            else { return nil }
            return saturating(number * unit)
        }
    }

    /// `seconds` as a duration, or the longest one (about 292 billion years) for more than that:
    /// `Duration.seconds(_:)` traps past its range, and a time that far off is none in effect.
    private static func saturating(_ seconds: Double) -> Duration {
        seconds < 0x1p63 ? .seconds(seconds) : .seconds(Int64.max)
    }
}
