public import Foundation

/// Why a browser could not be driven.
public enum WebDriverError: Error, CustomStringConvertible, LocalizedError {
    /// Chromium or chromedriver is missing; the text says which and how to install it.
    case notInstalled(String)
    /// chromedriver exited or printed no port; its output so far.
    case driverDidNotStart(String)
    /// A command was answered with an error (W3C WebDriver's `error` and `message`).
    case command(method: String, path: String, error: String, message: String)
    /// An answer was not the JSON a command returns.
    case badAnswer(method: String, path: String, text: String)
    /// A condition did not become true in time; what was awaited and the last value seen.
    case timedOut(waitingFor: String, last: String)

    public var description: String {
        switch self {
        case .notInstalled(let reason): reason
        case .driverDidNotStart(let output): "chromedriver did not start: \(output)"
        case .command(let method, let path, let error, let message): "\(method) \(path): \(error): \(message)"
        case .badAnswer(let method, let path, let text):
            "\(method) \(path): not a WebDriver answer: \(text.prefix(300))"
        case .timedOut(let condition, let last): "timed out waiting for \(condition); last seen: \(last)"
        }
    }

    public var errorDescription: String? { description }
}
