public import Foundation

/// Why a catalog server could not be asked, or what it refused, as a sentence naming the URL.
public enum RemoteError: Error, Sendable, Equatable, LocalizedError {
    /// The request did not get an answer: no server there, the connection broke, it timed out.
    case unreachable(url: String, reason: String)
    /// The server answered with an error status; `code` and `detail` come from its problem answer.
    case problem(url: String, status: Int, code: String?, detail: String)
    /// The server refused to answer so many requests of this token (429) and said when to ask again.
    case rateLimited(url: String, retryAfter: TimeInterval, detail: String)
    /// The server's answer is not what the endpoint gives.
    case badAnswer(url: String, reason: String)
    /// libcurl, which requests go through, is not installed (the system loader's reason).
    case libraryUnavailable(reason: String)

    /// Whether asking again later may work: the server was unreachable, failing (5xx) or asking to slow down
    /// (429), not refusing.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .rateLimited: true
        case .problem(_, let status, _, _): status >= 500
        case .badAnswer, .libraryUnavailable: false
        }
    }

    /// How long the server asked to wait before the next request (429 with `Retry-After`).
    public var retryAfter: TimeInterval? {
        if case .rateLimited(_, let seconds, _) = self { seconds } else { nil }
    }

    public var errorDescription: String? {
        switch self {
        case .unreachable(let url, let reason):
            "no answer from \(url): \(reason); check that the server is running and the address is right"
        case .problem(let url, let status, let code, let detail):
            "\(url) answered \(status)\(code.map { " \($0)" } ?? ""): \(detail)"
        case .rateLimited(let url, let seconds, let detail):
            "\(url) answered 429 rate-limited: \(detail); it asks to wait \(Int(seconds.rounded(.up))) s"
        case .badAnswer(let url, let reason):
            "\(url) gave an answer this program cannot read (\(reason)); is it a catalog server of the same version?"
        case .libraryUnavailable(let reason):
            "asking a catalog server needs libcurl, which could not be loaded (\(reason)); install it: "
                + "'apt-get install libcurl4' on Debian and Ubuntu (macOS ships it)"
        }
    }
}
