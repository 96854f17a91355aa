/// One entry of the browser's console log, as chromedriver reports it.
public struct ConsoleEntry: Sendable, Equatable, CustomStringConvertible {
    /// `SEVERE` for errors (a `console.error`, an uncaught exception, a failed load), else `WARNING`, `INFO`, `DEBUG`.
    public let level: String
    /// Where it comes from: `javascript` (an uncaught exception), `console-api`, `network`, `security` …
    public let source: String
    /// The text, starting with the address of the script or resource (and for a script its line and column).
    public let message: String

    /// Whether the entry is an error.
    public var isError: Bool { level == "SEVERE" }

    public var description: String { "\(level) \(source): \(message)" }
}
