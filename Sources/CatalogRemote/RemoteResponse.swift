import Foundation

/// A server's answer as a request's caller sees it: the status and the header fields, before the body.
struct RemoteResponse: Sendable {
    /// The status code, e.g. 200.
    let statusCode: Int
    /// The status line's words after the code, e.g. `Not Found`; empty when there are none (HTTP/2).
    let reasonPhrase: String
    /// The header fields by lowercased name; the values of a field sent more than once are joined with ", ".
    private var fields: [String: String] = [:]

    /// The answer whose status line is `line` (`HTTP/1.1 404 Not Found`), or `nil` when it is not a status line.
    init?(statusLine line: some StringProtocol) {
        let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), let code = Int(words[1]) else { return nil }
        statusCode = code
        reasonPhrase = words.count > 2 ? String(words[2]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
    }

    /// Whether the status is a success (2xx): only then does the body go to the caller.
    var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The value of the header field `name` (in any case), or `nil` when the server did not send it.
    func value(forHTTPHeaderField name: String) -> String? { fields[name.lowercased()] }

    /// Records the header line `line` (`Name: value`); a line without a colon is not a field and is skipped.
    mutating func add(fieldLine line: some StringProtocol) {
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        fields[name] = fields[name].map { "\($0), \(value)" } ?? value
    }
}
